import { unsingableNameMessage } from "../../../domain/order/sung_name.ts";
import { assert, assertEquals, assertMatch } from "@std/assert";
import type { AdminOrderList } from "../../../domain/admin/order_list.ts";
import { dueWorkOf } from "../../../domain/order/due_work.ts";
import { owedEmailSent } from "../../../domain/email/owed.ts";
import type { Order } from "../../../domain/order/orders.ts";
import type { CallFacts } from "../../../domain/generation/provider_calls.ts";
import { MAX_SONG_BYTES } from "../../../domain/song/uploads.ts";
import { createDeps } from "../../../deps.ts";
import { runGeneration } from "../../../jobs/generation.ts";
import { MANUAL_SONG_MESSAGES } from "../../../orders/manual_song.ts";
import { getBlobMeta } from "../../../kv/blobs.ts";
import { listEvents } from "../../../kv/events.ts";
import { keys } from "../../../kv/keys.ts";
import { countOrders, getOrder, updateOrder } from "../../../kv/orders.ts";
import { getSongUpload } from "../../../kv/song_uploads.ts";
import { getUserByEmail } from "../../../kv/users.ts";
import type { MusicStudio } from "../../../providers/music/mod.ts";
import { MISSING_INFORMATION } from "../../../routes/api/admin/songs.ts";
import { concat, noiseBytes, pngBytes, synthMp3, wavBytes, withId3v2 } from "../../../fakes/audio_files.ts";
import { createTestApp, jsonBody, type TestApp } from "../../helpers.ts";
import {
  ADMIN_EMAIL,
  adminHeaders,
  completedOrder,
  DELIVERY_ENV,
  sessionHeaders,
} from "../delivery/helpers.ts";
import { placeOrder } from "../jobs/helpers.ts";
import { countersAndTruth } from "./helpers.ts";

const UPLOAD = "/api/admin/songs/upload-multipart";
const DAY = 24 * 60 * 60 * 1000;
type AuthHeaders = Record<string, string>;

/** The multipart body a browser would send for `file`, with its content type and exact length. */
async function multipart(file: File, field = "audioFile") {
  const form = new FormData();
  form.append(field, file, file.name);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const body = new Uint8Array(await request.arrayBuffer());
  return { body, contentType: request.headers.get("content-type")! };
}

async function upload(
  t: TestApp,
  headers: AuthHeaders,
  bytes: Uint8Array,
  name = "song.mp3",
  type = "audio/mpeg",
) {
  const { body, contentType } = await multipart(new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const response = await t.request(UPLOAD, {
    method: "POST",
    headers: { ...headers, "content-type": contentType, "content-length": String(body.byteLength) },
    body,
  });
  return { status: response.status, body: await response.json() };
}

async function attach(t: TestApp, headers: AuthHeaders, orderId: string, songUrl: unknown) {
  const response = await t.request(`/api/admin/orders/${orderId}/upload`, jsonBody({ songUrl }, { headers }));
  return { status: response.status, body: await response.json() };
}

async function createManual(t: TestApp, headers: AuthHeaders, body: unknown) {
  const response = await t.request("/api/admin/orders/create", jsonBody(body, { headers }));
  return { status: response.status, body: await response.json() };
}

async function countUnder(kv: Deno.Kv, prefix: Deno.KvKey) {
  let count = 0;
  for await (const _ of kv.list({ prefix })) count++;
  return count;
}

/** A body that never ends, counting what the server pulled from it. */
function endlessBody(chunkBytes = 64 * 1024) {
  const chunk = new Uint8Array(chunkBytes).fill(0x41);
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      counter.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, counter };
}

async function failedOrder(t: TestApp): Promise<Order> {
  const placed = await placeOrder(t);
  const now = new Date(t.clock.now()).toISOString();
  return (await updateOrder(t.kv, placed.id, (order) => ({
    ...order,
    status: "failed",
    currentStage: "SUNO_STATUS",
    nextPollAt: null,
    error: "The music service could not make the song (GENERATE_AUDIO_FAILED).",
    failureType: "suno",
    lastErrorCode: 500,
    failureEmailSent: false,
    failureEmailDueAt: now,
    // Its confirmation went when it was placed: the email under test is the failure's.
    confirmationEmail: order.confirmationEmail &&
      owedEmailSent(order.confirmationEmail, Date.parse(order.createdAt)),
  })))!;
}

