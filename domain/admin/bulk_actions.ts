import type { ReviewListen } from "./staff_actions.ts";

/**
 * Staff's actions on many orders at once: the rows they tick, and "all on this page".
 * Each order goes through the same command, with the same rules, as its own row's button; the answer
 * says per order what happened.
 */
export const BULK_ACTIONS = ["approve", "send-now", "regenerate"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Five pages of the list: more than staff tick by hand, few enough to answer within a request. */
export const MAX_BULK_ORDERS = 100;

export interface BulkResult {
  id: string;
  /** Null when there is no such order. */
  orderNumber: number | null;
  ok: boolean;
  /** What the one order's own call would have answered: 200, or its refusal's status. */
  status: number;
  message: string;
}

/** What staff said beside the ticked rows: each a confirmation the rows' own buttons would ask for. */
export interface BulkConfirmations {
  /** Approve songs nobody has listened to. */
  override?: boolean;
  /**
   * The orders staff confirmed sending before the day their family chose (domain/delivery/requested.ts),
   * each with that day as staff saw it: a day the family changed meanwhile was never confirmed.
   */
  sendEarly?: Readonly<Record<string, string>>;
}

/** Bulk Approve's own rule: a song nobody has listened to is approved only with an explicit override. */
export const NOT_HEARD =
  "Nobody has listened to this song yet. Listen to it first, or approve it without listening.";

export function wasHeard(order: { reviewListen?: ReviewListen | null }): boolean {
  return (order.reviewListen?.playedMs ?? 0) > 0;
}

const DONE_WORDS: Record<BulkAction, string> = {
  approve: "approved",
  "send-now": "sent now",
  regenerate: "being made again",
};

/** "3 approved, 1 not" for the toast; the results say which and why. */
export function bulkSummary(action: BulkAction, results: BulkResult[]): string {
  const done = results.filter((result) => result.ok).length;
  const refused = results.length - done;
  const orders = (count: number) => `${count} order${count === 1 ? "" : "s"}`;
  return refused === 0
    ? `${orders(done)} ${DONE_WORDS[action]}.`
    : `${orders(done)} ${DONE_WORDS[action]}; ${refused} could not be: see why beside each.`;
}
