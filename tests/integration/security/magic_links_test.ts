import { createDeps } from "../../../deps.ts";
import { assert, assertEquals, assertMatch } from "@std/assert";
import { MAGIC_LINK_TTL_MS, MESSAGES, ORDER_LINK_LIMIT } from "../../../domain/account/sign_in_limits.ts";
import { hasOrderAccess } from "../../../kv/order_access.ts";
import { mintOrderLink, storeOrderLink } from "../../../kv/order_links.ts";
import { getOrder } from "../../../kv/orders.ts";
import { getUserByEmail } from "../../../kv/users.ts";
import type { Mailer } from "../../../providers/mail/mod.ts";
import { createApp } from "../../../routes/app.ts";
import {
  createTestApp,
  jsonBody,
  latestSignInLink,
  openSignInLink,
  requestSignInLink,
  signIn,
  type TestApp,
} from "../../helpers.ts";
import { completedOrder } from "../delivery/helpers.ts";
import { storeChanges, storeSnapshot } from "./helpers.ts";

/**
 * Issue 9, security suite: magic links. Sign-in links (one use, 15 minutes) and the delivery
 * emails' order links (bound to one order, revocable): reuse, expiry, a link opened for another
 * order, whether the request for a link tells who has an account, and the per-client limit on
 * opening order links. Reuse, expiry, revocation and the sign-in limits have their first tests in
 * tests/integration/auth/ and delivery/order_links_test.ts; these add what a refusal must leave behind.
 */

const BAD_ORDER_LINK = "Invalid magic link. Please check your email and try again.";

// ---------------------------------------------------------------------------------------------
// Enumeration: the same answer after the same work, known address or not.

/** One line per storage operation: the kind, and the key with the parts that name a person masked. */
type Trace = string[];

function keyShape(key: Deno.KvKey, masks: Map<string, string>): string {
  return JSON.stringify(key.map((part) => {
    if (typeof part !== "string") return typeof part;
    if (masks.has(part)) return masks.get(part);
    if (/^[0-9a-f]{64}$/.test(part)) return "<hash>";
    return part;
  }));
}

/** The store, recording every read and write the app makes through it, in order. */
function tracedKv(kv: Deno.Kv, trace: Trace, masks: Map<string, string>): Deno.Kv {
  const shape = (key: Deno.KvKey) => keyShape(key, masks);
  return new Proxy(kv, {
    get(target, name) {
      const value = Reflect.get(target, name, target);
      if (typeof value !== "function") return value;
      switch (name) {
        case "get":
        case "set":
        case "delete":
          return (key: Deno.KvKey, ...rest: unknown[]) => {
            trace.push(`${name} ${shape(key)}`);
            return value.call(target, key, ...rest);
          };
        case "getMany":
          return (list: Deno.KvKey[], ...rest: unknown[]) => {
            trace.push(`getMany ${list.map(shape).join(" ")}`);
            return value.call(target, list, ...rest);
          };
        case "list":
          return (selector: { prefix?: Deno.KvKey }, ...rest: unknown[]) => {
            trace.push(`list ${shape(selector.prefix ?? [])}`);
            return value.call(target, selector, ...rest);
          };
        case "atomic":
          return () => tracedAtomic(target.atomic(), trace, shape);
        default:
          return value.bind(target);
      }
    },
  });
}

function tracedAtomic(
  operation: Deno.AtomicOperation,
  trace: Trace,
  shape: (key: Deno.KvKey) => string,
): Deno.AtomicOperation {
  const proxy: Deno.AtomicOperation = new Proxy(operation, {
    get(target, name) {
      const value = Reflect.get(target, name, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const first = args[0] as { key?: Deno.KvKey } | Deno.KvKey | undefined;
        const key = Array.isArray(first) ? first : (first as { key?: Deno.KvKey } | undefined)?.key;
        trace.push(`atomic.${String(name)}${key ? ` ${shape(key)}` : ""}`);
        const result = value.apply(target, args);
        return result === target ? proxy : result;
      };
    },
  });
  return proxy;
}

/** A mailer that only notes when a send starts and when it has finished. */
function tracedMailer(trace: Trace, masks: Map<string, string>): Mailer {
  return {
    kind: "dev-mailbox",
    async send({ to }) {
      trace.push(`mail.send to ${masks.get(to) ?? to}`);
      await Promise.resolve();
      trace.push("mail.sent");
      return { messageId: "<traced@example.com>" };
    },
    close() {},
  };
}

