/**
 * One person's address in one form, for the money rules that count people (self-referral, first
 * order, reservations): `alice+x@example.com` and `Alice@example.com` are the same buyer. Mail still
 * goes to the address as typed; this form is only ever compared, never sent to.
 *
 * - Everything is lower-case: no mainstream provider treats case as a different mailbox.
 * - A `+tag` is dropped for every domain: Gmail, Outlook, iCloud, Fastmail, Proton and Yahoo (with
 *   `-`) deliver tags to the base mailbox, and a domain that gave `a+b` its own owner would only
 *   cost that person a discount, never money.
 * - Dots count only at Gmail (and googlemail.com, the same service), which ignores them; elsewhere
 *   `j.doe` and `jdoe` may well be two people.
 */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

export function canonicalEmail(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/** Whether two addresses reach the same person, as far as the money rules are concerned. */
export function sameBuyer(a: string, b: string): boolean {
  return canonicalEmail(a) === canonicalEmail(b);
}
