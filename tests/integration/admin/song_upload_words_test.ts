import { assertEquals } from "@std/assert";
import type { Order } from "../../../domain/order/orders.ts";
import {
  SONG_LYRICS_MAX_CHARS,
  SONG_TITLE_MAX_CHARS,
  SONG_WORDS_MESSAGES,
} from "../../../domain/song/upload_words.ts";
import { listEvents } from "../../../kv/events.ts";
import { getOrder, updateOrder } from "../../../kv/orders.ts";
import { getSongUpload } from "../../../kv/song_uploads.ts";
import { synthMp3 } from "../../../fakes/audio_files.ts";
import { createTestApp, jsonBody, type TestApp } from "../../helpers.ts";
import { adminHeaders, DELIVERY_ENV } from "../delivery/helpers.ts";
import { placeOrder } from "../jobs/helpers.ts";
import { countersAndTruth } from "./helpers.ts";

/**
 * Issue 23: an upload onto an order without lyrics (its generation stopped before they were written)
 * may bring the song's title and lyrics in its multipart body; the order takes them in the same
 * write that takes the upload, and the upload's staff event names them.
 */
const UPLOAD = "/api/admin/songs/upload-multipart";
type AuthHeaders = Record<string, string>;

/** The body a browser sends: the file, then the words as text fields (their line breaks as CR LF). */
async function upload(t: TestApp, headers: AuthHeaders, words: Record<string, string> = {}) {
  const form = new FormData();
  form.append(
    "audioFile",
    new File([synthMp3() as Uint8Array<ArrayBuffer>], "fay.mp3", { type: "audio/mpeg" }),
  );
  for (const [field, value] of Object.entries(words)) form.append(field, value);
  const response = await t.request(UPLOAD, { method: "POST", headers, body: form });
  return { status: response.status, body: await response.json() };
}

async function attach(t: TestApp, headers: AuthHeaders, orderId: string, songUrl: string) {
  const response = await t.request(`/api/admin/orders/${orderId}/upload`, jsonBody({ songUrl }, { headers }));
  return { status: response.status, body: await response.json() };
}

const blobIdOf = (songUrl: string) => new URL(songUrl).pathname.slice("/audio/".length, -".mp3".length);

/** An order whose generation failed writing its lyrics: no lyrics, no title. */
async function failedAtLyrics(t: TestApp, childName = "Fay"): Promise<Order> {
  const placed = await placeOrder(t, { childName });
  return (await updateOrder(t.kv, placed.id, (order) => ({
    ...order,
    status: "failed",
    currentStage: "LYRICS",
    failureType: "lyrics",
    error: "Lyrics Generation failed: the model refused the request.",
    nextPollAt: null,
    songLyrics: null,
    songTitle: null,
    failureEmailSent: false,
    failureEmailDueAt: new Date(t.clock.now() + 30 * 60_000).toISOString(),
  })))!;
}

const LYRICS = "[Verse]\nFay runs in the sun\nLaughing with everyone\n\n[Chorus]\nHooray for Fay";

Deno.test("an upload brings a title and lyrics to an order without lyrics, in the write that takes it", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const order = await failedAtLyrics(t);

  const uploaded = await upload(t, admin, { songTitle: "  Fay's Sunny Day ", songLyrics: `\n${LYRICS}\n\n` });
  assertEquals(uploaded.status, 201);
  const blobId = blobIdOf(uploaded.body.songUrl);
  // Kept with the upload until an order takes it; the form's CR LF line breaks are the song's "\n" again.
  assertEquals((await getSongUpload(t.kv, blobId)).value?.words, {
    songTitle: "Fay's Sunny Day",
    songLyrics: LYRICS,
  });
  assertEquals(
    (await getOrder(t.kv, order.id))?.songLyrics,
    null,
    "nothing reaches the order before it takes the upload",
  );

  const attached = await attach(t, admin, order.id, uploaded.body.songUrl);
  assertEquals(attached.status, 200);
  assertEquals([attached.body.order.songTitle, attached.body.order.songLyrics], ["Fay's Sunny Day", LYRICS]);
  const stored = (await getOrder(t.kv, order.id))!;
  assertEquals(
    [stored.status, stored.songTitle, stored.songLyrics, stored.songBlobId],
    ["completed", "Fay's Sunny Day", LYRICS, blobId],
  );
  assertEquals((await getSongUpload(t.kv, blobId)).value?.attachedTo, order.id);
  const staff = (await listEvents(t.kv, order.id)).filter((event) => event.stage === "STAFF");
  assertEquals(staff.length, 1);
  assertEquals(
    staff[0].message,
    `Song uploaded by ${staff[0].context.by}: fay.mp3, with the title "Fay's Sunny Day" and lyrics.`,
  );
  assertEquals([staff[0].context.songTitle, staff[0].context.songLyrics], ["Fay's Sunny Day", LYRICS]);
  const { stored: counters, truth } = await countersAndTruth(t.kv);
  assertEquals(counters, truth);

  // A repeated request (a lost answer) finds its work done, words and all.
  const again = await attach(t, admin, order.id, uploaded.body.songUrl);
  assertEquals([again.status, again.body.order.songLyrics], [200, LYRICS]);
  assertEquals((await listEvents(t.kv, order.id)).filter((event) => event.stage === "STAFF").length, 1);
});

