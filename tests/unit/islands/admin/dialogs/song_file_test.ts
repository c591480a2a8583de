import { assertEquals } from "@std/assert";
import {
  formatFileSize,
  formatMb,
  looksLikeAudio,
  MAX_SONG_BYTES,
  songFileProblem,
} from "../../../../../islands/admin/dialogs/song_file.ts";

const MB = 1024 * 1024;

Deno.test("song file: sizes read in MB with one decimal", () => {
  assertEquals(formatMb(31.2 * MB), "31.2 MB");
  assertEquals(formatMb(31 * MB), "31.0 MB");
  assertEquals(formatMb(0), "0.0 MB");
  // One byte over the limit is not "30.0 MB".
  assertEquals(formatMb(30 * MB + 1), "30.1 MB");
});

Deno.test("song file: a chosen file's size in KB below 1 MB, in MB above", () => {
  assertEquals(formatFileSize(110_000), "107 KB");
  assertEquals(formatFileSize(12), "1 KB");
  assertEquals(formatFileSize(4.2 * MB), "4.2 MB");
});

Deno.test("song file: audio by type, or an .mp3 by name whatever its type", () => {
  assertEquals(looksLikeAudio({ name: "song.mp3", type: "audio/mpeg" }), true);
  assertEquals(looksLikeAudio({ name: "song", type: "audio/mp3" }), true);
  assertEquals(looksLikeAudio({ name: "SONG.MP3", type: "" }), true);
  assertEquals(looksLikeAudio({ name: "song.mp3", type: "application/octet-stream" }), true);
  assertEquals(looksLikeAudio({ name: "notes.pdf", type: "application/pdf" }), false);
  assertEquals(looksLikeAudio({ name: "mp3.txt", type: "text/plain" }), false);
});

Deno.test("song file: 30 MB is allowed, one byte more is 'File too large' with both sizes", () => {
  assertEquals(songFileProblem({ name: "a.mp3", type: "audio/mpeg", size: MAX_SONG_BYTES }), null);
  assertEquals(songFileProblem({ name: "a.mp3", type: "audio/mpeg", size: 31.2 * MB }), {
    title: "File too large",
    description: "This file is 31.2 MB. The maximum is 30 MB. Please compress or trim the song.",
  });
});

Deno.test("song file: a file that is not audio is refused before its size is looked at", () => {
  assertEquals(
    songFileProblem({ name: "a.pdf", type: "application/pdf", size: 40 * MB })?.title,
    "Invalid file type",
  );
});