Deno.test("enumeration: a known and an unknown address get the same answer after the same work", async () => {
  await using t = await createTestApp();
  const known = "known-parent@example.com";
  const unknown = "nobody-here@example.com";
  // The known address has an account, a live session and a spent link; the unknown one has nothing.
  await signIn(t, known);

  const masks = new Map([[known, "<email>"], [unknown, "<email>"]]);
  async function ask(email: string) {
    const trace: Trace = [];
    const app = createApp(
      createDeps({
        kv: tracedKv(t.kv, trace, masks),
        config: t.config,
        providers: { ...t.providers, mail: tracedMailer(trace, masks) },
        clock: t.clock,
      }),
      {
        assets: { forIslands: () => ({ scripts: [], preloads: [], entries: {}, prefetch: [], classes: "" }) },
      },
    );
    const response = await app.request("/api/auth/request-magic-link", jsonBody({ email }));
    trace.push("answered");
    const headers = [...response.headers.keys()].filter((name) => name !== "date");
    return { status: response.status, body: await response.json(), headers, trace };
  }
  const forKnown = await ask(known);
  const forUnknown = await ask(unknown);

  assertEquals(forKnown.status, 200);
  assertEquals([forUnknown.status, forUnknown.body, forUnknown.headers], [
    forKnown.status,
    forKnown.body,
    forKnown.headers,
  ]);
  assertEquals(forKnown.body, { message: MESSAGES.linkSent });
  // Timing without a stopwatch: the same storage operations on the same kinds of key, in the same
  // order, and the answer waits for the email in both cases. Nothing looks up whether the address
  // has an account (users, sessions, orders), so there is no branch whose cost could differ.
  assertEquals(forUnknown.trace, forKnown.trace);
  const trace = forKnown.trace;
  assert(
    trace.indexOf("mail.sent") >= 0 && trace.indexOf("mail.sent") < trace.indexOf("answered"),
    trace.join("\n"),
  );
  const touched = trace.filter((line) =>
    /"(users|users_by_email|sessions|sessions_by_user|orders)/.test(line)
  );
  assertEquals(touched, [], "the account is never looked up");
  console.log(`enumeration: the same ${trace.length} steps for both addresses: ${trace.join(" → ")}`);
});

// ---------------------------------------------------------------------------------------------
// Reuse and expiry: refused, and nothing is left behind (no session, no cookie, no user).

const verifyLink = (t: TestApp, link: string) => openSignInLink(t, link);

async function requestLink(t: TestApp, email: string) {
  const response = await requestSignInLink(t, email);
  assertEquals(response.status, 200);
  await response.body?.cancel();
  return await latestSignInLink(t, email);
}

async function assertRefusedLeavingNothing(t: TestApp, link: string, allowed: string[] = []) {
  const before = await storeSnapshot(t.kv);
  const response = await verifyLink(t, link);
  assertEquals(response.status, 401);
  assertEquals(response.headers.get("set-cookie"), null, "no session cookie");
  assertEquals((await response.json()).message, MESSAGES.badSignInToken);
  assertEquals(storeChanges(before, await storeSnapshot(t.kv)), allowed);
}

Deno.test("sign-in link reuse: the second click is 401 and starts no session", async () => {
  await using t = await createTestApp();
  const link = await requestLink(t, "twice@example.com");
  const first = await verifyLink(t, link);
  assertEquals(first.status, 200);
  const { token } = await first.json();
  await assertRefusedLeavingNothing(t, link);
  // Later still, and after the first session ended: the link stays spent.
  await t.request("/api/auth/logout", { method: "POST", headers: { authorization: `Bearer ${token}` } });
  t.clock.advance(60_000);
  await assertRefusedLeavingNothing(t, link);
});

Deno.test("sign-in link expiry: after 15 minutes it is 401, makes no user, and is gone", async () => {
  await using t = await createTestApp();
  const link = await requestLink(t, "late-parent@example.com");
  t.clock.advance(MAGIC_LINK_TTL_MS);
  const tokenHash = [...(await storeSnapshot(t.kv)).keys()].find((key) => key.startsWith('["magic_links"'));
  assert(tokenHash, "the link is stored until it is used");
  // The only write is the spent link's removal; no user or session is created for the address.
  await assertRefusedLeavingNothing(t, link, [`${tokenHash} (deleted)`]);
  await assertRefusedLeavingNothing(t, link);
  const forged = new URL(link);
  forged.searchParams.set("t", "A".repeat(43));
  await assertRefusedLeavingNothing(t, forged.href);
});

// ---------------------------------------------------------------------------------------------
// Order links: bound to their order.

