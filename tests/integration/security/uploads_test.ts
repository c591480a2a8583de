import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { MAX_SONG_BYTES, UPLOAD_MESSAGES } from "../../../domain/song/uploads.ts";
import { concat, pngBytes, synthMp3, wavBytes, withId3v2 } from "../../../fakes/audio_files.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { adminHeaders, DELIVERY_ENV } from "../delivery/helpers.ts";
import { storeChanges, storeSnapshot } from "./helpers.ts";

/**
 * Issue 9, security suite: the admin song upload (staff-side §7), the one route that takes a file.
 * The name and the type a browser declares are claims; the bytes decide, and a refusal stores nothing.
 * tests/integration/admin/songs_test.ts has the first checks (PNG, WAV, empty, cut short, noise, and
 * the 30 MB limit before and while reading); these add the remaining disguises and what is served.
 */

const UPLOAD = "/api/admin/songs/upload-multipart";
const text = (value: string) => new TextEncoder().encode(value);

async function upload(
  t: TestApp,
  headers: Record<string, string>,
  bytes: Uint8Array,
  name: string,
  type: string,
) {
  const form = new FormData();
  form.append("audioFile", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const response = await t.request(UPLOAD, { method: "POST", headers, body: form });
  return { status: response.status, body: await response.json() };
}

/** An MP3 cut inside its second frame: the frame headers promise more bytes than there are. */
function cutMidFrame(): Uint8Array {
  const mp3 = synthMp3();
  const second = mp3.findIndex((byte, i) => i > 4 && byte === 0xff && (mp3[i + 1] & 0xe0) === 0xe0);
  return mp3.subarray(0, second + 40);
}

/** [what, file name, declared type, bytes, words the refusal's details must contain] */
const REFUSED: [string, string, string, Uint8Array, string][] = [
  ["wrong type, said honestly: a PNG as image/png", "photo.png", "image/png", pngBytes(), "PNG image"],
  ["wrong type, said honestly: a WAV as audio/wav", "take1.wav", "audio/wav", wavBytes(1), "WAV file"],
  ["disguised: PNG bytes named .mp3, sent as audio/mpeg", "song.mp3", "audio/mpeg", pngBytes(), "PNG image"],
  [
    "disguised: a text file named .mp3",
    "song.mp3",
    "audio/mpeg",
    text("Twinkle twinkle little star\n".repeat(200)),
    "not an MP3 file",
  ],
  [
    "disguised: an HTML page with script named .mp3",
    "song.mp3",
    "audio/mpeg",
    text(`<!doctype html><script>alert(document.cookie)</script>${" ".repeat(4000)}`),
    "not an MP3 file",
  ],
  ["disguised: a PDF named .mp3", "song.mp3", "audio/mpeg", text("%PDF-1.7\n" + "x".repeat(5000)), "PDF"],
  [
    "disguised: a ZIP named .mp3",
    "song.mp3",
    "audio/mpeg",
    concat(text("PK\x03\x04"), new Uint8Array(5000)),
    "ZIP",
  ],
  ["truncated: an MP3 cut inside its second frame", "song.mp3", "audio/mpeg", cutMidFrame(), "cut short"],
  [
    "truncated: an ID3 tag and nothing after it",
    "song.mp3",
    "audio/mpeg",
    withId3v2(new Uint8Array()),
    "no audio after it",
  ],
  [
    "truncated: the first 3 bytes of an MP3",
    "song.mp3",
    "audio/mpeg",
    synthMp3().subarray(0, 3),
    "too short",
  ],
  ["empty: no bytes at all", "song.mp3", "audio/mpeg", new Uint8Array(), "empty"],
];

Deno.test("uploads: wrong, disguised, truncated, empty files: 400 and nothing stored", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const problems: string[] = [];
  for (const [what, name, type, bytes, reason] of REFUSED) {
    const before = await storeSnapshot(t.kv);
    const { status, body } = await upload(t, admin, bytes, name, type);
    if (status !== 400) problems.push(`${what}: ${status} ${JSON.stringify(body)}`);
    else if (body.message !== UPLOAD_MESSAGES.notMp3) problems.push(`${what}: "${body.message}"`);
    else if (!String(body.details).includes(reason)) problems.push(`${what}: details "${body.details}"`);
    const written = storeChanges(before, await storeSnapshot(t.kv));
    if (written.length) problems.push(`${what}: wrote ${written.join(", ")}`);
  }
  assertEquals(problems, []);
});

Deno.test("uploads: oversize is 413 with nothing stored, whatever the file claims to be", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const song = synthMp3();
  // Real MP3 frames just past the limit: the size alone decides, before the content is judged.
  const copies = Math.ceil((MAX_SONG_BYTES + 1) / song.byteLength);
  const huge = concat(...Array.from({ length: copies }, () => song));
  assert(huge.byteLength > MAX_SONG_BYTES);
  const before = await storeSnapshot(t.kv);
  const { status, body } = await upload(t, admin, huge, "long.mp3", "audio/mpeg");
  assertEquals(status, 413);
  assertEquals(body.message, UPLOAD_MESSAGES.tooLarge);
  assertStringIncludes(body.details, "the maximum is 30 MB");
  assertEquals(storeChanges(before, await storeSnapshot(t.kv)), []);
});

Deno.test("uploads: a real MP3 under any name or type is served only as audio/mpeg", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const mp3 = withId3v2(synthMp3());
  for (
    const [name, type] of [["notes.txt", "text/plain"], ["page.html", "text/html"], [
      "song.svg",
      "image/svg+xml",
    ]]
  ) {
    const { status, body } = await upload(t, admin, mp3, name, type);
    assertEquals(status, 201, `${name}: ${JSON.stringify(body)}`);
    assertEquals(body.fileName, name, "the name is only a label for staff");
    const served = await t.request(new URL(body.songUrl).pathname, { headers: admin });
    assertEquals(served.headers.get("content-type"), "audio/mpeg", name);
    assertEquals(served.headers.get("x-content-type-options"), "nosniff", name);
    assert(new URL(body.songUrl).pathname.endsWith(".mp3"), "the address is ours, not the file's name");
    assertEquals(new Uint8Array(await served.arrayBuffer()), mp3);
  }
});
