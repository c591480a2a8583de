import { assert, assertEquals } from "@std/assert";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { hasOrderAccess } from "../../../kv/order_access.ts";
import { getOrder, updateOrder } from "../../../kv/orders.ts";
import { getUserByEmail } from "../../../kv/users.ts";
import { createTestApp, jsonBody, type TestApp } from "../../helpers.ts";
import { orderForm, payLocally, startCheckout } from "../orders/helpers.ts";
import {
  adminCall,
  adminHeaders,
  completedOrder,
  DELIVERY_ENV,
  sessionHeaders,
} from "../delivery/helpers.ts";

/**
 * Issue 16 §3: what a delivery link gives (a session as the address it was sent to, access to its
 * order) and what an address gives (ownership) end when staff turn the links off or correct the
 * address. The first test is the outside probe's story, step by step.
 */

const TYPO = "ann@exmaple.com"; // the parent's typo: a stranger reads this inbox
const ANN = "ann@example.com";

/** The newest delivery link of an order in the dev mailbox, sent to `to`. */
async function linkSentTo(t: TestApp, orderId: string, to: string): Promise<string> {
  const mail = (await listDevMail(t.kv)).filter((message) =>
    message.to === to && message.text.includes(`/u/${orderId}?t=`)
  ).at(-1);
  if (!mail) throw new Error(`no delivery email to ${to}`);
  return mail.text.match(/\/u\/[\w-]+\?t=([\w-]+)/)![1];
}

async function openLink(t: TestApp, orderId: string, token: string) {
  const response = await t.request(`/api/auth/magic-link/${orderId}?t=${token}`);
  const body = await response.json();
  return { status: response.status, bearer: { authorization: `Bearer ${body.token}` }, body };
}

const read = async (t: TestApp, orderId: string, headers: Record<string, string>) => {
  const response = await t.request(`/api/orders/${orderId}`, { headers });
  return { status: response.status, view: await response.json() };
};

const remove = async (t: TestApp, orderId: string, headers: Record<string, string>) => {
  const response = await t.request(`/api/orders/${orderId}`, { method: "DELETE", headers });
  await response.body?.cancel();
  return response.status;
};

const mySongs = async (t: TestApp, headers: Record<string, string>) =>
  (await (await t.request("/api/orders/user", { headers })).json() as { id: string }[]).map((item) =>
    item.id
  );

/** A song made for a guest checkout: no account paid for it (fulfilment's own test is below). */
async function guestOrder(t: TestApp, parentEmail: string) {
  const made = await completedOrder(t, { parentEmail, childName: "Mia" });
  return (await updateOrder(t.kv, made.id, (order) => ({ ...order, userId: null })))!;
}

Deno.test("paying as a guest with the address of someone's account does not make it that account's order", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  await sessionHeaders(t, TYPO); // the stranger has an account with us
  const { body } = await startCheckout(t, orderForm({ parentEmail: TYPO }));
  await payLocally(t, body.sessionId);
  const placed = await (await t.request("/api/guest/orders", jsonBody({ sessionId: body.sessionId }))).json();
  assertEquals((await getOrder(t.kv, placed.id))?.userId, null);
});

