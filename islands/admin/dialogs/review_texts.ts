import { clockTime, type ReviewListen } from "../../../domain/staff_actions.ts";

/** The words of the preview's decisions (issue 23). */

/**
 * The recorded listen beside Approve, "Played 1:42 of 2:10", in the clock the approval's timeline line
 * uses (domain/staff_actions.ts).
 */
export function listenText(listen: ReviewListen | null | undefined): string {
  if (!listen) return "Not played yet";
  return `Played ${clockTime(listen.playedMs)} of ${clockTime(listen.durationMs)}`;
}

export const NOT_PLAYED_NOTE = "You can still approve it without listening.";

export const NOTHING_TO_REVIEW = "Nothing else is waiting for review.";