const manualBody = (songUrl: string, overrides: Record<string, unknown> = {}) => ({
  childName: "Noah",
  childAge: 14,
  parentEmail: "Parent@Example.com",
  songTitle: "Noah's Big Day",
  songLyrics: "Verse one for Noah\n\nChorus: hooray",
  songUrl,
  ...overrides,
});

Deno.test("all three song calls: 401 for visitors, 403 for customers, and nothing read or stored", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const order = await placeOrder(t);
  const customer = await sessionHeaders(t, "ann@example.com");
  for (const [who, headers, status] of [["visitor", {}, 401], ["customer", customer, 403]] as const) {
    const { stream, counter } = endlessBody();
    const refused = await t.request(UPLOAD, {
      method: "POST",
      headers: { ...headers, "content-type": "multipart/form-data; boundary=x" },
      body: stream,
    });
    assertEquals(refused.status, status, who);
    assert((await refused.json()).message, who);
    assert(counter.pulled <= 64 * 1024, `${who}: the body was not read (${counter.pulled} bytes pulled)`);

    const songUrl = `${t.config.appUrl}/audio/${crypto.randomUUID()}.mp3`;
    const attached = await attach(t, headers, order.id, songUrl);
    assertEquals([attached.status, typeof attached.body.message], [status, "string"], who);
    const created = await createManual(t, headers, manualBody(songUrl));
    assertEquals([created.status, typeof created.body.message], [status, "string"], who);
  }
  const real = await upload(t, customer, synthMp3());
  assertEquals(real.status, 403);
  assertEquals(await countUnder(t.kv, ["blobs"]), 0);
  assertEquals(await countUnder(t.kv, ["song_uploads"]), 0);
  assertEquals((await getOrder(t.kv, order.id))?.status, "generating");
});

Deno.test("a real MP3 is stored and served; attached, the order completes and waits for approval", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const order = await placeOrder(t);
  const mp3 = withId3v2(synthMp3());

  // An '=' in the name, which Deno's own form parser cuts at (routes/api/admin/multipart_file_name.ts).
  const uploaded = await upload(t, admin, mp3, "Mia's song (final=v2).mp3");
  assertEquals(uploaded.status, 201);
  assertEquals(uploaded.body.message, "Song uploaded");
  assertEquals(uploaded.body.sizeBytes, mp3.byteLength);
  assertEquals(uploaded.body.fileName, "Mia's song (final=v2).mp3");
  assertMatch(uploaded.body.songUrl, new RegExp(`^${t.config.appUrl}/audio/[\\w-]+\\.mp3$`));
  // No family has it: staff alone hear it.
  const served = await t.request(new URL(uploaded.body.songUrl).pathname, { headers: admin });
  assertEquals(served.status, 200);
  assertEquals(served.headers.get("content-type"), "audio/mpeg");
  assertEquals(new Uint8Array(await served.arrayBuffer()), mp3);
  const blobId = new URL(uploaded.body.songUrl).pathname.match(/audio\/(.+)\.mp3$/)![1];
  const record = (await getSongUpload(t.kv, blobId)).value!;
  assertEquals([record.uploadedBy, record.attachedTo, record.sizeBytes], [ADMIN_EMAIL, null, mp3.byteLength]);
  assertEquals(record.expiresAt, new Date(t.clock.now() + 7 * DAY).toISOString());

  const before = await countOrders(t.kv, "review");
  const eventsBefore = (await listEvents(t.kv, order.id)).length;
  const attached = await attach(t, admin, order.id, uploaded.body.songUrl);
  assertEquals(attached.status, 200);
  assertEquals(attached.body.message, "Song uploaded");
  assertEquals(attached.body.order.status, "completed");
  assertEquals(attached.body.order.songUrl, uploaded.body.songUrl);
  assertEquals(attached.body.order.songBlobId, undefined, "the staff view hides the blob id");

  const stored = (await getOrder(t.kv, order.id))!;
  assertEquals(stored.status, "completed");
  assertEquals(stored.approvalStatus, "pending");
  assertEquals(stored.songBlobId, blobId);
  assertEquals(stored.completedAt, new Date(t.clock.now()).toISOString());
  assertEquals([stored.currentStage, stored.stepClaim, stored.nextPollAt], [null, null, null]);
  assertEquals([stored.error, stored.failureType], [null, null]);
  assertEquals(stored.statusDetail, `Song uploaded by ${ADMIN_EMAIL}.`);
  // Only the order confirmation owed since it was placed (no worker runs here).
  assertEquals(
    dueWorkOf(stored).map((work) => work.job),
    ["confirmation-email"],
    "no generation step is due any more",
  );
  // One line on the timeline, naming who uploaded which file.
  const written = (await listEvents(t.kv, order.id)).slice(eventsBefore);
  assertEquals(written.map((event) => [event.stage, event.type, event.message]), [
    ["STAFF", "SUCCESS", `Song uploaded by ${ADMIN_EMAIL}: Mia's song (final=v2).mp3.`],
  ]);
  assertEquals(written[0].context?.by, ADMIN_EMAIL);
  assertEquals((await getSongUpload(t.kv, blobId)).value?.attachedTo, order.id);
  assertEquals(await countOrders(t.kv, "review"), before + 1);
  const { stored: counters, truth } = await countersAndTruth(t.kv);
  assertEquals(counters, truth);

  // The same call again (a double click) finds its work done; another order cannot take the song.
  const again = await attach(t, admin, order.id, uploaded.body.songUrl);
  assertEquals(again.status, 200);
  const other = await placeOrder(t);
  const taken = await attach(t, admin, other.id, uploaded.body.songUrl);
  assertEquals([taken.status, taken.body.message], [400, MANUAL_SONG_MESSAGES.taken]);
});

