import { MANUAL_SONG_TITLE_MAX_CHARS, SONG_LYRICS_MAX_CHARS } from "../admin/manual_order.ts";

/**
 * The words an uploaded song may bring: a title and lyrics, for an order whose generation
 * stopped before it had them, so the family's page does not play a song without words. They travel
 * in the upload's multipart body beside the file, stay on its record, and reach the order when the
 * order takes the upload (orders/manual_song.ts). The dialog reads it too.
 */

/** The multipart fields beside SONG_FIELD (domain/song/uploads.ts). */
export const SONG_TITLE_FIELD = "songTitle";
export const SONG_LYRICS_FIELD = "songLyrics";

export { MANUAL_SONG_TITLE_MAX_CHARS as SONG_TITLE_MAX_CHARS, SONG_LYRICS_MAX_CHARS };

/**
 * What the fields can add to the body: every character of text may take three bytes in UTF-8, and a
 * browser sends each line break as two (CR LF), so the body limit makes room for this much more.
 */
export const SONG_WORDS_MAX_BYTES = 3 * (MANUAL_SONG_TITLE_MAX_CHARS + SONG_LYRICS_MAX_CHARS);

/** Each null when not given (left out or blank). */
export interface SongWords {
  songTitle: string | null;
  songLyrics: string | null;
}

export const SONG_WORDS_MESSAGES = {
  notText: "The song title and lyrics must be sent as text.",
  titleTooLong: `Song title must be at most ${MANUAL_SONG_TITLE_MAX_CHARS} characters.`,
  lyricsTooLong: `Lyrics must be at most ${SONG_LYRICS_MAX_CHARS.toLocaleString("en-US")} characters.`,
  orderHasTitle:
    "This order already has a song title, so the upload cannot bring another. Upload the song without a title to keep it.",
  orderHasLyrics:
    "This order already has lyrics, so the upload cannot bring others. Upload the song without lyrics to keep them, or use Regenerate Lyrics.",
} as const;

export type SongWordsReading = { ok: true; words: SongWords | null } | { ok: false; message: string };

/**
 * The two fields as the body carried them (a string, absent, or anything else): trimmed, line breaks
 * made "\n" again (a browser's form sends "\r\n"), and counted after that, as the family will read
 * them. The lyrics keep their own line breaks, which are the song's layout.
 */
export function readSongWords(title: unknown, lyrics: unknown): SongWordsReading {
  const isText = (value: unknown) => value === undefined || value === null || typeof value === "string";
  if (!isText(title) || !isText(lyrics)) return { ok: false, message: SONG_WORDS_MESSAGES.notText };
  const songTitle = cleanText(title as string | null | undefined)?.replace(/\s+/g, " ") ?? null;
  const songLyrics = cleanText(lyrics as string | null | undefined);
  if (songTitle && songTitle.length > MANUAL_SONG_TITLE_MAX_CHARS) {
    return { ok: false, message: SONG_WORDS_MESSAGES.titleTooLong };
  }
  if (songLyrics && songLyrics.length > SONG_LYRICS_MAX_CHARS) {
    return { ok: false, message: SONG_WORDS_MESSAGES.lyricsTooLong };
  }
  return { ok: true, words: songTitle || songLyrics ? { songTitle, songLyrics } : null };
}

function cleanText(value: string | null | undefined): string | null {
  const text = value?.replace(/\r\n?/g, "\n").trim();
  return text ? text : null;
}

/** An order's own words, as orders store them (domain/order/orders.ts), without importing the order. */
type OrderWords = { songTitle?: string | null; songLyrics?: string | null };

/**
 * Which words an upload may bring to this order: only what it lacks, so an upload never writes over
 * a title or lyrics the order already has (the family may have read them; lyrics have their own
 * history through Regenerate Lyrics). An order without lyrics lacks both, since the title is chosen
 * after the lyrics are written.
 */
export function wordsWanted(order: OrderWords): { title: boolean; lyrics: boolean } {
  return { title: !order.songTitle?.trim(), lyrics: !order.songLyrics?.trim() };
}

/** Why `words` cannot go onto the order, or null when they can (or none were given). */
export function songWordsRefusal(order: OrderWords, words: SongWords | null | undefined): string | null {
  const wanted = wordsWanted(order);
  if (words?.songLyrics && !wanted.lyrics) return SONG_WORDS_MESSAGES.orderHasLyrics;
  if (words?.songTitle && !wanted.title) return SONG_WORDS_MESSAGES.orderHasTitle;
  return null;
}
