/**
 * A manual order's rules (staff-side §5, Create Manual Order): the dashboard's form checks them
 * before it sends (islands/admin/dialogs/manual_order.ts) and the API checks them again
 * (routes/api/admin/songs.ts).
 */

/** A manual order's child is from 1 to 18 years old, in whole years. */
export const MIN_CHILD_AGE = 1;
export const MAX_CHILD_AGE = 18;

export const MANUAL_CHILD_NAME_MAX_CHARS = 100;
export const MANUAL_SONG_TITLE_MAX_CHARS = 80;
/** Lyrics staff type (a manual order, or the words an upload brings): a long song, with room to spare. */
export const SONG_LYRICS_MAX_CHARS = 20_000;

/** Staff-side §5 and §8: a required field left out, as a toast's title and description. */
export const MANUAL_ORDER_MISSING = {
  title: "Missing Information",
  description: "Please fill in all required fields",
} as const;

export const MANUAL_ORDER_AGE_MESSAGE =
  `Age must be a whole number from ${MIN_CHILD_AGE} to ${MAX_CHILD_AGE}.`;

/** What `POST /api/admin/orders/create` takes besides the uploaded song's address. */
export interface ManualOrderBody {
  childName: string;
  /** A whole number from MIN_CHILD_AGE to MAX_CHILD_AGE. */
  childAge: number;
  parentEmail: string;
  songTitle: string;
  songLyrics: string;
  /**
   * Staff saw the warning that an order with this child, address and title exists
   * (domain/admin/manual_order_duplicates.ts) and create this one anyway. Absent: warn first.
   */
  allowDuplicate?: boolean;
}
