import type { Deps } from "../deps.ts";
import { NotFoundError, PaymentRequiredError } from "../domain/errors.ts";
import { buildOrder, type Order, type OrderForm, orderFormSchema } from "../domain/order/orders.ts";
import { canonicalEmail } from "../domain/referral/canonical_email.ts";
import { type DiscountReview, discountReview } from "../domain/referral/discount_review.ts";
import { BASE_PRICE_CENTS, MINIMUM_CHARGE_CENTS, STREAMING_PRICE_CENTS } from "../domain/order/pricing.ts";
import {
  ownReferralCode,
  type ReferralCode,
  type ReferralRefusal,
  refuseReferral,
} from "../domain/referral/referrals.ts";
import { CONFLICT } from "../kv/atomic.ts";
import { type CheckoutDraft, getCheckoutDraft } from "../kv/checkout_drafts.ts";
import { keys } from "../kv/keys.ts";
import { getOrder, getOrderBySession, writeOrder } from "../kv/orders.ts";
import { writeNewOrder } from "../kv/order_numbers.ts";
import { getReferralCode, getReferralCodeByCode, writeNewReferralCode } from "../kv/referral_codes.ts";
import {
  buyerHasOrders,
  heldUses,
  holdOfSession,
  type ReferralHold,
  spendHold,
} from "../kv/referral_holds.ts";
import type { CheckoutSessionInfo } from "../providers/payments/mod.ts";
import { orderPlaced } from "../domain/order/lifecycle.ts";
import { orderRevenue, REVENUE_CURRENCY } from "../domain/analytics/orders.ts";
import { jobMessage } from "../jobs/messages.ts";
import { trackOrderEvent } from "../providers/analytics.ts";

const ORDER_DATA_NOT_FOUND = "Order data not found - please try placing your order again";

/**
 * Turns a paid checkout session into its order (ARCHITECTURE.md §6). Safe to call any number of
 * times, from the webhook and the browser at once: the order, its indexes, the referral usage, the
 * customer's own referral code, the start of generation and the confirmation email owed are one
 * atomic write guarded by "no order for this session yet", so exactly one call creates the order
 * (and owes its one email) and every other call answers that same order. Its number is taken just
 * before, on its own (kv/order_numbers.ts), so payments are written side by side, not in turn.
 */
export async function fulfil(
  deps: Deps,
  sessionId: string,
): Promise<{ order: Order; created: boolean }> {
  const { kv } = deps;
  const existing = await getOrderBySession(kv, sessionId);
  if (existing) return { order: existing, created: false };

  const session = await deps.providers.payments.getSession(sessionId);
  if (!session) throw new NotFoundError("We could not find this payment session.");
  if (!session.paid) throw new PaymentRequiredError("Payment was not confirmed.");
  const draft = await getCheckoutDraft(kv, sessionId);
  const form = draft?.form ?? formFromMetadata(session);
  if (!form) throw new NotFoundError(ORDER_DATA_NOT_FOUND);
  const referral = await referralOf(kv, draft, session);
  const hold = await holdOfSession(kv, sessionId);
  const buyer = canonicalEmail(form.parentEmail);

  const result = await writeNewOrder(kv, `fulfilment of ${sessionId}`, async (takeNumber) => {
    const [bySession, ownCode, buyerOrder] = await kv.getMany<[string, string, string]>([
      keys.orderBySession(sessionId),
      keys.referralCodeByOwner(form.parentEmail),
      keys.orderOfBuyer(buyer),
    ]);
    if (bySession.value) {
      const order = await getOrder(kv, bySession.value);
      if (order) return { order, created: false };
    }
    // The moment before the number: within a process, numbers then run in the order of placing.
    const now = deps.clock.now();
    const operation = kv.atomic().check(bySession, ownCode, buyerOrder);
    const orderNumber = await takeNumber(operation);
    const id = crypto.randomUUID();

    let customerReferralCode = ownCode.value ? (await getReferralCode(kv, ownCode.value))?.code : null;
    if (!customerReferralCode) {
      const code = ownReferralCode({
        email: form.parentEmail,
        childName: form.childName,
        orderId: id,
        orderNumber,
      }, now);
      writeNewReferralCode(operation, code);
      customerReferralCode = code.code;
    }
    // The buyer's first paid order marks every alias of their address as having ordered.
    if (!buyerOrder.value) operation.set(keys.orderOfBuyer(buyer), id);

    const used = await judgeDiscount(deps, { operation, referral, hold, session, form, now });

    const order = orderPlaced(
      buildOrder(form, {
        id,
        orderNumber,
        // The account signed in when paying, or none: ownership by address is read from the
        // order's current address (domain/order/readers.ts), never stored, so it ends when staff
        // correct a mistyped one.
        userId: draft?.userId ?? null,
        price: {
          basePrice: BASE_PRICE_CENTS,
          streamingPrice: STREAMING_PRICE_CENTS,
          discountAmount: session.amountDiscount,
          totalPrice: session.amountTotal,
        },
        payment: {
          kind: "checkout",
          sessionId,
          provider: deps.providers.payments.kind,
          amountPaid: session.amountTotal,
        },
        promoCode: referral?.code ?? session.promotionCode,
        referralCodeUsed: used.counted ? referral?.code ?? null : null,
        customerReferralCode,
        now,
      }),
      now,
    );
    if (used.review) order.discountReview = used.review;
    if (draft?.analyticsRefused) order.analyticsRefused = true;
    writeOrder(operation, null, order).delete(keys.checkoutDraft(sessionId));
    deps.jobs.add(operation, jobMessage("generation", id));
    deps.jobs.add(operation, jobMessage("confirmation-email", id));
    return (await operation.commit()).ok ? { order, created: true } : CONFLICT;
  });

  if (result.created) {
    // Here, once per order (only the call that created it): the webhook and the return page may both
    // get this far.
    trackOrderEvent(deps.track, result.order, "Payment Success", orderRevenue(result.order));
    // A code typed on Stripe's own page is only known once the session is paid.
    if (deps.providers.payments.kind === "stripe" && session.promotionCode && !draft?.referral) {
      trackOrderEvent(deps.track, result.order, "Promo Code Applied", {
        discount: session.amountDiscount / 100,
        currency: REVENUE_CURRENCY,
      });
    }
  }
  return result;
}

