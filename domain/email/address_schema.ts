import { z } from "zod";
import { plainString } from "../text_schema.ts";
import { EMAIL_MAX_CHARS } from "./address.ts";

/** What each way an address can be wrong is called; `missing` makes the address required. */
export interface EmailMessages {
  /** When it is not text at all (Zod's own message when left out). */
  notText?: string;
  missing?: string;
  tooLong: string;
  invalid: string;
}

/**
 * An address as the API takes it: trimmed, at most EMAIL_MAX_CHARS (domain/email/address.ts), and a
 * real address by Zod's email pattern, which is stricter than EMAIL_SHAPE (every address it takes has
 * that shape). The one place the server's schemas check an address; callers normalise its case.
 */
export function emailText(messages: EmailMessages) {
  const text = plainString(messages.notText === undefined ? undefined : { error: messages.notText });
  const required = messages.missing === undefined ? text : text.min(1, messages.missing);
  return required.max(EMAIL_MAX_CHARS, messages.tooLong).pipe(z.email({ error: messages.invalid }));
}
