import { SITE_NAME } from "../site/site.ts";
import type { Order } from "../order/orders.ts";
import { describeDiscount, formatCents } from "../order/pricing.ts";
import { FRIEND_DISCOUNT, referralLink } from "../referral/code.ts";
import { deliveryAddressees } from "../delivery/release.ts";
import { describeDeliveryTime } from "../delivery/requested.ts";
import { type ComposedEmail, renderEmail } from "./layout.ts";

/** What the confirmation tells of an order. */
export type ConfirmedOrder = Pick<
  Order,
  | "id"
  | "orderNumber"
  | "childName"
  | "addStreamingServices"
  | "isGift"
  | "giftRecipientName"
  | "giftRecipientEmail"
  | "parentEmail"
  | "totalPrice"
  | "discountAmount"
  | "promoCode"
  | "customerReferralCode"
  | "payment"
  | "requestedDelivery"
>;

/** The promise the site makes on the order-processing page (customer-side §2), word for word. */
const PROMISE = "You will receive an email with a unique link to hear your magical music within 24 hours.";

/**
 * Sent once, right after payment (or a demo order): the parent hears that we have the order, what it
 * is, what it cost, when the song comes and to whom, and how friends get a discount. `now` decides
 * whether a chosen delivery day needs its year.
 */
export function orderConfirmationEmail(order: ConfirmedOrder, appUrl: string, now: number): ComposedEmail {
  const { childName, orderNumber } = order;
  const when = whenAndToWhom(order, now);
  const paragraphs = [
    `We're in the studio crafting ${childName}'s special song.`,
    `Order #${orderNumber}: ${whatWasOrdered(order)}.`,
    priceLine(order),
    when,
  ];
  const code = order.customerReferralCode;
  if (code) {
    paragraphs.push(
      `Share the magic! Give friends your code ${code} - they'll get ${
        describeDiscount(FRIEND_DISCOUNT)
      } their first order: ${referralLink(appUrl, code)}`,
    );
  }
  return {
    subject: `Order #${orderNumber} confirmed: a song for ${childName}`,
    ...renderEmail({
      preheader: order.requestedDelivery ? when : `Your song for ${childName} is on its way.`,
      heading: "Thank you for your order!",
      paragraphs,
      button: { label: "See Your Order", href: orderPageUrl(appUrl, order) },
      footnote: `Thank you for letting us make ${childName}'s song. The ${SITE_NAME} team`,
    }),
  };
}

/**
 * When the song comes and who receives it. A gift that goes to its recipient names them: "you" is
 * the giver reading this, who gets a copy once the recipient has theirs (domain/delivery/release.ts).
 */
function whenAndToWhom(order: ConfirmedOrder, now: number): string {
  const request = order.requestedDelivery;
  const toRecipient = deliveryAddressees(order)[0].role === "recipient";
  if (!toRecipient) {
    return request
      ? `We'll deliver it on ${
        describeDeliveryTime(request, now)
      }: you will receive an email with a unique link to hear your magical music.`
      : PROMISE;
  }
  const recipient = order.giftRecipientName.trim() || order.giftRecipientEmail!;
  const arrives = request ? `on ${describeDeliveryTime(request, now)}` : "within 24 hours";
  return `${recipient} will receive an email with a unique link to hear the song ${arrives}, and we'll send you a copy at the same time.`;
}

/** "a personalized song for Mia + streaming release, a gift for Grandma Jo". */
function whatWasOrdered(order: ConfirmedOrder): string {
  let what = `a personalized song for ${order.childName}`;
  if (order.addStreamingServices) what += " + streaming release";
  if (order.isGift) what += order.giftRecipientName ? `, a gift for ${order.giftRecipientName}` : ", a gift";
  return what;
}

/** What was charged, in dollars, with any discount; a demo order was charged nothing. */
function priceLine(order: ConfirmedOrder): string {
  if (order.payment.kind === "demo") return "Demo order — no charge.";
  const paid = `You paid $${formatCents(order.totalPrice)}`;
  if (!order.discountAmount) return `${paid}.`;
  const code = order.promoCode ? ` with code ${order.promoCode}` : "";
  return `${paid} ($${formatCents(order.discountAmount)} off${code}).`;
}

/** The page that follows the order's progress, as the site links it after payment. */
function orderPageUrl(appUrl: string, order: ConfirmedOrder): string {
  return `${appUrl}/order-processing/${encodeURIComponent(order.id)}?name=${
    encodeURIComponent(order.childName)
  }`;
}
