import type { MySongsItem } from "../../domain/order/views.ts";

/** The list changes My Songs makes itself, before or without the next poll. Pure. */

export function withoutSong(songs: MySongsItem[], id: string): MySongsItem[] {
  return songs.filter((song) => song.id !== id);
}

/**
 * A retried song as the server will report it a moment later: generating again, the old error gone.
 * Showing it at once tells the parent the click worked; the next poll brings the real stage.
 */
export function asRetrying(songs: MySongsItem[], id: string): MySongsItem[] {
  return songs.map((song) =>
    song.id === id ? { ...song, status: "generating", error: null, stageLabel: null } : song
  );
}

/** Puts one song back as it was (an optimistic change the server refused). */
export function restoreSong(songs: MySongsItem[], previous: MySongsItem): MySongsItem[] {
  return songs.map((song) => song.id === previous.id ? previous : song);
}

/**
 * Where keyboard focus goes once a card is removed: the card that takes its place, else the one
 * before it, else nothing (the list is empty).
 */
export function neighbourOf(songs: MySongsItem[], id: string): string | null {
  const index = songs.findIndex((song) => song.id === id);
  if (index === -1) return null;
  return songs[index + 1]?.id ?? songs[index - 1]?.id ?? null;
}

/** The list with one song as the server answered a change to it (its delivery time). */
export function withUpdatedSong(songs: MySongsItem[], updated: MySongsItem): MySongsItem[] {
  return songs.map((song) => song.id === updated.id ? updated : song);
}