/**
 * Our rules against the discount the payment actually got, in the write that makes the
 * order. A use held when the checkout began was judged then: it becomes a counted use. A code with
 * no hold (typed on the provider's page, or a hold that ran out) is judged now by the same rules;
 * a use that breaks them is not counted and flags the order for staff. A total under the minimum
 * charge is flagged whatever the code.
 */
async function judgeDiscount(
  deps: Deps,
  facts: {
    operation: Deno.AtomicOperation;
    referral: { id: string; code: string } | null;
    hold: ReferralHold | null;
    session: CheckoutSessionInfo;
    form: OrderForm;
    now: number;
  },
): Promise<{ counted: boolean; review: DiscountReview | null }> {
  const { kv } = deps;
  const { operation, referral, hold, session, form, now } = facts;
  const reviewFacts = {
    buyer: form.parentEmail,
    amountDiscount: session.amountDiscount,
    amountTotal: session.amountTotal,
    now,
  };
  const held = hold && referral && hold.codeId === referral.id ? hold : null;
  if (hold) await spendHold(kv, operation, hold, now);
  const belowMinimum = session.amountDiscount > 0 && session.amountTotal < MINIMUM_CHARGE_CENTS;
  if (!referral) {
    const review = belowMinimum ? discountReview("below-minimum", session.promotionCode, reviewFacts) : null;
    return { counted: false, review };
  }
  const entry = await kv.get<ReferralCode>(keys.referralCode(referral.id));
  let refusal: ReferralRefusal | null = null;
  if (!held) {
    const buyers = [...new Set([form.parentEmail, session.customerEmail ?? form.parentEmail])];
    for (const email of buyers) {
      refusal ??= refuseReferral(
        entry.value,
        email,
        await buyerHasOrders(kv, email),
        now,
        await heldUses(kv, referral.id, now),
      );
    }
  }
  if (refusal) return { counted: false, review: discountReview(refusal, referral.code, reviewFacts) };
  if (entry.value) {
    const used = {
      ...entry.value,
      usageCount: entry.value.usageCount + 1,
      updatedAt: new Date(now).toISOString(),
    };
    operation.check(entry).set(keys.referralCode(used.id), used);
  }
  return {
    counted: true,
    review: belowMinimum ? discountReview("below-minimum", referral.code, reviewFacts) : null,
  };
}

/**
 * The referral code this payment used, counted once with the order: the one we applied when the
 * checkout began, or one of ours typed into the checkout page's promo-code field.
 */
async function referralOf(kv: Deno.Kv, draft: CheckoutDraft | null, session: CheckoutSessionInfo) {
  if (draft?.referral) return draft.referral;
  if (!session.promotionCode) return null;
  const code = await getReferralCodeByCode(kv, session.promotionCode);
  return code ? { id: code.id, code: code.code } : null;
}

/**
 * Customer-side §5: without a draft, the order is rebuilt from the payment's metadata, which needs
 * the child's name and a parent email; everything else takes its default.
 */
function formFromMetadata(session: CheckoutSessionInfo): OrderForm | null {
  const metadata = session.metadata;
  const parentEmail = metadata.parentEmail || session.customerEmail || "";
  const parsed = orderFormSchema.safeParse({
    childName: metadata.childName,
    childAge: metadata.childAge,
    parentName: metadata.parentName || parentEmail,
    parentEmail,
    addStreamingServices: metadata.includeStreaming === "true",
    streamingArtistName: metadata.streamingArtistName || metadata.childName,
    isGift: metadata.isGift === "true",
    giftRecipientEmail: metadata.giftRecipientEmail,
    giftMessage: metadata.giftMessage,
    deliveryAt: metadata.deliveryAt,
    deliveryTimeZone: metadata.deliveryTimeZone,
  });
  return parsed.success ? parsed.data : null;
}