Deno.test("an upload's title and lyrics are bounded: too long is a 400 with a message, and nothing is kept", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const cases: [Record<string, string>, string][] = [
    [{ songTitle: "T".repeat(SONG_TITLE_MAX_CHARS + 1) }, SONG_WORDS_MESSAGES.titleTooLong],
    [{ songLyrics: "la ".repeat(SONG_LYRICS_MAX_CHARS) }, SONG_WORDS_MESSAGES.lyricsTooLong],
  ];
  for (const [words, message] of cases) {
    const refused = await upload(t, admin, words);
    assertEquals([refused.status, refused.body.message], [400, message]);
  }
  let blobs = 0;
  for await (const _ of t.kv.list({ prefix: ["blobs"] })) blobs++;
  assertEquals(blobs, 0, "no audio kept for a refused upload");

  // At the limit, counted as the family reads them: a browser's CR LF is one line break.
  const full = `${"a\n".repeat(SONG_LYRICS_MAX_CHARS / 2 - 1)}ab`;
  assertEquals(full.length, SONG_LYRICS_MAX_CHARS);
  const fits = await upload(t, admin, { songTitle: "T".repeat(SONG_TITLE_MAX_CHARS), songLyrics: full });
  assertEquals(fits.status, 201);
  assertEquals((await getSongUpload(t.kv, blobIdOf(fits.body.songUrl))).value?.words?.songLyrics, full);
});

Deno.test("an order with lyrics keeps them: an upload bringing others is refused (409), one without is taken", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const placed = await placeOrder(t, { childName: "Gus" });
  const order = (await updateOrder(t.kv, placed.id, (stored) => ({
    ...stored,
    songTitle: "Gus and the Moon",
    songLyrics: "Gus looks up at the moon",
  })))!;

  const withWords = await upload(t, admin, { songLyrics: "Other words" });
  const refused = await attach(t, admin, order.id, withWords.body.songUrl);
  assertEquals([refused.status, refused.body.message], [409, SONG_WORDS_MESSAGES.orderHasLyrics]);
  const unchanged = (await getOrder(t.kv, order.id))!;
  assertEquals([unchanged.status, unchanged.songLyrics, unchanged.songUrl ?? null], [
    order.status,
    order.songLyrics,
    null,
  ]);
  assertEquals((await getSongUpload(t.kv, blobIdOf(withWords.body.songUrl))).value?.attachedTo, null);
  assertEquals((await listEvents(t.kv, order.id)).filter((event) => event.stage === "STAFF"), []);

  const withTitle = await upload(t, admin, { songTitle: "Another Title" });
  const titleRefused = await attach(t, admin, order.id, withTitle.body.songUrl);
  assertEquals([titleRefused.status, titleRefused.body.message], [409, SONG_WORDS_MESSAGES.orderHasTitle]);

  const plain = await upload(t, admin);
  assertEquals((await attach(t, admin, order.id, plain.body.songUrl)).status, 200);
  const stored = (await getOrder(t.kv, order.id))!;
  assertEquals(
    [stored.status, stored.songTitle, stored.songLyrics],
    ["completed", "Gus and the Moon", "Gus looks up at the moon"],
  );
});

Deno.test("an order with lyrics but no title (failed choosing its style) may get a title alone", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const placed = await placeOrder(t, { childName: "Ivy" });
  const order = (await updateOrder(t.kv, placed.id, (stored) => ({
    ...stored,
    status: "failed",
    currentStage: "TAGS",
    songTitle: null,
    songLyrics: "Ivy climbs the tree",
  })))!;
  const uploaded = await upload(t, admin, { songTitle: "Ivy's Tree" });
  assertEquals((await attach(t, admin, order.id, uploaded.body.songUrl)).status, 200);
  const stored = (await getOrder(t.kv, order.id))!;
  assertEquals([stored.songTitle, stored.songLyrics], ["Ivy's Tree", "Ivy climbs the tree"]);
});

Deno.test("an upload without words onto an order without lyrics works as before: the child's title, no lyrics", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const order = await failedAtLyrics(t, "Noor");
  const blank = await upload(t, admin, { songTitle: "   ", songLyrics: "\r\n \r\n" });
  assertEquals(blank.status, 201);
  assertEquals(
    (await getSongUpload(t.kv, blobIdOf(blank.body.songUrl))).value?.words,
    null,
    "blank is not given",
  );
  assertEquals((await attach(t, admin, order.id, blank.body.songUrl)).status, 200);
  const stored = (await getOrder(t.kv, order.id))!;
  assertEquals([stored.status, stored.songTitle, stored.songLyrics], ["completed", "Noor's Song", null]);
  const staff = (await listEvents(t.kv, order.id)).find((event) => event.stage === "STAFF")!;
  assertEquals(staff.message, `Song uploaded by ${staff.context.by}: fay.mp3.`);
  assertEquals("songLyrics" in staff.context, false);
});

Deno.test("words sent as a file part are refused with a message", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const form = new FormData();
  form.append(
    "audioFile",
    new File([synthMp3() as Uint8Array<ArrayBuffer>], "fay.mp3", { type: "audio/mpeg" }),
  );
  form.append("songLyrics", new File(["la la"], "lyrics.txt", { type: "text/plain" }));
  const response = await t.request(UPLOAD, { method: "POST", headers: admin, body: form });
  assertEquals([response.status, (await response.json()).message], [400, SONG_WORDS_MESSAGES.notText]);
});
