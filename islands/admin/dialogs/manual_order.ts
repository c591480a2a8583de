import { hasEmailShape } from "../../../domain/email/address.ts";
import { DUPLICATE_ORDER_CODE } from "../../../domain/admin/manual_order_duplicates.ts";
import {
  MANUAL_ORDER_AGE_MESSAGE,
  MANUAL_ORDER_MISSING,
  type ManualOrderBody,
  MAX_CHILD_AGE,
  MIN_CHILD_AGE,
} from "../../../domain/admin/manual_order.ts";
import { ApiError } from "../../lib/api.ts";
import { INVALID_EMAIL } from "../detail/email.ts";

/**
 * The Create Manual Order form's rules (staff-side §5, manual order; domain/admin/manual_order.ts): every
 * field is required, the age is a whole number from 1 to 18, the address looks like one. The server
 * checks all of it again.
 */
export { MAX_CHILD_AGE, MIN_CHILD_AGE };
export type { ManualOrderBody };

export interface ManualOrderFields {
  childName: string;
  childAge: string;
  parentEmail: string;
  songTitle: string;
  songLyrics: string;
}

export type ManualOrderField = keyof ManualOrderFields | "songFile";

export type ManualOrderCheck =
  | { ok: true; body: ManualOrderBody }
  | { ok: false; missing: ManualOrderField[]; title: string; description: string };

/** The field order of the form, so the first problem named is the first one on screen. */
const FIELDS: (keyof ManualOrderFields)[] = [
  "childName",
  "childAge",
  "parentEmail",
  "songTitle",
  "songLyrics",
];

export function checkManualOrder(fields: ManualOrderFields, hasFile: boolean): ManualOrderCheck {
  const missing: ManualOrderField[] = FIELDS.filter((field) => fields[field].trim() === "");
  if (!hasFile) missing.push("songFile");
  if (missing.length > 0) {
    return { ok: false, missing, ...MANUAL_ORDER_MISSING };
  }
  const age = Number(fields.childAge.trim());
  if (!Number.isInteger(age) || age < MIN_CHILD_AGE || age > MAX_CHILD_AGE) {
    return {
      ok: false,
      missing: ["childAge"],
      title: "Invalid age",
      description: MANUAL_ORDER_AGE_MESSAGE,
    };
  }
  const parentEmail = fields.parentEmail.trim();
  if (!hasEmailShape(parentEmail)) {
    return { ok: false, missing: ["parentEmail"], ...INVALID_EMAIL };
  }
  return {
    ok: true,
    body: {
      childName: fields.childName.trim(),
      childAge: age,
      parentEmail,
      songTitle: fields.songTitle.trim(),
      // Lyrics keep their inner line breaks; only the ends are trimmed.
      songLyrics: fields.songLyrics.trim(),
    },
  };
}

/**
 * The server's warning that the order repeats an existing one (409 with the duplicate code),
 * for the dialog to show with its "Create it anyway"; null for any other failure.
 */
export function duplicateWarning(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.body);
    return body?.code === DUPLICATE_ORDER_CODE && typeof body.message === "string" ? body.message : null;
  } catch {
    return null;
  }
}
