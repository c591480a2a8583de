import type { Order, OwedEmailState } from "../order/orders.ts";
import { iso } from "../time.ts";

/**
 * How an email the order owes the family moves (the order confirmation; the failure email keeps its
 * older field names but moves the same way): owed → claimed (its Message-ID fixed before any try) →
 * sent, or refused and due again, or given up after the last try. jobs/owed_email.ts commits each
 * move with its event in one atomic write.
 */

/** A message may arrive a little before its due time; closer than this, the email goes anyway. */
const EARLY_MS = 1000;

/** Owed from `now`, in the write that creates the order. */
export function owedEmailDueNow(now: number): OwedEmailState {
  return { dueAt: iso(now), attempts: 0 };
}

export function isOwedEmailDue(state: OwedEmailState, now: number): boolean {
  return !state.sentAt && !!state.dueAt && Date.parse(state.dueAt) <= now + EARLY_MS;
}

/** Claimed by a sender: due again when its lease runs out, should it vanish mid-send. */
export function owedEmailClaimed(
  state: OwedEmailState,
  messageId: string,
  now: number,
  dueAgainAt: number,
): OwedEmailState {
  return { ...state, messageId, claimedAt: iso(now), dueAt: iso(dueAgainAt) };
}

export function owedEmailSent(state: OwedEmailState, now: number): OwedEmailState {
  return { ...state, attempts: state.attempts + 1, dueAt: null, sentAt: iso(now) };
}

/** The mail server refused: tried again at `retryAt`, or never again when that is null. */
export function owedEmailRefused(state: OwedEmailState, retryAt: number | null): OwedEmailState {
  return { ...state, attempts: state.attempts + 1, dueAt: retryAt === null ? null : iso(retryAt) };
}

/**
 * The confirmation is due the moment generation starts, so its sender writes the order while a
 * generation step is under way. That step's result is `next`, decided from `before`: laid over
 * `current` when the confirmation's bookkeeping is all that changed meanwhile, so the song is not
 * made again for an email; null when anything else changed (staff acted, and the result no longer
 * applies).
 */
export function overEmailBookkeeping(next: Order, before: Order, current: Order): Order | null {
  const { confirmationEmail: _before, ...beforeRest } = before;
  const { confirmationEmail, ...currentRest } = current;
  if (canonicalJson(beforeRest) !== canonicalJson(currentRest)) return null;
  const { confirmationEmail: _next, ...nextRest } = next;
  return confirmationEmail === undefined ? nextRest : { ...nextRest, confirmationEmail };
}

/** JSON with every object's keys sorted, so two equal orders compare equal however they were built. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(
    value,
    (_key, part) =>
      part && typeof part === "object" && !Array.isArray(part)
        ? Object.fromEntries(Object.entries(part).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : part,
  );
}
