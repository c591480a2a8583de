import { SITE_NAME } from "../site.ts";
import type { Order } from "../orders.ts";
import { describeDiscount, formatCents } from "../pricing.ts";
import { FRIEND_DISCOUNT, referralLink } from "../referral_code.ts";
import { describeDeliveryTime } from "../requested_delivery.ts";
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
 * is, what it cost, when the song comes, and how friends get a discount. `now` decides whether a
 * chosen delivery day needs its year.
 */
export function orderConfirmationEmail(order: ConfirmedOrder, appUrl: string, now: number): ComposedEmail {
  const { childName, orderNumber } = order;
  const when = order.requestedDelivery
    ? `We'll deliver it on ${
      describeDeliveryTime(order.requestedDelivery, now)
    }: you will receive an email with a unique link to hear your magical music.`
    : PROMISE;
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
