import { assert, assertEquals, assertMatch } from "@std/assert";
import { keys } from "../../../kv/keys.ts";
import { hasOrderAccess } from "../../../kv/order_access.ts";
import { getOrder } from "../../../kv/orders.ts";
import { getUserByEmail } from "../../../kv/users.ts";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { adminCall, adminHeaders, completedOrder, DELIVERY_ENV } from "./helpers.ts";

const BAD_LINK = "Invalid magic link. Please check your email and try again.";

/** A delivered order and the link its email carried (through the dev mailbox). */
async function deliveredWithLink(t: TestApp, overrides = {}) {
  const admin = await adminHeaders(t);
  const order = await completedOrder(t, { parentEmail: "ann@example.com", ...overrides });
  await adminCall(t, admin, order.id, "approve");
  await adminCall(t, admin, order.id, "send-now");
  const mail = (await listDevMail(t.kv)).find((message) => message.text.includes(`/u/${order.id}?t=`))!;
  const token = mail.text.match(/\/u\/[\w-]+\?t=([\w-]+)/)![1];
  return { order, token, admin };
}

const open = (t: TestApp, orderId: string, query: string) =>
  t.request(`/api/auth/magic-link/${orderId}${query}`);

Deno.test("an order link signs its reader in, grants access to the order, and works again later", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const { order, token } = await deliveredWithLink(t);
  const response = await open(t, order.id, `?t=${token}`);
  assertEquals(response.status, 200);
  assertMatch(response.headers.get("set-cookie") ?? "", /lh_session=.+HttpOnly/i);
  assertEquals(response.headers.get("cache-control"), "no-store");
  const body = await response.json();
  assertEquals(body.orderId, order.id);
  assertEquals(body.user, { username: "ann@example.com", isDemo: false, role: "user" });
  assertEquals(body.message, "You've been signed in successfully. Redirecting to your surprise...");
  assertEquals(body.firstSignIn, true, "ann had no account: the page greets her 'Welcome!'");
  const me = await t.request("/api/auth/user", { headers: { authorization: `Bearer ${body.token}` } });
  assertEquals(me.status, 200);

  const user = (await getUserByEmail(t.kv, "ann@example.com"))!;
  assert(await hasOrderAccess(t.kv, user.id, order.id));
  const access = (await t.kv.get(keys.orderAccess(user.id, order.id))).value as Record<string, unknown>;
  assertEquals(access.grantedVia, "magic_link");
  assertEquals((await getOrder(t.kv, order.id))?.linkLastOpenedAt, new Date(t.clock.now()).toISOString());
  assert(t.analytics.events.some((event) => event.event === "Magic Link Accessed"));

  t.clock.advance(30 * 24 * 60 * 60 * 1000);
  const later = await open(t, order.id, `?t=${token}`);
  assertEquals(later.status, 200, "a family comes back to the email months later");
  assertEquals((await later.json()).firstSignIn, false, "and is welcomed back");
});

Deno.test("a missing, wrong or another order's token gets the spec's message; a revoked one says it was turned off", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const { order, token, admin } = await deliveredWithLink(t);
  const other = await deliveredWithLink(t, { parentEmail: "bob@example.com" });

  for (
    const [orderId, query, status] of [
      [order.id, "", 400],
      [order.id, "?t=", 400],
      [order.id, "?t=not-a-token", 401],
      [order.id, `?t=${"A".repeat(43)}`, 401],
      [order.id, `?t=${other.token}`, 401], // a real token, but of another order
      [crypto.randomUUID(), `?t=${token}`, 401],
      ["x".repeat(300), `?t=${token}`, 400],
    ] as const
  ) {
    const response = await open(t, orderId, query);
    assertEquals(response.status, status, `${orderId.slice(0, 8)} ${query}`);
    assertEquals((await response.json()).message, BAD_LINK);
  }

  const revoked = await adminCall(t, admin, order.id, "revoke-links");
  assertEquals(revoked.status, 200);
  const refused = await open(t, order.id, `?t=${token}`);
  assertEquals(refused.status, 410);
  assertMatch((await refused.json()).message, /turned off/);
  assertEquals((await getOrder(t.kv, order.id))?.tokenRevoked, true);

  // A resend mints a fresh link that works; the revoked one stays off.
  await adminCall(t, admin, order.id, "resend-email");
  const fresh = (await listDevMail(t.kv)).filter((mail) => mail.text.includes(`/u/${order.id}?t=`))
    .map((mail) => mail.text.match(/\/u\/[\w-]+\?t=([\w-]+)/)![1]).find((candidate) => candidate !== token)!;
  assertEquals((await open(t, order.id, `?t=${fresh}`)).status, 200);
  assertEquals((await open(t, order.id, `?t=${token}`)).status, 410);
  assertEquals((await getOrder(t.kv, order.id))?.tokenRevoked, false);
});

Deno.test("update-email: validated, gift only for gifts, and later sends go to the new address", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  const order = await completedOrder(t, { parentEmail: "ann@example.com" });
  const patch = (body: unknown) =>
    t.request(`/api/admin/orders/${order.id}/update-email`, {
      method: "PATCH",
      headers: { ...admin, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  for (
    const bad of [{ emailType: "parent", newEmail: "no-at-sign" }, {
      emailType: "parent",
      newEmail: "a b@c.d",
    }]
  ) {
    const response = await patch(bad);
    assertEquals(response.status, 400);
    assertEquals((await response.json()).message, "Please enter a valid email address");
  }
  const wrongType = await patch({ emailType: "boss", newEmail: "a@b.co" });
  assertEquals(wrongType.status, 400);
  assert((await wrongType.json()).message);
  const notGift = await patch({ emailType: "gift", newEmail: "sam@example.com" });
  assertEquals(notGift.status, 409);

  const changed = await patch({ emailType: "parent", newEmail: "Ann.New@Example.com" });
  assertEquals(changed.status, 200);
  assertEquals((await changed.json()).message, "Parent email updated to ann.new@example.com.");
  await adminCall(t, admin, order.id, "approve");
  await adminCall(t, admin, order.id, "send-now");
  const delivered = (await listDevMail(t.kv)).filter((mail) => mail.text.includes(`/u/${order.id}?t=`));
  assertEquals(delivered.map((mail) => mail.to), ["ann.new@example.com"]);
  assertEquals((await t.kv.get(keys.orderByEmail("ann@example.com", order.id))).value, null, "index follows");
});
