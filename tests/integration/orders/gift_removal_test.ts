import { assert, assertEquals } from "@std/assert";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { keys } from "../../../kv/keys.ts";
import { getOrder } from "../../../kv/orders.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import {
  adminCall,
  adminHeaders,
  completedOrder,
  DELIVERY_ENV,
  sessionHeaders,
} from "../delivery/helpers.ts";

/**
 * A gift once given belongs to its recipient too (domain/order/song_removal.ts): the giver's Delete Song
 * takes a gift the recipient already holds off the giver's list only; before it is sent, it deletes.
 */
const GIVER = "ann@example.com";
const RECIPIENT = "jo@example.com";
const GIFT = {
  childName: "Mia",
  parentEmail: GIVER,
  isGift: true,
  giftRecipientName: "Grandma Jo",
  giftRecipientEmail: RECIPIENT,
  giftMessage: "Happy birthday!",
};

/** The gift approved and sent by staff, as the delivery job sends it: the recipient's emailed link. */
async function deliveredGift(t: TestApp) {
  const order = await completedOrder(t, GIFT);
  const staff = await adminHeaders(t);
  await adminCall(t, staff, order.id, "approve");
  await adminCall(t, staff, order.id, "send-now");
  const mail = (await listDevMail(t.kv)).find((message) => message.to === RECIPIENT);
  const link = mail?.text.match(/\/u\/([\w-]+)\?t=([\w-]+)/);
  if (!link) throw new Error("no order link was emailed to the gift's recipient");
  return { order: (await getOrder(t.kv, order.id))!, linkToken: link[2] };
}

const listOf = async (t: TestApp, headers: Record<string, string>) =>
  (await (await t.request("/api/orders/user", { headers })).json()) as { id: string; removal: string }[];

Deno.test("a giver deleting a delivered gift takes it off their own list; the recipient keeps song, link and list", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const { order, linkToken } = await deliveredGift(t);
  // The recipient opens their link (it signs them in) and has the song in their list.
  const opened = await t.request(`/api/auth/magic-link/${order.id}?t=${linkToken}`);
  assertEquals(opened.status, 200);
  const recipient = { authorization: `Bearer ${(await opened.json()).token}` };
  assertEquals((await listOf(t, recipient)).map((item) => item.id), [order.id]);

  const giver = await sessionHeaders(t, GIVER);
  const [before] = await listOf(t, giver);
  assertEquals(before.removal, "keep-for-recipient", "the dialog can say so before");
  const deleted = await t.request(`/api/orders/${order.id}`, { method: "DELETE", headers: giver });
  assertEquals(deleted.status, 200);
  assertEquals((await deleted.json()).removal, "keep-for-recipient");

  assertEquals(await listOf(t, giver), [], "gone from the giver's list");
  const kept = await getOrder(t.kv, order.id);
  assert(kept?.giverRemovedAt, "the order stays, marked for staff");
  assertEquals(
    (await listOf(t, recipient)).map((item) => item.id),
    [order.id],
    "still in the recipient's list",
  );
  // The emailed link still opens, and the reveal and the download still have the song.
  assertEquals((await t.request(`/api/auth/magic-link/${order.id}?t=${linkToken}`)).status, 200);
  const reveal = await (await t.request(`/api/orders/${order.id}`)).json();
  assertEquals([reveal.status, reveal.songUrl], ["completed", order.songUrl]);
  const download = await t.request(`/api/download/${order.id}`);
  assertEquals(download.status, 200);
  await download.body?.cancel();
  assert((await t.kv.get(keys.blob(order.songBlobId!))).value, "the audio is kept");
  // A second click changes nothing more.
  assertEquals(
    (await t.request(`/api/orders/${order.id}`, { method: "DELETE", headers: giver })).status,
    200,
  );
  assert(await getOrder(t.kv, order.id));
});

Deno.test("a gift not sent yet is deleted, and the giver is told the recipient will not receive it", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const order = await completedOrder(t, GIFT);
  const giver = await sessionHeaders(t, GIVER);
  const [item] = await listOf(t, giver);
  assertEquals(item.removal, "delete");
  const deleted = await t.request(`/api/orders/${order.id}`, { method: "DELETE", headers: giver });
  assertEquals((await deleted.json()).removal, "delete");
  assertEquals(await getOrder(t.kv, order.id), null);
});
