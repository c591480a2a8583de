import { track } from "../lib/analytics.ts";
import { api, ApiError } from "../lib/api.ts";
import { hasStoredToken } from "../lib/session.ts";
import { savePendingOrder } from "./storage.ts";
import { orderOf, type OrderValues, totalCents } from "./values.ts";

interface CheckoutAnswer {
  checkoutUrl: string;
  sessionId: string;
}

interface CreatedOrder {
  id: string;
}

/**
 * Sends a valid form to the server (customer-side §7, ARCHITECTURE §10) and answers the address the
 * browser goes to next. Demo users create the order directly and wait for it on the processing
 * page; everyone else gets a checkout session and pays on the provider's page. The price sent is
 * only what the page showed: the server prices the order itself, discounts included. `timeZone` is
 * the family's clock, which a chosen delivery day is read on.
 * Throws the ApiError of a refused call.
 */
export async function placeOrder(
  values: OrderValues,
  referralCode: string | null,
  demo: boolean,
  timeZone: string,
) {
  const order = orderOf(values, referralCode, timeZone);
  const totalPrice = totalCents(values);
  const childName = values.childName.trim();

  if (demo) {
    const created = await api<CreatedOrder>("POST", "/api/orders", { ...order, totalPrice });
    return `/order-processing/${encodeURIComponent(created.id)}?name=${encodeURIComponent(childName)}`;
  }

  // A stored token means a signed-in customer, whose order is then kept on their account.
  const path = hasStoredToken() ? "/api/create-checkout-session" : "/api/guest/create-checkout-session";
  const answer = await api<CheckoutAnswer>("POST", path, {
    priceInCents: totalPrice,
    description: `Personalized song for ${childName}`,
    metadata: { childName, parentEmail: values.parentEmail.trim() },
    includeStreaming: values.addStreamingServices,
    order,
  });
  // Kept before leaving: the payment return page rebuilds the order from it if it must.
  savePendingOrder(values);
  track("Payment Initiated", { value: totalPrice / 100, currency: "USD" });
  return answer.checkoutUrl;
}

/**
 * The server's message when it refused the order's referral code (422 with
 * `code: "referral_refused"`), so the page can offer to go on at full price; null for other errors.
 */
export function referralRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  try {
    const body = JSON.parse(error.body);
    return body?.code === "referral_refused" && typeof body.message === "string" ? body.message : null;
  } catch {
    return null;
  }
}