Deno.test("files that are not MP3 by their content are refused, whatever their name and type say", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const cases: [string, Uint8Array, string][] = [
    ["png", pngBytes(), "This is a PNG image, not MP3 audio."],
    ["wav", wavBytes(1), "This is a WAV file, not MP3 audio."],
    ["empty", new Uint8Array(), "The file is empty."],
    ["truncated", synthMp3().subarray(0, 10_000), "cut short"],
    ["noise", noiseBytes(100_000), "not an MP3 file"],
  ];
  for (const [what, bytes, reason] of cases) {
    const refused = await upload(t, admin, bytes, "song.mp3", "audio/mpeg");
    assertEquals(refused.status, 400, what);
    assertEquals(refused.body.message, "The file is not an MP3 audio file.", what);
    assert(refused.body.details.includes(reason), `${what}: ${refused.body.details}`);
  }
  assertEquals(await countUnder(t.kv, ["blobs"]), 0);
  assertEquals(await countUnder(t.kv, ["blob_chunks"]), 0);
});

Deno.test("no file: the field missing, an empty file input, or not multipart at all", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const wrongField = await multipart(new File([synthMp3() as Uint8Array<ArrayBuffer>], "song.mp3"), "song");
  const noField = await t.request(UPLOAD, {
    method: "POST",
    headers: { ...admin, "content-type": wrongField.contentType },
    body: wrongField.body,
  });
  assertEquals([noField.status, await noField.json()], [400, { message: "Please choose an audio file." }]);

  const emptyInput = await multipart(new File([], ""));
  const nothingChosen = await t.request(UPLOAD, {
    method: "POST",
    headers: { ...admin, "content-type": emptyInput.contentType },
    body: emptyInput.body,
  });
  assertEquals([nothingChosen.status, (await nothingChosen.json()).message], [
    400,
    "Please choose an audio file.",
  ]);

  const json = await t.request(UPLOAD, jsonBody({ audioFile: "song.mp3" }, { headers: admin }));
  assertEquals(json.status, 400);
  assertEquals((await json.json()).message, "Please choose an audio file.");
});

Deno.test("31 MB is refused with the actual size, before the body is read when its length says so", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const tooBig = await upload(t, admin, new Uint8Array(31 * 1024 * 1024), "long.mp3");
  assertEquals(tooBig.status, 413);
  assertEquals(tooBig.body, {
    message: "File too large",
    details: "The file is 31.0 MB; the maximum is 30 MB. Please compress or trim it.",
  });

  // A declared length over the limit: refused without reading (the body would never end anyway).
  const declared = endlessBody();
  const early = await t.request(UPLOAD, {
    method: "POST",
    headers: {
      ...admin,
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(40 * 1024 * 1024),
    },
    body: declared.stream,
  });
  assertEquals(early.status, 413);
  assertEquals(
    (await early.json()).details,
    "The file is 40.0 MB; the maximum is 30 MB. Please compress or trim it.",
  );
  assert(declared.counter.pulled <= 64 * 1024, `${declared.counter.pulled} bytes pulled`);

  // No declared length (chunked): read only until it passes the limit.
  const chunked = endlessBody();
  const late = await t.request(UPLOAD, {
    method: "POST",
    headers: { ...admin, "content-type": "multipart/form-data; boundary=x" },
    body: chunked.stream,
  });
  assertEquals(late.status, 413);
  assertEquals(
    (await late.json()).details,
    "The file is larger than 30 MB; the maximum is 30 MB. Please compress or trim it.",
  );
  assert(chunked.counter.pulled < MAX_SONG_BYTES + 512 * 1024, `${chunked.counter.pulled} bytes pulled`);
  assertEquals(await countUnder(t.kv, ["blobs"]), 0);
});

