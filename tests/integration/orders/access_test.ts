import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { keys } from "../../../kv/keys.ts";
import { addEvents } from "../../../kv/events.ts";
import { buildEvent } from "../../../domain/generation/events.ts";
import { countOrders, getOrder, updateOrder } from "../../../kv/orders.ts";
import { getUserByEmail } from "../../../kv/users.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { adminHeaders, completedOrder, DELIVERY_ENV, sessionHeaders } from "../delivery/helpers.ts";
import { grantOrderAccess } from "../../../kv/order_access.ts";

/** Marks a made song as delivered, as the delivery job leaves it. */
const markDelivered = (t: TestApp, id: string) =>
  updateOrder(t.kv, id, (order) => ({
    ...order,
    approvalStatus: "approved",
    emailSentAt: new Date(t.clock.now()).toISOString(),
    emailSendCount: 1,
  }));

const PERSONAL = [
  "ann@example.com",
  "Ann Parent",
  "parentEmail",
  "parentName",
  "totalPrice",
  "basePrice",
  "payment",
];
const SECRET_KEYS = ["claimTokenHash", "deliveryClaim", "stepClaim", "songBlobId", "openaiLyricsPrompt"];

Deno.test("holding an order's id shows the public reveal view only, and the song only once it is delivered", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const order = await completedOrder(t, {
    childName: "Mia Rose",
    parentEmail: "ann@example.com",
    parentName: "Ann Parent",
  });
  const before = await (await t.request(`/api/orders/${order.id}`)).json();
  assertEquals([before.status, before.songUrl, before.songTitle, before.songLyrics], [
    "completed",
    null,
    null,
    null,
  ]);
  await markDelivered(t, order.id);

  const response = await t.request(`/api/orders/${order.id}`);
  const text = await response.text();
  const view = JSON.parse(text);
  assertEquals(view.songUrl, order.songUrl);
  assertEquals(view.songTitle, "Mia Rose's Song");
  assertEquals(view.childName, "Mia", "the child's first name only");
  assert(view.songLyrics.includes("Verse one"));
  for (const word of [...PERSONAL, ...SECRET_KEYS]) {
    assert(!text.includes(word), `the public view leaks ${word}`);
  }
  assertEquals(response.headers.get("cache-control"), "private, no-store");

  const stranger = await sessionHeaders(t, "eve@example.com");
  const asStranger = await (await t.request(`/api/orders/${order.id}`, { headers: stranger })).text();
  assert(!asStranger.includes("ann@example.com"), "another customer is a stranger too");
});

Deno.test("the owner sees their order (the song once delivered), admins see everything, never the secrets", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const order = await completedOrder(t, { parentEmail: "ann@example.com" });
  const owner = await sessionHeaders(t, "ann@example.com");
  const mine = await (await t.request(`/api/orders/${order.id}`, { headers: owner })).json();
  assertEquals([mine.parentEmail, mine.totalPrice, mine.songUrl], [
    "ann@example.com",
    order.totalPrice,
    null,
  ]);
  assertEquals(mine.songTags, undefined);

  const adminText = await (await t.request(`/api/orders/${order.id}`, { headers: await adminHeaders(t) }))
    .text();
  const admin = JSON.parse(adminText);
  assertEquals(
    [admin.songUrl, admin.songTags],
    [order.songUrl, "pop, happy"],
    "staff preview before approval",
  );
  for (const secret of SECRET_KEYS) assert(!adminText.includes(secret), `admin view carries ${secret}`);
});

Deno.test("My Songs lists own orders and songs shared by link, newest first; visitors get 401", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  assertEquals((await t.request("/api/orders/user")).status, 401);
  const owner = await sessionHeaders(t, "ann@example.com");
  const annId = (await getUserByEmail(t.kv, "ann@example.com"))!.id;
  const older = await completedOrder(t, { childName: "Ava", parentEmail: "ann@example.com" }, annId);
  t.clock.advance(1000);
  const guestOrder = await completedOrder(
    t,
    { childName: "Ben", parentEmail: "ann@example.com" },
    "someone-else",
  );
  const gift = await completedOrder(t, { childName: "Cal", parentEmail: "gran@example.com" }, "gran");
  await markDelivered(t, gift.id);
  await grantOrderAccess(t.kv, annId, gift.id, "opened-link", t.clock.now());
  const notHers = await completedOrder(t, { childName: "Dan", parentEmail: "eve@example.com" }, "eve");

  const list = await (await t.request("/api/orders/user", { headers: owner })).json();
  const names = list.map((item: { childName: string }) => item.childName);
  assert(!names.includes("Dan"));
  assertEquals(new Set(names), new Set(["Ava", "Ben", "Cal"]));
  const sorted = [...list].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt) || b.orderNumber - a.orderNumber
  );
  assertEquals(list, sorted, "newest first");
  const cal = list.find((item: { childName: string }) => item.childName === "Cal");
  assertEquals([cal.access, cal.delivery, cal.songUrl], ["shared", "delivered", gift.songUrl]);
  const ava = list.find((item: { id: string }) => item.id === older.id);
  assertEquals([ava.access, ava.delivery, ava.songUrl, ava.orderNumber], [
    "owner",
    "in-review",
    null,
    older.orderNumber,
  ]);
  assert(!JSON.stringify(list).includes("gran@example.com"));
  void guestOrder;
  void notHers;
});

