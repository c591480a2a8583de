import { assertEquals, assertThrows } from "@std/assert";
import {
  percentOf,
  readUploadAnswer,
  SongUploadError,
  songUploadForm,
  uploadFailureText,
} from "../../../../../islands/admin/dialogs/song_upload.ts";

const FALLBACK = "Failed to upload song file. Please try again.";

Deno.test("song upload: whole percent, clamped, 0 while the total is unknown", () => {
  assertEquals(percentOf(0, 100), 0);
  assertEquals(percentOf(333, 1000), 33);
  assertEquals(percentOf(1000, 1000), 100);
  assertEquals(percentOf(1200, 1000), 100);
  assertEquals(percentOf(10, 0), 0);
});

Deno.test("song upload: a 201 answer gives the song's address", () => {
  const body = { songUrl: "http://x/audio/b.mp3", message: "Uploaded", sizeBytes: 12, fileName: "a.mp3" };
  assertEquals(readUploadAnswer(201, JSON.stringify(body)), body);
});

Deno.test("song upload: a refusal carries the server's message and details", () => {
  const error = assertThrows(
    () =>
      readUploadAnswer(
        413,
        JSON.stringify({
          message: "File too large",
          details: "The file is 31.0 MB; the maximum is 30 MB. Please compress or trim it.",
        }),
      ),
    SongUploadError,
  );
  assertEquals(error.status, 413);
  assertEquals(
    uploadFailureText(error, FALLBACK),
    "File too large. The file is 31.0 MB; the maximum is 30 MB. Please compress or trim it.",
  );
});

Deno.test("song upload: without server words the dialog's own text is used", () => {
  const html = assertThrows(() => readUploadAnswer(502, "<html>Bad gateway</html>"), SongUploadError);
  assertEquals(uploadFailureText(html, FALLBACK), FALLBACK);
  assertEquals(uploadFailureText(new SongUploadError(0, undefined, undefined), FALLBACK), FALLBACK);
  assertEquals(uploadFailureText(new TypeError("network"), FALLBACK), FALLBACK);
  // A 2xx without a song address is not a success the dialogs could use.
  assertThrows(() => readUploadAnswer(200, "{}"), SongUploadError);
});

Deno.test("song upload: a message alone, or one that already ends a sentence", () => {
  assertEquals(uploadFailureText(new SongUploadError(400, "No file", undefined), FALLBACK), "No file");
  assertEquals(
    uploadFailureText(new SongUploadError(400, "Not an MP3.", "It looks like a PDF."), FALLBACK),
    "Not an MP3. It looks like a PDF.",
  );
});

Deno.test("song upload: the form carries the title and lyrics only when given", () => {
  const file = new File(["x"], "mia.mp3", { type: "audio/mpeg" });
  const plain = songUploadForm(file, null);
  assertEquals([...plain.keys()], ["audioFile"]);
  const full = songUploadForm(file, { songTitle: "Mia's Song", songLyrics: "La\nla" });
  assertEquals([full.get("songTitle"), full.get("songLyrics")], ["Mia's Song", "La\nla"]);
  assertEquals([...songUploadForm(file, { songTitle: null, songLyrics: "La" }).keys()], [
    "audioFile",
    "songLyrics",
  ]);
});
