/**
 * A small, real shop for the security tests: an app on fresh `:memory:` KV talking to the Stripe fake
 * (so webhook signatures are checked as in production), one signed-in session per role, and the
 * fixtures the routes act on, each made through the app's own code paths.
 */
import type { Order } from "../../../domain/order/orders.ts";
import { createMagicLink } from "../../../kv/magic_links.ts";
import { mintOrderLink, storeOrderLink } from "../../../kv/order_links.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { getSession } from "../../../kv/sessions.ts";
import { synthMp3 } from "../../../fakes/audio_files.ts";
import type { StripeFake } from "../../../fakes/stripe.ts";
import { createTestApp, jsonBody, signIn, type TestApp } from "../../helpers.ts";
import { completedOrder } from "../delivery/helpers.ts";
import { placeOrder } from "../jobs/helpers.ts";
import { orderForm } from "../orders/helpers.ts";

export const ROLES = ["visitor", "customer", "otherCustomer", "demo", "admin"] as const;
export type Role = typeof ROLES[number];
export type SignedInRole = Exclude<Role, "visitor">;

/** Each role's address; `customer` owns every fixture, `otherCustomer` is any other signed-in parent. */
export const EMAILS: Record<Role, string> = {
  visitor: "guest-parent@example.com",
  customer: "owner@example.com",
  otherCustomer: "stranger@example.com",
  demo: "demo@example.com",
  admin: "boss@example.com",
};

/** The config a production shop would have for these roles; queue-less, so nothing runs behind a test. */
export function securityEnv(stripe: StripeFake): Record<string, string> {
  return {
    ADMIN_EMAILS: EMAILS.admin,
    DEMO_EMAILS: EMAILS.demo,
    JOB_QUEUE: "off",
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
  };
}

export interface Session {
  /** The Bearer header the browser's API client sends (customer-side §7). */
  headers: Record<string, string>;
  /** The HttpOnly cookie the same sign-in set, as server-rendered pages and cookie writes use it. */
  cookie: string;
  userId: string;
}

export interface World {
  t: TestApp;
  stripe: StripeFake;
  sessions: Record<SignedInRole, Session>;
}

/** The app, and one real sign-in (the emailed link, verified) per signed-in role. */
export async function openWorld(stripe: StripeFake): Promise<World & AsyncDisposable> {
  const t = await createTestApp({ env: securityEnv(stripe) });
  try {
    const sessions = {} as Record<SignedInRole, Session>;
    for (const role of ["customer", "otherCustomer", "demo", "admin"] as const) {
      const { token, cookie } = await signIn(t, EMAILS[role]);
      sessions[role] = {
        headers: { authorization: `Bearer ${token}` },
        cookie,
        userId: await userIdOf(t, token),
      };
    }
    return { t, stripe, sessions, [Symbol.asyncDispose]: () => t[Symbol.asyncDispose]() };
  } catch (error) {
    await t[Symbol.asyncDispose]();
    throw error;
  }
}

async function userIdOf(t: TestApp, token: string): Promise<string> {
  const session = await getSession(t.kv, token, t.clock.now());
  if (!session) throw new Error("the new session is not stored");
  return session.userId;
}

/**
 * How a signed-in caller proves who they are: the Bearer token of the API client, or the session
 * cookie of a page, which on a write also carries the browser's `Sec-Fetch-Site` (the CSRF rule of
 * routes/middleware/session.ts); `cross-site` is the same cookie sent from another site's page.
 */
export type Auth = "bearer" | "cookie" | "cross-site";

/** The headers a role's calls carry: none for a visitor. */
export function headersOf(w: World, role: Role, auth: Auth = "bearer"): Record<string, string> {
  if (role === "visitor") return {};
  const session = w.sessions[role];
  if (auth === "bearer") return session.headers;
  return { cookie: session.cookie, "sec-fetch-site": auth === "cookie" ? "same-origin" : "cross-site" };
}

/** The states of the customer's order the routes need. */
export type OrderState = "generating" | "completed" | "failed" | "approved" | "delivered";

/**
 * An order owned by the customer (their user id and address), placed the way a demo order is placed
 * (the paid path is exercised by the checkout routes themselves) and moved to `state` in storage.
 */