Deno.test("Delete Song: the owner deletes the order with its indexes, events, audio, links and counters; others cannot", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const owner = await sessionHeaders(t, "ann@example.com");
  const order = await completedOrder(t, { parentEmail: "ann@example.com" });
  await markDelivered(t, order.id);
  const operation = t.kv.atomic();
  addEvents(operation, order.id, [
    buildEvent({ stage: "LYRICS", type: "START", message: "m" }, t.clock.now()),
  ]);
  await operation.commit();
  const recipientId = (await getUserByEmail(t.kv, "ann@example.com"))!.id;
  await grantOrderAccess(t.kv, recipientId, order.id, "opened-link", t.clock.now());
  const countsBefore = [await countOrders(t.kv, "all"), await countOrders(t.kv, "status:completed")];

  const del = (headers: Record<string, string>, id = order.id) =>
    t.request(`/api/orders/${id}`, { method: "DELETE", headers });
  assertEquals((await del({})).status, 401);
  const stranger = await del(await sessionHeaders(t, "eve@example.com"));
  assertEquals(stranger.status, 403);
  assert((await stranger.json()).message);
  assertEquals((await del(owner, crypto.randomUUID())).status, 404);

  const deleted = await del(owner);
  assertEquals(deleted.status, 200);
  assertEquals((await deleted.json()).message, "The song has been removed from your collection.");
  assertEquals(await getOrder(t.kv, order.id), null);
  assertEquals([await countOrders(t.kv, "all"), await countOrders(t.kv, "status:completed")], [
    countsBefore[0] - 1,
    countsBefore[1] - 1,
  ]);
  for (
    const prefix of [
      keys.orderEvents(order.id),
      keys.orderLinks(order.id),
      keys.orderAccessOfOrder(order.id),
      keys.blobChunks(order.songBlobId!),
    ]
  ) {
    assertEquals(await Array.fromAsync(t.kv.list({ prefix })), [], `left behind under ${prefix.join("/")}`);
  }
  assertEquals((await t.kv.get(keys.orderByNumber(order.orderNumber))).value, null);
  assertEquals((await t.kv.get(keys.blob(order.songBlobId!))).value, null);
  assertEquals((await t.request(`/api/download/${order.id}`)).status, 404);
  assertEquals((await t.request(order.songUrl!.replace(t.config.appUrl, ""))).status, 404);
  assertEquals((await del(owner)).status, 404, "a second click finds nothing");
});

Deno.test("someone a song was shared with removes it from their list only; the family keeps it", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const order = await completedOrder(t, { parentEmail: "ann@example.com" });
  await markDelivered(t, order.id);
  const recipient = await sessionHeaders(t, "sam@example.com");
  await grantOrderAccess(
    t.kv,
    (await getUserByEmail(t.kv, "sam@example.com"))!.id,
    order.id,
    "opened-link",
    t.clock.now(),
  );
  const removed = await t.request(`/api/orders/${order.id}`, { method: "DELETE", headers: recipient });
  assertEquals(removed.status, 200);
  assert(await getOrder(t.kv, order.id), "the order is still there");
  assertEquals(await (await t.request("/api/orders/user", { headers: recipient })).json(), []);
});

Deno.test("the download is there once the song is delivered, not before", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const order = await completedOrder(t, { childName: "Mia" });
  const early = await t.request(`/api/download/${order.id}`);
  assertEquals([early.status, (await early.json()).message], [404, "This song is not ready yet."]);
  await markDelivered(t, order.id);
  const download = await t.request(`/api/download/${order.id}`);
  assertEquals(download.status, 200);
  assertStringIncludes(download.headers.get("content-disposition") ?? "", `filename="Mias-Song.mp3"`);
  await download.body?.cancel();
});
