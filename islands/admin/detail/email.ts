import { hasEmailShape, INVALID_EMAIL_MESSAGE } from "../../../domain/email/address.ts";

/** Staff-side §5: an address edited by staff must look like text@text.text, without spaces. */
export const INVALID_EMAIL = { title: "Invalid email", description: INVALID_EMAIL_MESSAGE };

export function isValidEditedEmail(text: string): boolean {
  return hasEmailShape(text.trim());
}
