import { assertEquals } from "@std/assert";
import {
  readSongWords,
  SONG_LYRICS_MAX_CHARS,
  SONG_TITLE_MAX_CHARS,
  SONG_WORDS_MESSAGES,
  songWordsRefusal,
  wordsWanted,
} from "../../../../domain/song/upload_words.ts";

Deno.test("upload words: trimmed, line breaks as the family reads them, blank is not given", () => {
  assertEquals(readSongWords("  Mia's\n Song ", "\r\n[Verse]\r\nLa la\r\n\r\nLa\r\n"), {
    ok: true,
    words: { songTitle: "Mia's Song", songLyrics: "[Verse]\nLa la\n\nLa" },
  });
  assertEquals(readSongWords(undefined, null), { ok: true, words: null });
  assertEquals(readSongWords("   ", "\r\n"), { ok: true, words: null });
  assertEquals(readSongWords("Mia", ""), { ok: true, words: { songTitle: "Mia", songLyrics: null } });
});

Deno.test("upload words: bounded like a manual order's, counted after the line breaks are made one", () => {
  assertEquals(readSongWords("T".repeat(SONG_TITLE_MAX_CHARS + 1), null), {
    ok: false,
    message: SONG_WORDS_MESSAGES.titleTooLong,
  });
  assertEquals(readSongWords(null, "l".repeat(SONG_LYRICS_MAX_CHARS + 1)), {
    ok: false,
    message: SONG_WORDS_MESSAGES.lyricsTooLong,
  });
  assertEquals(SONG_WORDS_MESSAGES.lyricsTooLong, "Lyrics must be at most 20,000 characters.");
  const crlf = "a\r\n".repeat(SONG_LYRICS_MAX_CHARS / 2 - 1) + "ab";
  assertEquals(readSongWords(null, crlf).ok, true, "CR LF counts as one line break");
  assertEquals(readSongWords(new File(["x"], "x.txt"), null), {
    ok: false,
    message: SONG_WORDS_MESSAGES.notText,
  });
});

Deno.test("upload words: only what the order lacks is wanted, and nothing is written over", () => {
  const noWords = { songTitle: null, songLyrics: null };
  const lyricsNoTitle = { songTitle: "", songLyrics: "La" };
  const both = { songTitle: "Mia's Song", songLyrics: "La" };
  assertEquals(wordsWanted(noWords), { title: true, lyrics: true });
  assertEquals(wordsWanted(lyricsNoTitle), { title: true, lyrics: false });
  assertEquals(wordsWanted(both), { title: false, lyrics: false });

  const given = { songTitle: "New", songLyrics: "New words" };
  assertEquals(songWordsRefusal(noWords, given), null);
  assertEquals(songWordsRefusal(both, given), SONG_WORDS_MESSAGES.orderHasLyrics);
  assertEquals(songWordsRefusal(lyricsNoTitle, { songTitle: "New", songLyrics: null }), null);
  assertEquals(
    songWordsRefusal(both, { songTitle: "New", songLyrics: null }),
    SONG_WORDS_MESSAGES.orderHasTitle,
  );
  assertEquals(songWordsRefusal(both, null), null, "an upload without words fits any order");
});
