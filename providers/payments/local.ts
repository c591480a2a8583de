import { priceOfDiscount } from "../../domain/order/pricing.ts";
import { newToken } from "../../domain/account/tokens.ts";
import {
  expireLocalSession,
  getLocalSession,
  refundLocalSession,
  saveLocalSession,
} from "../../kv/local_checkout.ts";
import { PaymentProviderError, type Payments, WebhookSignatureError } from "./mod.ts";

/**
 * The local default for payments (ARCHITECTURE.md §3): sessions live in KV and are paid on our own
 * checkout page (orders/local_checkout.ts), which then fulfils the order exactly as Stripe's
 * webhook would and redirects to the success URL with the session id, as Stripe does.
 */
export function createLocalPayments(kv: Deno.Kv, appUrl: string, now: () => number = Date.now): Payments {
  return {
    kind: "local",
    async createCheckout(request) {
      const id = `cs_local_${newToken()}`;
      const amountDiscount = request.discount ? priceOfDiscount(request.amountCents, request.discount) : 0;
      await saveLocalSession(kv, {
        id,
        productName: request.productName,
        description: request.description,
        customerEmail: request.customerEmail,
        metadata: request.metadata,
        successUrl: request.successUrl.replace("{CHECKOUT_SESSION_ID}", id),
        cancelUrl: request.cancelUrl,
        amountSubtotal: request.amountCents,
        amountDiscount,
        amountTotal: request.amountCents - amountDiscount,
        promotionCode: request.discount?.code ?? null,
        allowPromotionCodes: !request.discount,
        status: "open",
        paid: false,
        createdAt: new Date(now()).toISOString(),
        expiresAt: new Date(now() + request.lifetimeMs).toISOString(),
      });
      return { id, url: `${appUrl}/checkout/local/${id}` };
    },
    async getSession(id) {
      const session = await getLocalSession(kv, id);
      if (!session) return null;
      return {
        id,
        paid: session.paid,
        status: session.status,
        customerEmail: session.customerEmail,
        metadata: session.metadata,
        amountSubtotal: session.amountSubtotal,
        amountTotal: session.amountTotal,
        amountDiscount: session.amountDiscount,
        promotionCode: session.promotionCode,
      };
    },
    ensurePromotion() {
      return Promise.resolve({ couponId: null, promoId: null });
    },
    deactivatePromotion() {
      // The local checkout keeps no promotion codes: it applies our referral codes directly.
      return Promise.resolve();
    },
    async expireCheckout(id) {
      return (await expireLocalSession(kv, id))?.status ?? null;
    },
    async refund(sessionId, amountCents) {
      // No card was charged; the refund is recorded on the session so the flow is the same as Stripe's.
      const session = await refundLocalSession(kv, sessionId, amountCents);
      if (!session) throw new PaymentProviderError(`Local session ${sessionId} has no payment to refund.`);
      return { refundId: `re_local_${newToken().slice(0, 24)}`, amount: amountCents };
    },
    verifyWebhook() {
      // The local checkout fulfils directly; nobody may post "payment events" to a dev server.
      return Promise.reject(new WebhookSignatureError("Webhooks are not used with the local checkout."));
    },
  };
}
