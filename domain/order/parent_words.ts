import { type FamilyStatusFacts, familyStatusOf } from "./family_status.ts";

/**
 * What a parent reads about a song on its way: plain sentences, never our stage names, a provider's
 * words or an HTTP class. Staff read the detail (the order's `error`, `statusDetail` and events);
 * every customer view takes its words from here instead.
 */

/** While the song is being made: one sentence for the step it is on. */
export function progressWords(stage: string | null | undefined): string {
  switch (stage) {
    case "LYRICS":
      return "We're writing the words.";
    case "TAGS":
      return "We're choosing the music.";
    case "SUNO_CREATE":
    case "SUNO_STATUS":
      return "We're recording your song.";
    default:
      return "We're getting started.";
  }
}

/** A failed song, whatever broke: the detail is for staff, who have already been told. */
export const FAILURE_WORDS = "Something went wrong on our side; we're on it. You can also try again now.";

/**
 * The customer views' `error`: the failure in plain words once the family may know the song failed
 * (domain/order/family_status.ts), else nothing.
 */
export function failureWords(order: FamilyStatusFacts): string | null {
  return familyStatusOf(order) === "failed" ? FAILURE_WORDS : null;
}