Deno.test("the limit is the file's own size: just over 30 MB is refused, up to 30 MB of MP3 is taken", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const over = await upload(t, admin, new Uint8Array(MAX_SONG_BYTES + 1000));
  assertEquals(over.status, 413, JSON.stringify(over.body));
  assertEquals(over.body.details, "The file is 30.1 MB; the maximum is 30 MB. Please compress or trim it.");

  // Whole copies of a real MP3 end on frame boundaries, so the joined file is one long MP3.
  const song = synthMp3();
  const copies = Math.floor(MAX_SONG_BYTES / song.byteLength);
  const long = concat(...Array.from({ length: copies }, () => song));
  const taken = await upload(t, admin, long, "long.mp3");
  assertEquals(taken.status, 201, JSON.stringify(taken.body));
  assertEquals(taken.body.sizeBytes, long.byteLength);
  assert(long.byteLength > MAX_SONG_BYTES - song.byteLength);
});

Deno.test("only our own unused uploads can be attached", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const order = await placeOrder(t);
  const generated = await completedOrder(t, { childName: "Other" });
  for (
    const songUrl of [
      "https://elsewhere.example/audio/song.mp3",
      `${t.config.appUrl}/audio/${crypto.randomUUID()}.mp3`,
      generated.songUrl, // another order's generated song: ours, but not an upload
      `${generated.songUrl}?x=1`,
      "not a url",
    ]
  ) {
    const refused = await attach(t, admin, order.id, songUrl);
    assertEquals(
      [refused.status, refused.body.message],
      [400, MANUAL_SONG_MESSAGES.notOurs],
      String(songUrl),
    );
  }
  const missing = await attach(t, admin, order.id, undefined);
  assertEquals(missing.status, 400);
  const uploaded = await upload(t, admin, synthMp3());
  const unknownOrder = await attach(t, admin, crypto.randomUUID(), uploaded.body.songUrl);
  assertEquals([unknownOrder.status, unknownOrder.body.message], [404, "Order not found."]);
  assertEquals((await getOrder(t.kv, order.id))?.status, "generating");
});

Deno.test("the button rules: no upload over a finished song (409); a failed order takes one", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const done = await completedOrder(t);
  const song = await upload(t, admin, synthMp3());
  const refused = await attach(t, admin, done.id, song.body.songUrl);
  assertEquals([refused.status, refused.body.message], [409, MANUAL_SONG_MESSAGES.hasSong]);
  assertEquals((await getOrder(t.kv, done.id))?.songUrl, done.songUrl);
  assertEquals(
    (await getSongUpload(t.kv, new URL(song.body.songUrl).pathname.slice(7, -4))).value?.attachedTo,
    null,
  );

  const failed = await failedOrder(t);
  assertEquals(dueWorkOf(failed).map((work) => work.job), ["failure-email"]);
  const rescued = await attach(t, admin, failed.id, song.body.songUrl);
  assertEquals(rescued.status, 200);
  const stored = (await getOrder(t.kv, failed.id))!;
  assertEquals([stored.status, stored.approvalStatus, stored.songUrl], [
    "completed",
    "pending",
    song.body.songUrl,
  ]);
  assertEquals([stored.error, stored.failureType, stored.lastErrorCode], [null, null, null]);
  assertEquals(dueWorkOf(stored), [], "the failure email is no longer due");
  const { stored: counters, truth } = await countersAndTruth(t.kv);
  assertEquals(counters, truth);
});