Deno.test("a link sent to a mistyped address: once staff correct it, revoke and resend, the stranger has nothing", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const strangerAccount = await sessionHeaders(t, TYPO);
  const order = await guestOrder(t, TYPO);
  await adminCall(t, admin, order.id, "approve");
  await adminCall(t, admin, order.id, "send-now");

  // The stranger opens the link from their inbox: today they are, as far as anyone can tell, the parent.
  const wrongLink = await linkSentTo(t, order.id, TYPO);
  const stranger = await openLink(t, order.id, wrongLink);
  assertEquals(stranger.status, 200);
  assertEquals((await read(t, order.id, stranger.bearer)).view.parentEmail, TYPO);
  assertEquals((await getOrder(t.kv, order.id))?.userId, null, "ownership by address is never stored");

  // Ann calls; staff correct the address, turn the links off and send again.
  const corrected = await t.request(`/api/admin/orders/${order.id}/update-email`, {
    ...jsonBody({ emailType: "parent", newEmail: ANN }, { headers: admin }),
    method: "PATCH",
  });
  assertEquals(corrected.status, 200);
  await corrected.body?.cancel();
  assertEquals((await adminCall(t, admin, order.id, "revoke-links")).status, 200);
  assertEquals((await adminCall(t, admin, order.id, "resend-email")).status, 200);

  // The session the link started is over; the link itself says it was turned off.
  assertEquals((await t.request("/api/auth/user", { headers: stranger.bearer })).status, 401);
  assertEquals((await openLink(t, order.id, wrongLink)).status, 410);
  // Signed in with their own address, the stranger sees the public reveal at most, cannot delete, and
  // the song is not in their list.
  const asStranger = await read(t, order.id, strangerAccount);
  assertEquals([asStranger.status, asStranger.view.parentEmail, asStranger.view.id], [
    200,
    undefined,
    order.id,
  ]);
  const strangerUser = (await getUserByEmail(t.kv, TYPO))!;
  assertEquals(await hasOrderAccess(t.kv, strangerUser.id, order.id), false);
  assertEquals(await remove(t, order.id, strangerAccount), 403);
  assertEquals(await mySongs(t, strangerAccount), []);
  assert(await getOrder(t.kv, order.id), "the song is still there");

  // Ann's new link makes her the owner, who may delete it.
  const ann = await openLink(t, order.id, await linkSentTo(t, order.id, ANN));
  assertEquals(ann.status, 200);
  assertEquals((await read(t, order.id, ann.bearer)).view.parentEmail, ANN);
  assertEquals(await mySongs(t, ann.bearer), [order.id]);
  assertEquals(await remove(t, order.id, ann.bearer), 200);
  assertEquals(await getOrder(t.kv, order.id), null);
});

Deno.test("correcting an address alone ends what the links to the old one gave; other links and sessions stay", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const order = await completedOrder(t, {
    parentEmail: TYPO,
    isGift: true,
    giftRecipientName: "Grandma",
    giftRecipientEmail: "grandma@example.com",
  });
  await adminCall(t, admin, order.id, "approve");
  await adminCall(t, admin, order.id, "send-now");
  const stranger = await openLink(t, order.id, await linkSentTo(t, order.id, TYPO));
  const grandma = await openLink(t, order.id, await linkSentTo(t, order.id, "grandma@example.com"));
  const strangerOwnSession = await sessionHeaders(t, TYPO);

  const corrected = await t.request(`/api/admin/orders/${order.id}/update-email`, {
    ...jsonBody({ emailType: "parent", newEmail: ANN }, { headers: admin }),
    method: "PATCH",
  });
  assertEquals(corrected.status, 200);
  await corrected.body?.cancel();

  assertEquals((await t.request("/api/auth/user", { headers: stranger.bearer })).status, 401);
  assertEquals((await read(t, order.id, strangerOwnSession)).view.parentEmail, undefined);
  // The recipient's link went to a right address: her session and her access stay.
  assertEquals((await t.request("/api/auth/user", { headers: grandma.bearer })).status, 200);
  assertEquals(await mySongs(t, grandma.bearer), [order.id]);
  // She may take it off her list, which leaves the family's song alone.
  assertEquals(await remove(t, order.id, grandma.bearer), 200);
  assert(await getOrder(t.kv, order.id));
});

Deno.test("revoking links ends a forwarded link's session as the parent, and the grants; the parent's own sign-in stays", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const order = await completedOrder(t, { parentEmail: ANN });
  const other = await completedOrder(t, { parentEmail: ANN, childName: "Leo" });
  await adminCall(t, admin, order.id, "approve");
  await adminCall(t, admin, order.id, "send-now");
  const token = await linkSentTo(t, order.id, ANN);
  const forwarded = await openLink(t, order.id, token); // a relative the email was forwarded to
  const annSignedIn = await sessionHeaders(t, ANN);
  assertEquals((await mySongs(t, forwarded.bearer)).sort(), [order.id, other.id].sort());

  assertEquals((await adminCall(t, admin, order.id, "revoke-links")).status, 200);
  assertEquals((await t.request("/api/auth/user", { headers: forwarded.bearer })).status, 401);
  assertEquals((await read(t, other.id, forwarded.bearer)).view.parentEmail, undefined);
  const ann = (await getUserByEmail(t.kv, ANN))!;
  assertEquals(await hasOrderAccess(t.kv, ann.id, order.id), false);
  assertEquals((await t.request("/api/auth/user", { headers: annSignedIn })).status, 200);
  assertEquals((await mySongs(t, annSignedIn)).sort(), [order.id, other.id].sort());
});
