/**
 * The name a downloaded song is saved under (customer-side §5) and the headers that carry it.
 *
 * "Letters and digits" are read as Unicode letters (with their combining marks) and decimal digits,
 * not ASCII only: a song for Zoë or Мия should not be saved as "Zo.mp3" or "s-Song.mp3". The name
 * travels in the RFC 5987 `filename*` form, so any letter survives; old clients get an ASCII copy.
 */

const FALLBACK_FILE_NAME = "song.mp3";
/** File systems refuse names over 255 bytes; a long generated title is cut well before that. */
const MAX_STEM_CHARACTERS = 100;

export interface SongNaming {
  songTitle?: string | null;
  childName: string;
}

/**
 * The song's title, or "{childName}'s Song" without one; everything but letters, digits and
 * whitespace removed (so "Mia's" becomes "Mias"), whitespace runs turned into one hyphen, ".mp3" added.
 * Emoji and other symbols go with the space before them, so "Zoë 🦄's Song" (an older order, or a
 * title with an emoji) is "Zoës-Song", never "Zoë-s-Song": the possessive stays joined to its name,
 * as the spec's rule has it for "Mia's".
 */
export function downloadFileName(naming: SongNaming): string {
  return fileNameOf(songBaseName(naming));
}

/** The other take offered to the family: the same rule, its name followed by " (version 2)". */
export function anotherVersionFileName(naming: SongNaming): string {
  return fileNameOf(`${songBaseName(naming)} (version 2)`);
}

function songBaseName({ songTitle, childName }: SongNaming): string {
  return songTitle?.trim() ? songTitle : `${childName}'s Song`;
}

/** A symbol or an emoji with what joins and dresses it: joiners, variation selectors, tags, keycaps. */
const SYMBOLS =
  /\s*(?:[\p{S}\p{Extended_Pictographic}\p{Regional_Indicator}][\u200d\ufe0e\ufe0f\u20e3\p{Emoji_Modifier}\u{e0020}-\u{e007f}]*)+/gu;

function fileNameOf(base: string): string {
  const stem = Array.from(
    base.normalize("NFC")
      .replace(SYMBOLS, "")
      // What dresses an emoji but is filed as a mark (a keycap's frame, a variation selector).
      .replace(/[\u200d\ufe0e\ufe0f\u20e3\u{e0020}-\u{e007f}]/gu, "")
      .replace(/[^\p{L}\p{M}\p{Nd}\s]/gu, "")
      .trim()
      .replace(/\s+/gu, "-"),
  ).slice(0, MAX_STEM_CHARACTERS).join("").replace(/^-+|-+$/g, "");
  return stem ? `${stem}.mp3` : FALLBACK_FILE_NAME;
}

/**
 * `attachment` with both forms of the name (RFC 6266): `filename` in plain ASCII for old clients,
 * `filename*` in UTF-8 for everyone else, who prefer it.
 */
export function contentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

/**
 * The name with accents taken off ("Zoë" → "Zoe"). A name that still holds other scripts keeps only
 * its extension: "song.mp3" reads better than the few Latin letters left of "Мия-s-Song".
 */
function asciiFileName(fileName: string): string {
  const stripped = fileName.normalize("NFKD").replace(/\p{M}/gu, "");
  if (/^[\x20-\x7e]+$/.test(stripped)) return stripped.replace(/["\\]/g, "_");
  const extension = fileName.match(/\.[A-Za-z0-9]{1,8}$/)?.[0] ?? "";
  return `song${extension}`;
}

/** RFC 5987 `value-chars`: encodeURIComponent leaves ' ( ) * alone, which attr-char does not allow. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Where the family downloads their song, and the other take when staff offer it (routes/media.ts). */
export const DOWNLOAD_PREFIX = "/api/download/";
export const ANOTHER_VERSION_SUFFIX = "/another-version";

export function songDownloadPath(orderId: string): string {
  return `${DOWNLOAD_PREFIX}${encodeURIComponent(orderId)}`;
}

export function anotherVersionDownloadPath(orderId: string): string {
  return `${songDownloadPath(orderId)}${ANOTHER_VERSION_SUFFIX}`;
}

/** Where stored songs are served (routes/media.ts): `/audio/{blobId}.mp3`. */
export const SONG_AUDIO_PREFIX = "/audio/";
/** The file part of a song's address: a blob id (word characters and dashes, 1 to 64) and `.mp3`. */
const SONG_AUDIO_FILE = /^([\w-]{1,64})\.mp3$/;

/** Our own address of a stored song: unguessable and never reused, so it can be cached forever. */
export function songUrlFor(appUrl: string, blobId: string): string {
  return `${appUrl.replace(/\/+$/, "")}${SONG_AUDIO_PREFIX}${blobId}.mp3`;
}

/** The blob id of a song's file name (`{blobId}.mp3`, what follows SONG_AUDIO_PREFIX), or null. */
export function blobIdOfAudioFile(file: string): string | null {
  return file.match(SONG_AUDIO_FILE)?.[1] ?? null;
}