Deno.test("an upload nobody used expires after 7 days, and its audio is collected", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const order = await placeOrder(t);
  const old = await upload(t, admin, synthMp3());
  const oldId = new URL(old.body.songUrl).pathname.slice("/audio/".length, -".mp3".length);
  t.clock.advance(7 * DAY + 60_000);
  const late = await attach(t, admin, order.id, old.body.songUrl);
  assertEquals([late.status, late.body.message], [400, MANUAL_SONG_MESSAGES.expired]);

  await upload(t, admin, synthMp3()); // new uploads tidy the old ones
  assertEquals(await getBlobMeta(t.kv, oldId), null);
  assertEquals(await countUnder(t.kv, keys.blobChunks(oldId)), 0);
  assertEquals((await getSongUpload(t.kv, oldId)).value, null);
  assertEquals(await countUnder(t.kv, ["blobs"]), 1);
});

/** A music service whose finished song is still downloading until the test releases it. */
function slowDownloadStudio() {
  const downloading = Promise.withResolvers<void>();
  const release = Promise.withResolvers<void>();
  const call: CallFacts = {
    provider: "local-synthesiser",
    endpoint: "/",
    method: "LOCAL",
    httpStatus: 200,
    durationMs: 1,
  };
  const music: MusicStudio = {
    kind: "local",
    createSong: () => Promise.reject(new Error("not in this test")),
    checkSong: (taskId) =>
      Promise.resolve({
        state: "succeeded",
        providerStatus: "SUCCESS",
        tracks: [{
          audioId: `${taskId}-1`,
          audioUrl: `local-synth:${taskId}#1`,
          title: "Generated Title",
          durationSeconds: 8,
        }],
        call,
      }),
    async downloadAudio() {
      downloading.resolve();
      await release.promise;
      return { bytes: synthMp3(), contentType: "audio/mpeg", call };
    },
    timedLyrics: () => Promise.resolve({ words: [], call }),
  };
  return { music, downloading: downloading.promise, release: () => release.resolve() };
}

Deno.test("a generation step in flight loses to an uploaded song: its late result is thrown away", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const placed = await placeOrder(t);
  const order = (await updateOrder(t.kv, placed.id, (current) => ({
    ...current,
    currentStage: "SUNO_STATUS",
    songLyrics: "Verse\nChorus",
    songTags: "pop",
    songTaskId: "task-race",
    nextPollAt: null,
  })))!;
  const studio = slowDownloadStudio();
  const deps = createDeps({
    kv: t.kv,
    config: t.config,
    providers: { ...t.providers, music: studio.music },
    clock: t.clock,
    workerId: "slow-worker",
  });

  const run = runGeneration(deps, order.id);
  await studio.downloading; // the step has claimed the order and is fetching the generated song
  const song = await upload(t, admin, synthMp3());
  const attached = await attach(t, admin, order.id, song.body.songUrl);
  assertEquals(attached.status, 200);
  studio.release();
  assertEquals(await run, "lost-race");

  const stored = (await getOrder(t.kv, order.id))!;
  assertEquals([stored.status, stored.songUrl], ["completed", song.body.songUrl]);
  assertEquals(stored.statusDetail, `Song uploaded by ${ADMIN_EMAIL}.`);
  assertEquals(stored.songTitle, order.songTitle || `${order.childName}'s Song`);
  assertEquals(await countUnder(t.kv, ["blobs"]), 1, "the generated copy was deleted");
  const successes = (await listEvents(t.kv, order.id))
    .filter((event) => event.type === "SUCCESS" && event.stage !== "STAFF");
  assertEquals(successes.map((event) => event.message), [], "the late result wrote no success of its own");
  // Later messages for the order find nothing to do.
  assertEquals(await runGeneration(deps, order.id), "nothing-to-do");
});