async function orderWithLink(t: TestApp, parentEmail: string) {
  const order = await completedOrder(t, { parentEmail });
  const { token, link } = await mintOrderLink(order.id, parentEmail, t.clock.now());
  assert((await storeOrderLink(t.kv.atomic(), link).commit()).ok);
  return { order, token };
}

function openOrderLink(t: TestApp, orderId: string, token: string, client = "198.51.100.7") {
  const info = { remoteAddr: { hostname: client, port: 40000, transport: "tcp" } };
  return t.app.request(`/api/auth/magic-link/${encodeURIComponent(orderId)}?t=${token}`, {}, info);
}

Deno.test("wrong order: an order link opened for another order id is 401 and grants nothing", async () => {
  await using t = await createTestApp();
  const ann = await orderWithLink(t, "ann@example.com");
  const bob = await orderWithLink(t, "bob@example.com");
  const attempts: [string, string, string][] = [
    ["Ann's token on Bob's order", bob.order.id, ann.token],
    ["Bob's token on Ann's order", ann.order.id, bob.token],
    ["Ann's token on an order that does not exist", crypto.randomUUID(), ann.token],
  ];
  for (const [what, orderId, token] of attempts) {
    const before = await storeSnapshot(t.kv);
    const response = await openOrderLink(t, orderId, token);
    assertEquals(response.status, 401, what);
    assertEquals((await response.json()).message, BAD_ORDER_LINK, what);
    assertEquals(response.headers.get("set-cookie"), null, `${what}: no session cookie`);
    // Only the per-client counter of link openings moved: no session, user, access grant or order change.
    const written = storeChanges(before, await storeSnapshot(t.kv));
    assertEquals(written.filter((key) => !key.startsWith('["rate_limits","order-link:client"')), [], what);
  }
  for (const { order } of [ann, bob]) {
    assertEquals((await getOrder(t.kv, order.id))?.linkLastOpenedAt ?? null, null, "never marked opened");
  }
  assertEquals(await Array.fromAsync(t.kv.list({ prefix: ["sessions"] })), []);
  assertEquals(await Array.fromAsync(t.kv.list({ prefix: ["users"] })), []);

  // Each token still opens its own order, and only that one.
  const own = await openOrderLink(t, ann.order.id, ann.token);
  assertEquals(own.status, 200);
  const body = await own.json();
  assertEquals([body.orderId, body.user.username], [ann.order.id, "ann@example.com"]);
  const annUser = (await getUserByEmail(t.kv, "ann@example.com"))!;
  assert(await hasOrderAccess(t.kv, annUser.id, ann.order.id));
  assertEquals(await hasOrderAccess(t.kv, annUser.id, bob.order.id), false);
});

// ---------------------------------------------------------------------------------------------
// Rate limits: order links (the sign-in limits are in tests/integration/auth/rate_limit_test.ts).

Deno.test("rate limit: 60 order-link openings per client per 15 minutes, guesses too; then 429", async () => {
  await using t = await createTestApp();
  const { order, token } = await orderWithLink(t, "ann@example.com");
  const guesser = "203.0.113.66";
  const guesses = Array.from({ length: ORDER_LINK_LIMIT.perClient }, (_, i) => {
    const guess = `${"G".repeat(40)}${String(i).padStart(3, "0")}`;
    return openOrderLink(t, order.id, guess, guesser);
  });
  const statuses = await Promise.all(guesses.map(async (answer) => {
    const response = await answer;
    await response.body?.cancel();
    return response.status;
  }));
  assertEquals(statuses.filter((status) => status === 401).length, ORDER_LINK_LIMIT.perClient);

  // The limit holds even for the right token: a guesser cannot tell a hit from the refusal.
  const limited = await openOrderLink(t, order.id, token, guesser);
  assertEquals(limited.status, 429);
  assertEquals((await limited.json()).message, MESSAGES.tooManyOrderLinks);
  const retryAfter = Number(limited.headers.get("retry-after"));
  assert(retryAfter > 0 && retryAfter <= ORDER_LINK_LIMIT.windowMs / 1000, `Retry-After ${retryAfter}`);
  assertEquals(limited.headers.get("set-cookie"), null);

  const family = await openOrderLink(t, order.id, token, "198.51.100.20");
  assertEquals(family.status, 200, "another client is not affected");
  await family.body?.cancel();

  t.clock.advance(ORDER_LINK_LIMIT.windowMs);
  const later = await openOrderLink(t, order.id, token, guesser);
  assertEquals(later.status, 200, "a new window");
  assertMatch(later.headers.get("set-cookie") ?? "", /^lh_session=/);
  await later.body?.cancel();
});
