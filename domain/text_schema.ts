import { z } from "zod";
import { plainText, type PlainTextOptions } from "./plain_text.ts";
import { unsingableNameMessage } from "./order/sung_name.ts";

/**
 * Every text field's schema starts here: the string made plain (domain/plain_text.ts) before any
 * length, emptiness or shape is checked, so what is counted, stored and shown is what a person sees.
 */
export function plainString(params?: Parameters<typeof z.string>[0], options: PlainTextOptions = {}) {
  return z.string(params).overwrite((value) => plainText(value, options));
}

/** A child's name, wherever it is typed: refused, naming what cannot be sung, never cleaned. */
export function refuseUnsingable(value: string, context: z.RefinementCtx) {
  const message = unsingableNameMessage(value);
  if (message) context.addIssue({ code: "custom", message });
}