export async function customerOrder(
  w: World,
  state: OrderState,
  overrides: Parameters<typeof orderForm>[0] = {},
): Promise<Order> {
  const form = { parentEmail: EMAILS.customer, ...overrides };
  const userId = w.sessions.customer.userId;
  if (state === "generating") return await placeOrder(w.t, form, userId);
  const made = await completedOrder(w.t, form, userId);
  if (state === "completed") return made;
  const now = new Date(w.t.clock.now()).toISOString();
  const changed = await updateOrder(w.t.kv, made.id, (order): Order => {
    switch (state) {
      case "failed":
        return {
          ...order,
          status: "failed",
          currentStage: "SUNO_STATUS",
          error: "The music service failed.",
          failureType: "suno",
          updatedAt: now,
        };
      case "approved":
        return { ...order, approvalStatus: "approved", approvedAt: now, approvedBy: EMAILS.admin };
      case "delivered":
        return {
          ...order,
          approvalStatus: "approved",
          approvedAt: now,
          approvedBy: EMAILS.admin,
          deliveryScheduledFor: now,
          emailScheduledFor: now,
          emailSentAt: now,
          emailSendCount: 1,
        };
    }
  });
  if (!changed) throw new Error(`could not make a ${state} order`);
  return changed;
}

/** The private link of a delivery email for the customer's delivered order: its id and token. */
export async function deliveryLink(w: World): Promise<{ orderId: string; token: string }> {
  const order = await customerOrder(w, "delivered");
  const { token, link } = await mintOrderLink(order.id, EMAILS.customer, w.t.clock.now());
  const stored = await storeOrderLink(w.t.kv.atomic(), link).commit();
  if (!stored.ok) throw new Error("could not store the order link");
  return { orderId: order.id, token };
}

/** A fresh sign-in link's token, as the sign-in email carries it. */
export async function signInToken(w: World): Promise<string> {
  return await createMagicLink(w.t.kv, "link-holder@example.com", w.t.clock.now());
}

/** The customer's checkout session (signed in, so its draft is theirs); paid on Stripe when asked. */
export async function customerCheckout(w: World, paid: boolean): Promise<string> {
  const response = await w.t.request(
    "/api/create-checkout-session",
    jsonBody({ order: orderForm({ parentEmail: EMAILS.customer }) }, {
      headers: w.sessions.customer.headers,
    }),
  );
  const body = await response.json();
  if (response.status !== 200) throw new Error(`checkout answered ${response.status}: ${body.message}`);
  if (paid) w.stripe.pay(body.sessionId);
  return body.sessionId;
}

/** An admin's MP3 upload, not yet given to an order: the songUrl the dashboard sends on. */
export async function uploadedSong(w: World): Promise<string> {
  const response = await w.t.request("/api/admin/songs/upload-multipart", {
    method: "POST",
    headers: w.sessions.admin.headers,
    body: songForm(),
  });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${body.message}`);
  return body.songUrl;
}

/** The upload dialog's multipart body with a real MP3. */
export function songForm(): FormData {
  const form = new FormData();
  form.append(
    "audioFile",
    new File([synthMp3() as Uint8Array<ArrayBuffer>], "song.mp3", { type: "audio/mpeg" }),
  );
  return form;
}

/** A referral code made by an admin through the dashboard's call; answers its id. */
export async function referralCode(w: World, code = "SPRING25"): Promise<string> {
  const response = await w.t.request(
    "/api/admin/referral-codes",
    jsonBody({ code, discountType: "percentage", discountValue: 25 }, { headers: w.sessions.admin.headers }),
  );
  const body = await response.json();
  if (response.status !== 201) throw new Error(`referral code answered ${response.status}: ${body.message}`);
  return body.code.id;
}

/**
 * Every key and versionstamp in the store: two snapshots are equal exactly when nothing was written
 * in between, which is what a refused request must leave behind.
 */
export async function storeSnapshot(kv: Deno.Kv): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  for await (const entry of kv.list({ prefix: [] })) entries.set(keyText(entry.key), entry.versionstamp);
  return entries;
}

function keyText(key: Deno.KvKey): string {
  return JSON.stringify(key.map((part) => typeof part === "bigint" ? `${part}n` : part));
}

/** The keys written, added or removed between two snapshots. */
export function storeChanges(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [key, stamp] of after) if (before.get(key) !== stamp) changed.push(key);
  for (const key of before.keys()) if (!after.has(key)) changed.push(`${key} (deleted)`);
  return changed;
}
