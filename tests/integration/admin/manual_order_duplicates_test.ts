import { assertEquals } from "@std/assert";
import { DUPLICATE_ORDER_CODE } from "../../../domain/admin/manual_order_duplicates.ts";
import { listEvents } from "../../../kv/events.ts";
import { countOrders, getOrder } from "../../../kv/orders.ts";
import { getSongUpload } from "../../../kv/song_uploads.ts";
import { synthMp3 } from "../../../fakes/audio_files.ts";
import { createTestApp, jsonBody, type TestApp } from "../../helpers.ts";
import { ADMIN_EMAIL, adminHeaders, completedOrder, DELIVERY_ENV } from "../delivery/helpers.ts";

/** Issue 23: a manual order that repeats an existing one is warned about once, then made if staff say so. */

type AuthHeaders = Record<string, string>;

async function uploadSong(t: TestApp, headers: AuthHeaders): Promise<string> {
  const form = new FormData();
  form.append(
    "audioFile",
    new File([synthMp3() as Uint8Array<ArrayBuffer>], "song.mp3", { type: "audio/mpeg" }),
  );
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const body = new Uint8Array(await request.arrayBuffer());
  const response = await t.request("/api/admin/songs/upload-multipart", {
    method: "POST",
    headers: {
      ...headers,
      "content-type": request.headers.get("content-type")!,
      "content-length": String(body.byteLength),
    },
    body,
  });
  assertEquals(response.status, 201);
  return (await response.json()).songUrl;
}

async function createManual(t: TestApp, headers: AuthHeaders, body: unknown) {
  const response = await t.request("/api/admin/orders/create", jsonBody(body, { headers }));
  return { status: response.status, body: await response.json() };
}

/** The existing order's facts, typed again by someone else: other case, other spaces. */
const retyped = (songUrl: string, overrides: Record<string, unknown> = {}) => ({
  childName: "  mia  ",
  childAge: 5,
  parentEmail: "Parent@Example.COM",
  songTitle: "MIA'S   song",
  songLyrics: "Verse one for Mia",
  songUrl,
  ...overrides,
});

async function manualOrderEvent(t: TestApp, orderId: string) {
  const events = await listEvents(t.kv, orderId);
  return events.find((event) => event.context.action === "manual-order")!;
}

Deno.test("a manual order like an existing one: 409 naming it, nothing made, the upload still free", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  // The test helper titles a made song "<child>'s Song".
  const existing = await completedOrder(t, { childName: "Mia", parentEmail: "parent@example.com" });
  const songUrl = await uploadSong(t, admin);
  const before = await countOrders(t.kv, "all");

  const warned = await createManual(t, admin, retyped(songUrl));
  assertEquals(warned.status, 409);
  assertEquals(warned.body, {
    message: `Order #${existing.orderNumber} already has this child, parent email and song title.`,
    code: DUPLICATE_ORDER_CODE,
  });
  assertEquals(await countOrders(t.kv, "all"), before);
  const blobId = new URL(songUrl).pathname.slice("/audio/".length, -".mp3".length);
  assertEquals((await getSongUpload(t.kv, blobId)).value?.attachedTo, null, "free for the same order again");

  // An explicit false is the same as asking to be warned.
  const stillWarned = await createManual(t, admin, retyped(songUrl, { allowDuplicate: false }));
  assertEquals(stillWarned.status, 409);

  // Staff go on anyway: the same upload makes the order, and its timeline says what it repeats.
  const created = await createManual(t, admin, retyped(songUrl, { allowDuplicate: true }));
  assertEquals(created.status, 201);
  assertEquals(created.body.order.childName, "mia");
  assertEquals(await countOrders(t.kv, "all"), before + 1);
  const event = await manualOrderEvent(t, created.body.order.id);
  assertEquals(event.context.duplicateOf, [existing.orderNumber]);
  assertEquals(
    event.message,
    `Order created by ${ADMIN_EMAIL} with an uploaded song: song.mp3.` +
      ` Created anyway beside order #${existing.orderNumber}, with the same child, email and title.`,
  );

  // Now there are two, and a third attempt names both.
  const third = await createManual(t, admin, retyped(await uploadSong(t, admin)));
  assertEquals([third.status, third.body.message], [
    409,
    `Orders #${existing.orderNumber} and #${created.body.order.orderNumber} already have this child, parent email and song title.`,
  ]);
});

Deno.test("a manual order that differs in child, address or title is made at once, as before", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  await completedOrder(t, { childName: "Mia", parentEmail: "parent@example.com" });
  // Another family's order for a Mia with the same title is not this parent's.
  await completedOrder(t, { childName: "Mia", parentEmail: "other@example.com" });

  for (
    const different of [
      { childName: "Noah" },
      { parentEmail: "parent+mia@example.com" },
      { songTitle: "Mia's Birthday" },
    ]
  ) {
    const created = await createManual(t, admin, retyped(await uploadSong(t, admin), different));
    assertEquals(created.status, 201, JSON.stringify(different));
    const event = await manualOrderEvent(t, created.body.order.id);
    assertEquals("duplicateOf" in event.context, false, "nothing repeated, nothing said");
    assertEquals((await getOrder(t.kv, created.body.order.id))?.status, "completed");
  }
});

Deno.test("allowDuplicate must be true or false", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const refused = await createManual(
    t,
    admin,
    retyped(await uploadSong(t, admin), { allowDuplicate: "yes" }),
  );
  assertEquals([refused.status, refused.body.message], [400, "allowDuplicate must be true or false."]);
  assertEquals(await countOrders(t.kv, "all"), 0);
});
