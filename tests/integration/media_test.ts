import { assertEquals, assertMatch } from "@std/assert";
import { songUrlFor } from "../../domain/song/download.ts";
import { buildOrder, type Order, orderFormSchema } from "../../domain/order/orders.ts";
import { BLOB_CHUNK_BYTES } from "../../kv/blobs.ts";
import { writeOrder } from "../../kv/orders.ts";
import { createTestApp, type TestApp } from "../helpers.ts";
import { orderForm } from "./orders/helpers.ts";

const SIZE = BLOB_CHUNK_BYTES + 5_000;

function patterned(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 8)) & 0xff;
  return bytes;
}

async function storeSong(t: TestApp, size = SIZE) {
  const bytes = patterned(size);
  const meta = await t.deps.blobs.put(bytes, { contentType: "audio/mpeg", now: t.clock.now() });
  // A family's delivered song, so its address plays for anyone (media_reasons_test.ts has the rest).
  await storeOrder(t, { songBlobId: meta.id });
  return { bytes, meta, path: new URL(songUrlFor(t.config.appUrl, meta.id)).pathname };
}

async function storeOrder(t: TestApp, song: Partial<Order>, childName = "Mia Rose") {
  const order = {
    ...buildOrder(orderFormSchema.parse(orderForm({ childName })), {
      id: crypto.randomUUID(),
      orderNumber: 1000,
      userId: null,
      price: { basePrice: 2499, streamingPrice: 1000, discountAmount: 0, totalPrice: 2499 },
      payment: { kind: "demo" },
      promoCode: null,
      referralCodeUsed: null,
      customerReferralCode: null,
      now: t.clock.now(),
    }),
    status: "completed" as const,
    // Delivered, so the song is the customer's to download.
    songUrl: "http://localhost:8000/audio/song.mp3",
    emailSentAt: new Date(t.clock.now()).toISOString(),
    ...song,
  };
  const result = await writeOrder(t.kv.atomic(), null, order).commit();
  if (!result.ok) throw new Error("could not store the order");
  return order;
}

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

Deno.test("a family's song is served whole, revalidated before each use and loadable cross-origin", async () => {
  await using t = await createTestApp();
  const { bytes, meta, path } = await storeSong(t);
  const response = await t.request(path);
  assertEquals(response.status, 200);
  assertEquals(response.headers.get("content-type"), "audio/mpeg");
  assertEquals(response.headers.get("content-length"), String(SIZE));
  assertEquals(response.headers.get("accept-ranges"), "bytes");
  assertEquals(response.headers.get("etag"), `"${meta.sha256}"`);
  // Its reason can end (a take withdrawn, a song deleted): a cache asks again, answered by a 304.
  assertEquals(response.headers.get("cache-control"), "private, no-cache");
  assertEquals(response.headers.get("access-control-allow-origin"), "*");
  assertEquals(await bytesOf(response), bytes);
});

Deno.test("byte ranges: exact bytes across a chunk border, suffixes, and 416 past the end", async () => {
  await using t = await createTestApp();
  const { bytes, path } = await storeSong(t);

  const border = await t.request(path, { headers: { range: "bytes=59990-60009" } });
  assertEquals(border.status, 206);
  assertEquals(border.headers.get("content-range"), `bytes 59990-60009/${SIZE}`);
  assertEquals(border.headers.get("content-length"), "20");
  assertEquals(await bytesOf(border), bytes.slice(59_990, 60_010));

  const open = await t.request(path, { headers: { range: "bytes=0-" } });
  assertEquals(open.status, 206);
  assertEquals(open.headers.get("content-range"), `bytes 0-${SIZE - 1}/${SIZE}`);
  assertEquals(await bytesOf(open), bytes);

  const tail = await t.request(path, { headers: { range: "bytes=-100" } });
  assertEquals(tail.headers.get("content-range"), `bytes ${SIZE - 100}-${SIZE - 1}/${SIZE}`);
  assertEquals(await bytesOf(tail), bytes.slice(-100));

  const beyond = await t.request(path, { headers: { range: `bytes=${SIZE}-` } });
  assertEquals(beyond.status, 416);
  assertEquals(beyond.headers.get("content-range"), `bytes */${SIZE}`);
  await beyond.body?.cancel();

  const several = await t.request(path, { headers: { range: "bytes=0-1,5-6" } });
  assertEquals(several.status, 200);
  assertEquals((await bytesOf(several)).length, SIZE);
});

