import { SUPPORT_EMAIL } from "../site/site.ts";

/**
 * The FAQ's promise to a family unhappy with their song (domain/site/faq.ts): tell us within a week of
 * delivery and we remake it or talk about a refund. The way to tell us is the support address staff
 * already read, with the order number in the subject so they find the order at once; the reveal page
 * and the delivery emails offer it where the song is heard.
 */
export const CONCERN_DAYS = 7;

/** The subject a family's message arrives with: the order number, for staff's search. */
export function concernSubject(orderNumber: number): string {
  return `Something not right with song #${orderNumber}`;
}

/** A mail link to support with that subject filled in. */
export function concernMailto(orderNumber: number): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(concernSubject(orderNumber))}`;
}

/** What the reveal page says under its heading "Something not right?". */
export const CONCERN_WORDS = `Tell us within ${CONCERN_DAYS} days of delivery and we'll remake the song or ` +
  "talk it through with you.";

/** The delivery emails' line: the address and the number, in words a mail client links by itself. */
export function concernLine(orderNumber: number): string {
  return `Something not right with the song? Tell us within ${CONCERN_DAYS} days: write to ${SUPPORT_EMAIL} ` +
    `with order #${orderNumber}, and we'll remake it or talk it through with you.`;
}
