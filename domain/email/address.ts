/**
 * The one home of what an email address looks like. The islands check an address with
 * the same rule before they send it (the order form, the staff dialogs), and the server's schemas
 * build on it (domain/email/address_schema.ts).
 */

/** ARCHITECTURE.md §10: an address is at most 254 characters. */
export const EMAIL_MAX_CHARS = 254;

/**
 * Staff-side §5: text, @, text, dot, text, without spaces. The browser's check, and the staff API's
 * first one; the server then also asks for a real address (domain/email/address_schema.ts), whose pattern is
 * stricter, so anything this refuses the server refuses too.
 */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Staff-side §5: the words for an address without that shape, in the staff dialogs and the staff
 * API (the customer's forms end theirs with a full stop: domain/account/sign_in_limits.ts).
 */
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address";

/** The same shape anywhere inside a longer text (analytics drops values that contain an address). */
export const EMAIL_IN_TEXT = new RegExp(EMAIL_SHAPE.source.slice(1, -1));

/** Whether `text` (already trimmed) has the shape of an address. */
export function hasEmailShape(text: string): boolean {
  return EMAIL_SHAPE.test(text);
}