Deno.test("HEAD, If-None-Match and If-Range behave as players and caches expect", async () => {
  await using t = await createTestApp();
  const { bytes, meta, path } = await storeSong(t);
  const etag = `"${meta.sha256}"`;

  const head = await t.request(path, { method: "HEAD" });
  assertEquals(head.status, 200);
  assertEquals(head.headers.get("content-length"), String(SIZE));
  assertEquals(await head.text(), "");

  const notModified = await t.request(path, { headers: { "if-none-match": `W/"other", ${etag}` } });
  assertEquals(notModified.status, 304);
  assertEquals(notModified.headers.get("etag"), etag);
  await notModified.body?.cancel();

  const sameVersion = await t.request(path, { headers: { range: "bytes=0-9", "if-range": etag } });
  assertEquals(sameVersion.status, 206);
  assertEquals(await bytesOf(sameVersion), bytes.slice(0, 10));

  const otherVersion = await t.request(path, { headers: { range: "bytes=0-9", "if-range": `"stale"` } });
  assertEquals(otherVersion.status, 200);
  assertEquals((await bytesOf(otherVersion)).length, SIZE);
});

Deno.test("an unknown song address answers 404 JSON", async () => {
  await using t = await createTestApp();
  for (const path of [`/audio/${crypto.randomUUID()}.mp3`, "/audio/not%20an%20id.mp3", "/audio/x.wav"]) {
    const response = await t.request(path);
    assertEquals(response.status, 404, path);
    assertEquals(await response.json(), { message: "This song could not be found." }, path);
  }
});

Deno.test("the download is the order's song as an attachment named by the spec's rule", async () => {
  await using t = await createTestApp();
  const { bytes, meta } = await storeSong(t);
  const titled = await storeOrder(t, { songBlobId: meta.id, songTitle: "Mia's Magic Morning!" });
  const response = await t.request(`/api/download/${titled.id}`);
  assertEquals(response.status, 200);
  assertEquals(response.headers.get("content-type"), "audio/mpeg");
  assertEquals(
    response.headers.get("content-disposition"),
    `attachment; filename="Mias-Magic-Morning.mp3"; filename*=UTF-8''Mias-Magic-Morning.mp3`,
  );
  assertEquals(response.headers.get("cache-control"), "private, no-cache");
  assertEquals(response.headers.get("access-control-allow-origin"), null);
  assertEquals(await bytesOf(response), bytes);

  const part = await t.request(`/api/download/${titled.id}`, { headers: { range: "bytes=-10" } });
  assertEquals(part.status, 206);
  assertEquals(await bytesOf(part), bytes.slice(-10));

  const untitled = await storeOrder(t, { songBlobId: meta.id, songTitle: null });
  const plain = await t.request(`/api/download/${untitled.id}`, { method: "HEAD" });
  assertMatch(plain.headers.get("content-disposition")!, /filename="Mia-Roses-Song\.mp3"/);

  const accented = await storeOrder(t, { songBlobId: meta.id, songTitle: "Zoë's Café Song" }, "Zoë");
  const named = await t.request(`/api/download/${accented.id}`, { method: "HEAD" });
  assertEquals(
    named.headers.get("content-disposition"),
    `attachment; filename="Zoes-Cafe-Song.mp3"; filename*=UTF-8''Zo%C3%ABs-Caf%C3%A9-Song.mp3`,
  );
});

Deno.test("a download of an unknown order, or of one without its song yet, answers 404 JSON", async () => {
  await using t = await createTestApp();
  const waiting = await storeOrder(t, { status: "generating" });
  const lost = await storeOrder(t, { songBlobId: crypto.randomUUID() });
  const cases: [string, string][] = [
    [`/api/download/${crypto.randomUUID()}`, "Order not found."],
    [`/api/download/${"x".repeat(300)}`, "Order not found."],
    [`/api/download/${waiting.id}`, "This song is not ready yet."],
    [`/api/download/${lost.id}`, "This song is not ready yet."],
  ];
  for (const [path, message] of cases) {
    const response = await t.request(path);
    assertEquals(response.status, 404, path);
    assertEquals(await response.json(), { message }, path);
  }
});
