/**
 * The Regenerate Lyrics dialog's rules (staff-side §2 and §5): the optional instruction is at most
 * 500 characters, trimmed, and left out when empty; the notice says how often the lyrics were
 * regenerated before.
 */
const INSTRUCTIONS_LIMIT = 500;

export interface InstructionsState {
  /** 'N/500', counted as typed, so the counter and what the field shows agree. */
  counter: string;
  tooLong: boolean;
}

export function instructionsState(text: string): InstructionsState {
  return { counter: `${text.length}/${INSTRUCTIONS_LIMIT}`, tooLong: text.length > INSTRUCTIONS_LIMIT };
}

/** The body of `POST /api/admin/orders/{id}/regenerate-lyrics`. */
export function regenerateLyricsBody(text: string): { customInput?: string } {
  const customInput = text.trim();
  return customInput ? { customInput } : {};
}

/** How often the lyrics were regenerated before, and when last; dates in the staff member's locale. */
export function regenerationHistoryText(
  count: number,
  lastAt: string | null | undefined,
  formatDate: (iso: string) => string = defaultDate,
): string {
  if (!count) return "These lyrics have not been regenerated before.";
  const times = count === 1 ? "once" : `${count} times`;
  const when = lastAt && !Number.isNaN(Date.parse(lastAt)) ? `, last on ${formatDate(lastAt)}` : "";
  return `These lyrics have been regenerated ${times} before${when}.`;
}

/** 'New lyrics generated with N regeneration(s) total', with the plural the number needs. */
export function regeneratedText(total: number): string {
  return `New lyrics generated with ${total} regeneration${total === 1 ? "" : "s"} total`;
}

function defaultDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
