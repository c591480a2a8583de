import { clockTime, type ReviewListen } from "../../../domain/admin/staff_actions.ts";
import type { LiveListen } from "./listen_recorder.ts";

/** The words of the preview's decisions. */

/** The most heard of the song: the server's record, or this sitting's when it has heard more. */
function heardOf(listen: ReviewListen | null | undefined, live: LiveListen | undefined) {
  const sitting = live && live.heardSeconds > 0
    ? { playedMs: live.heardSeconds * 1000, durationMs: Math.round(live.durationSeconds * 1000) }
    : null;
  if (!listen) return sitting;
  if (!sitting || sitting.playedMs <= listen.playedMs) return listen;
  return { ...sitting, durationMs: sitting.durationMs || listen.durationMs };
}

/**
 * The listen beside Approve, "Played 1:42 of 2:10", in the clock the approval's timeline line uses
 * (domain/admin/staff_actions.ts). It follows the song as it plays ("Playing: 0:12 of 2:10 heard"), not
 * only the record the server keeps, which is told when the song pauses.
 */
export function listenText(listen: ReviewListen | null | undefined, live?: LiveListen): string {
  const heard = heardOf(listen, live);
  const of = heard ? `${clockTime(heard.playedMs)} of ${clockTime(heard.durationMs)}` : "";
  if (live?.playing) return heard ? `Playing: ${of} heard` : "Playing";
  return heard ? `Played ${of}` : "Not played yet";
}

/** Whether the preview has anything heard of the song to show: else it says Approve needs no listen. */
export const hasListened = (listen: ReviewListen | null | undefined, live?: LiveListen) =>
  !!live?.playing || heardOf(listen, live) !== null;

export const NOT_PLAYED_NOTE = "You can still approve it without listening.";

export const NOTHING_TO_REVIEW = "Nothing else is waiting for review.";