Deno.test("a manual order: numbered from the sequence, ready for approval, indexed and counted", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const first = await placeOrder(t); // takes 1000
  await sessionHeaders(t, "parent@example.com"); // the parent has signed in before
  const parent = (await getUserByEmail(t.kv, "parent@example.com"))!;
  const song = await upload(t, admin, synthMp3());
  const review = await countOrders(t.kv, "review");

  const created = await createManual(t, admin, manualBody(song.body.songUrl));
  assertEquals(created.status, 201);
  assertEquals(created.body.message, "Order Created Successfully!");
  const view = created.body.order;
  assertEquals(view.orderNumber, first.orderNumber + 1);
  assertEquals([view.status, view.approvalStatus, view.childAge], ["completed", "pending", "14"]);
  assertEquals([view.songTitle, view.songLyrics, view.songUrl], [
    "Noah's Big Day",
    "Verse one for Noah\n\nChorus: hooray",
    song.body.songUrl,
  ]);
  assertEquals([view.basePrice, view.streamingPrice, view.totalPrice], [0, 0, 0]);
  assertEquals(view.parentEmail, "parent@example.com");

  const stored = (await getOrder(t.kv, view.id))!;
  assertEquals(stored.payment, { kind: "manual", createdBy: ADMIN_EMAIL });
  assertEquals("confirmationEmail" in stored, false, "staff made it: the family hears at delivery");
  assertEquals(stored.userId, parent.id);
  assertEquals(stored.songBlobId, new URL(song.body.songUrl).pathname.slice(7, -4));
  assertEquals((await t.kv.get(keys.orderSequence())).value, first.orderNumber + 2);
  assertEquals((await t.kv.get(keys.orderByNumber(view.orderNumber))).value, view.id);
  assertEquals((await t.kv.get(keys.orderByUser(parent.id, view.id))).value, view.id);
  assertEquals((await getSongUpload(t.kv, stored.songBlobId!)).value?.attachedTo, view.id);
  assertEquals(await countOrders(t.kv, "review"), review + 1);
  const { stored: counters, truth } = await countersAndTruth(t.kv);
  assertEquals(counters, truth);

  const listed = await t.request("/api/admin/orders?filter=review", { headers: admin });
  const list = await listed.json() as AdminOrderList;
  assertEquals(list.orders[0].id, view.id, "first in Review, newest first");
  const approved = await t.request(`/api/admin/orders/${view.id}/approve`, {
    method: "POST",
    headers: admin,
  });
  assertEquals(approved.status, 200, "and it can be approved like any finished song");

  const again = await createManual(t, admin, manualBody(song.body.songUrl, { childName: "Twin" }));
  assertEquals([again.status, again.body.message], [400, MANUAL_SONG_MESSAGES.taken]);
});

Deno.test("a manual order needs every field: the spec's message, and clear ones for bad values", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const song = await upload(t, admin, synthMp3());
  const body = manualBody(song.body.songUrl);
  for (const field of Object.keys(body)) {
    for (const blank of [undefined, null, "", "   "]) {
      const refused = await createManual(t, admin, { ...body, [field]: blank });
      assertEquals([refused.status, refused.body.message], [400, MISSING_INFORMATION], `${field}: ${blank}`);
    }
  }
  for (const childAge of [0, 19, 2.5, -3, "abc", "5 years", true]) {
    const refused = await createManual(t, admin, { ...body, childAge });
    assertEquals(
      [refused.status, refused.body.message],
      [400, "Age must be a whole number from 1 to 18."],
      String(childAge),
    );
  }
  const badEmail = await createManual(t, admin, { ...body, parentEmail: "parent@example" });
  assertEquals([badEmail.status, badEmail.body.message], [400, "Please enter a valid email address"]);
  const longTitle = await createManual(t, admin, { ...body, songTitle: "x".repeat(81) });
  assertEquals([longTitle.status, longTitle.body.message], [
    400,
    "Song title must be at most 80 characters.",
  ]);
  const longLyrics = await createManual(t, admin, { ...body, songLyrics: "la ".repeat(7000) });
  assertEquals([longLyrics.status, longLyrics.body.message], [
    400,
    "Lyrics must be at most 20,000 characters.",
  ]);
  // The child's name is the same everywhere it is typed: as it is sung, or a 400 that says why.
  const unsingable = await createManual(t, admin, { ...body, childName: "Mia 🦄" });
  assertEquals([unsingable.status, unsingable.body.message], [400, unsingableNameMessage("Mia 🦄")]);
  const invisible = await createManual(t, admin, { ...body, childName: "\u200B\u200B" });
  assertEquals([invisible.status, invisible.body.message], [400, MISSING_INFORMATION]);
  const notOurs = await createManual(t, admin, { ...body, songUrl: "https://elsewhere.example/a.mp3" });
  assertEquals([notOurs.status, notOurs.body.message], [400, MANUAL_SONG_MESSAGES.notOurs]);

  // None of that used a number or the song; an age given as digits is read as the number.
  assertEquals(await countOrders(t.kv, "all"), 0);
  const ok = await createManual(t, admin, { ...body, childAge: "18" });
  assertEquals([ok.status, ok.body.order.orderNumber, ok.body.order.childAge], [201, 1000, "18"]);
});
