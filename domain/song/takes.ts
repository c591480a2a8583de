/**
 * The music service makes two takes of every song (two tracks per task). Both are kept in our blob
 * store; staff choose the one the family gets ("Deliver this take", Take 1 unless they chose) and may
 * offer the other as a bonus ("Another version"). The order's `songUrl` and `songBlobId` are always
 * the delivered take's, so everything that sends, serves or lists the song reads one field.
 * An order from before takes, and a song staff uploaded, has no takes: its one song is `songUrl`.
 */
export type TakeNumber = 1 | 2;
export const TAKE_NUMBERS = [1, 2] as const satisfies readonly TakeNumber[];

export interface SongTake {
  take: TakeNumber;
  /** The music service's id of the track (its `audioId`), which its timed lyrics are asked by. */
  audioId: string | null;
  blobId: string;
  /** Our own address of the take's audio. */
  songUrl: string;
  title: string | null;
  durationSeconds: number | null;
  /** Its timed lyrics (domain/song/take_timing.ts): still owed, stored (kv/lyrics_timing.ts), or absent. */
  timing: TakeTiming;
}

export type TakeTiming =
  /** To be asked for at `dueAt`; `attempts` tries have failed so far. */
  | { state: "owed"; dueAt: string; attempts: number }
  | { state: "stored"; storedAt: string; lines: number }
  /** None to be had: the reveal shows plain lyrics. `reason` is for staff. */
  | { state: "absent"; reason: string; attempts: number };

/** Who decided, and when: the delivered take, or the offer of the other one as a bonus. */
export interface TakeDecision {
  by: string;
  at: string;
}

export interface TakeChoice extends TakeDecision {
  take: TakeNumber;
}

/** What an order says of its takes (domain/order/orders.ts holds these fields). */
interface TakeFacts {
  songTakes?: SongTake[] | null;
  takeChoice?: TakeChoice | null;
  bonusTake?: TakeDecision | null;
}

/** The order's takes in order; none for an order from before takes or with an uploaded song. */
export function takesOf(order: TakeFacts): SongTake[] {
  return order.songTakes ?? [];
}

/** Whether staff have a choice to make: two takes of the song. */
export function hasTwoTakes(order: TakeFacts): boolean {
  return takesOf(order).length >= 2;
}

/** The take the family gets: staff's choice, else Take 1. */
export function deliveredTakeNumber(order: TakeFacts): TakeNumber {
  return order.takeChoice?.take ?? 1;
}

export function takeNumbered(order: TakeFacts, take: TakeNumber): SongTake | null {
  return takesOf(order).find((each) => each.take === take) ?? null;
}

export function deliveredTake(order: TakeFacts): SongTake | null {
  return takeNumbered(order, deliveredTakeNumber(order));
}

/** The take offered as "Another version": the one not delivered, while staff offer it. */
export function bonusTakeOf(order: TakeFacts): SongTake | null {
  if (!order.bonusTake || !hasTwoTakes(order)) return null;
  return takesOf(order).find((each) => each.take !== deliveredTakeNumber(order)) ?? null;
}

/** Every stored audio file of the order's song, for removing them with it. */
export function songBlobIdsOf(order: { songBlobId?: string | null } & TakeFacts): string[] {
  const ids = takesOf(order).map((take) => take.blobId);
  if (order.songBlobId) ids.push(order.songBlobId);
  return [...new Set(ids)];
}

/** "Take 2", as staff and the timeline name it. */
export function takeLabel(take: TakeNumber): string {
  return `Take ${take}`;
}
