import { TRACKED_FIELD_NAMES } from "./form_fields.ts";
import { plainText } from "../plain_text.ts";

/**
 * Customer-side §3, analytics: form completeness is the share of the order form's 13 tracked fields
 * (marked `tracked` in domain/order/form_fields.ts) that are filled. The order form
 * computes it in the browser for its analytics events.
 */
export const TRACKED_FORM_FIELDS = TRACKED_FIELD_NAMES;

export function formCompleteness(values: Partial<Record<string, unknown>>): number {
  const filled = TRACKED_FORM_FIELDS.filter((field) => {
    const value = values[field];
    return typeof value === "string" ? plainText(value) !== "" : value !== undefined && value !== null;
  });
  return Math.round((filled.length / TRACKED_FORM_FIELDS.length) * 100);
}
