/**
 * A manual order that repeats an existing one (same child, parent address and song title)
 * is usually a second click or a colleague's order made twice, so the API refuses it once with a
 * warning and staff may go on anyway. The island reads it too.
 */

/** The 409's `code`, so the dialog can tell the warning from other conflicts and offer to go on. */
export const DUPLICATE_ORDER_CODE = "duplicate_order";

/** What two orders are compared on. */
export interface DuplicateFacts {
  childName: string;
  parentEmail: string;
  songTitle?: string | null;
}

/**
 * Names and titles are compared without case or spaces: a warning that asks costs one click, while a
 * missed duplicate sends a family the same song twice. The address is compared as the orders' email
 * index keys it (trimmed, lower-case), so the one read of that parent's orders finds every order the
 * rule can match; the canonical form (domain/referral/canonical_email.ts, tags and Gmail dots dropped) would
 * need an index of its own.
 */
export function isDuplicateOrder(wanted: DuplicateFacts, existing: DuplicateFacts): boolean {
  return sameText(wanted.childName, existing.childName) &&
    emailKey(wanted.parentEmail) === emailKey(existing.parentEmail) &&
    sameText(wanted.songTitle ?? "", existing.songTitle ?? "");
}

/** The form of the address that the orders' email index is keyed by. */
export const emailKey = (address: string) => address.trim().toLowerCase();

function sameText(a: string, b: string): boolean {
  const key = (text: string) => text.normalize("NFKC").replace(/\s+/gu, "").toLowerCase();
  // Two blanks are not a match: an order still being made has no title yet.
  return key(a) !== "" && key(a) === key(b);
}

/** The warning, naming the existing orders by number (oldest first) so staff can look them up. */
export function duplicateOrderMessage(orderNumbers: readonly number[]): string {
  const numbers = [...orderNumbers].sort((a, b) => a - b).map((number) => `#${number}`);
  const named = numbers.length === 1
    ? `Order ${numbers[0]} already has`
    : `Orders ${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)} already have`;
  return `${named} this child, parent email and song title.`;
}
