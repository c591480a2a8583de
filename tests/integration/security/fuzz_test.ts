import { assert, assertEquals } from "@std/assert";
import type { OrderFormInput } from "../../../domain/order/orders.ts";
import { getUserByEmail } from "../../../kv/users.ts";
import { createTestApp, jsonBody, type TestApp } from "../../helpers.ts";
import { completedOrder, sessionHeaders } from "../delivery/helpers.ts";
import { type HostileCase, hostileCases, type RouteInfo } from "./hostile_inputs.ts";

/**
 * Issue 9, security suite: hostile bodies, queries, headers, parameters and methods on every route
 * of the real app, each sent as every role, must never make the server fail (no 5xx), and every
 * refusal of the API must be JSON with a message. The routes come from `app.routes`, so a new
 * endpoint is fuzzed without anyone remembering to add it here.
 */

const ADMIN = "boss@example.com";
const DEMO = "demo@example.com";
const CUSTOMER = "parent@example.com";
const ENV = { ADMIN_EMAILS: ADMIN, DEMO_EMAILS: DEMO };
const SEED = 0x9e3779b9;
const REFERRAL = "FUZZ10";

/** Every field of the order form filled, so each one is sent with every wrong type. */
const FULL_ORDER: Required<OrderFormInput> = {
  childName: "Mia Rose",
  phoneticSpelling: "MEE-uh",
  childGender: "girl",
  childAge: "5",
  childBirthday: "2021-03-04",
  favoriteColor: "purple",
  bestFriend: "Leo",
  favoriteActivity: "painting",
  petName: "Biscuit",
  parentCallName: "Mama",
  favoriteSaying: "Let's go!",
  favoriteToy: "a red truck",
  dreamAspiration: "astronaut",
  favoritePlace: "the beach",
  specialTalent: "cartwheels",
  childFriends: "Ava and Noah",
  childActivities: "swimming",
  extraDetails: "loves dinosaurs",
  additionalDetails: "born in spring",
  songStyle: "happy",
  songGenre: "pop",
  singerGender: "female",
  parentName: "Sam Parent",
  parentEmail: CUSTOMER,
  isGift: true,
  giftRecipientName: "Grandma",
  giftRecipientEmail: "grandma@example.com",
  giftMessage: "With love",
  addStreamingServices: true,
  streamingArtistName: "Mia Rose",
  referralCode: REFERRAL,
  deliveryAt: "2026-03-14T08:00",
  deliveryTimeZone: "Europe/London",
};

type Role = "visitor" | "customer" | "demo" | "admin";
const ROLES: Role[] = ["visitor", "customer", "demo", "admin"];

interface Fixtures {
  orderId: string;
  blobId: string;
  referralId: string;
  sessionId: string;
  songUrl: string;
}

/** What each role sends; sessions are made again after a case that could have ended one (logout). */
async function roleHeaders(t: TestApp): Promise<Record<Role, Record<string, string>>> {
  return {
    visitor: {},
    customer: await sessionHeaders(t, CUSTOMER),
    demo: await sessionHeaders(t, DEMO),
    admin: await sessionHeaders(t, ADMIN),
  };
}

async function setUp(t: TestApp, admin: Record<string, string>): Promise<Fixtures> {
  const customer = await getUserByEmail(t.kv, CUSTOMER);
  const order = await completedOrder(t, { parentEmail: CUSTOMER }, customer!.id);
  const created = await t.request(
    "/api/admin/referral-codes",
    jsonBody({ code: REFERRAL, discountType: "percentage", discountValue: 10 }, { headers: admin }),
  );
  assertEquals(created.status, 201);
  const referralId = (await created.json()).code.id;
  const checkout = await t.request(
    "/api/guest/create-checkout-session",
    jsonBody({ order: { ...FULL_ORDER, referralCode: undefined, parentEmail: "guest@example.com" } }),
  );
  assertEquals(checkout.status, 200);
  const { sessionId } = await checkout.json();
  const prompt = await t.request(
    "/api/admin/system-prompt/lyrics",
    jsonBody({ prompt: "Write a song." }, { headers: admin }),
  );
  assertEquals(prompt.status, 200);
  await prompt.body?.cancel();
  return { orderId: order.id, blobId: order.songBlobId!, referralId, sessionId, songUrl: order.songUrl! };
}

/** A valid body per route, so each mutation changes one thing about a request that would succeed. */
function validBodies(fixtures: Fixtures): Record<string, unknown> {
  const referral = {
    code: "FUZZ20",
    discountType: "percentage",
    discountValue: 20,
    usageLimit: 5,
    expiresAt: "2030-01-01",
    description: "Spring promotion",
    isActive: true,
  };
  return {
    "POST /api/auth/request-magic-link": { email: "fuzz@example.com" },
    "POST /api/create-checkout-session": { order: FULL_ORDER },
    "POST /api/guest/create-checkout-session": { order: FULL_ORDER },
    "POST /api/orders": FULL_ORDER,
    "POST /api/guest/orders": { sessionId: fixtures.sessionId },
    "PATCH /api/admin/orders/:id/streaming-status": { streamingStatus: "processing" },
    "POST /api/admin/orders/:id/regenerate-lyrics": { customInput: "More about dinosaurs" },
    "POST /api/admin/orders/:id/take": { take: 2 },
    "POST /api/admin/orders/:id/bonus-take": { offered: true },
    "PATCH /api/admin/orders/:id/update-email": { emailType: "parent", newEmail: CUSTOMER },
    "POST /api/admin/orders/:id/listen": { playedMs: 42_000, durationMs: 130_000 },
    "POST /api/admin/orders/bulk": { action: "approve", ids: [fixtures.orderId], override: true },
    "POST /api/admin/orders/:id/reject": { reason: "The name is sung wrong." },
    "POST /api/admin/referral-codes": referral,
    "PATCH /api/admin/referral-codes/:id": { ...referral, code: REFERRAL },
    "POST /api/admin/system-prompt/lyrics": { prompt: "Write a cheerful song." },
    "POST /api/admin/system-prompt/tags": { prompt: "Pick style tags." },
    "POST /api/admin/orders/:id/upload": { songUrl: fixtures.songUrl },
    "POST /api/admin/orders/create": {
      childName: "Leo",
      childAge: 6,
      parentEmail: CUSTOMER,
      songTitle: "Leo's Song",
      songLyrics: "La la la",
      songUrl: fixtures.songUrl,
    },
    "POST /api/webhooks/suno": { data: { task_id: "task-1" } },
    "POST /api/webhooks/stripe": {
      id: "evt_1",
      type: "checkout.session.completed",
      data: { object: { id: fixtures.sessionId } },
    },
    "POST /checkout/local/:id/promo": { promotionCode: REFERRAL },
    "POST /api/events": {
      anonymousId: "8a1f3c52-3b7e-4c1d-9f6a-2d4e5b6c7d8e",
      events: [{
        event: "FAQ Viewed",
        properties: { question: "Who sings the song?" },
        ts: 1_768_478_400_000,
      }],
    },
  };
}

function validParam(fixtures: Fixtures) {
  return (name: string, path: string) => {
    if (name === "file") return `${fixtures.blobId}.mp3`;
    if (name === "version") return "1";
    if (name === "sessionId" || path.startsWith("/checkout/local/")) return fixtures.sessionId;
    if (path.startsWith("/api/admin/referral-codes/")) return fixtures.referralId;
    return fixtures.orderId;
  };
}

/**
 * The app's own routes, without its middleware entries; those that end something (a delete, a
 * logout) go last so the other cases still find the fixtures they would act on.
 */
function routesOf(app: { routes: RouteInfo[] }): RouteInfo[] {
  const seen = new Set<string>();
  const routes = app.routes
    .filter((route) => route.method !== "ALL")
    .filter((route) =>
      !seen.has(`${route.method} ${route.path}`) && seen.add(`${route.method} ${route.path}`)
    )
    .map(({ method, path }) => ({ method, path }));
  const ending = (route: RouteInfo) => route.method === "DELETE" || route.path.endsWith("/logout") ? 1 : 0;
  return routes.sort((a, b) => ending(a) - ending(b));
}

interface Outcome {
  status: number;
  problem: string | null;
}

async function send(t: TestApp, hostile: HostileCase, auth: Record<string, string>): Promise<Outcome> {
  const response = await t.request(hostile.path, {
    method: hostile.method,
    headers: { ...auth, ...hostile.headers },
    body: hostile.body?.(),
  });
  const { status } = response;
  if (status >= 500) {
    return { status, problem: `${status}: ${(await response.text()).slice(0, 200)}` };
  }
  const isApi = new URL(hostile.path, "http://localhost").pathname.startsWith("/api/");
  if (!isApi || status < 400) {
    await response.body?.cancel();
    return { status, problem: null };
  }
  const type = response.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json")) {
    await response.body?.cancel();
    return { status, problem: `${status} answered ${type || "no content type"}, not JSON` };
  }
  if (hostile.method === "HEAD") return { status, problem: null };
  const body = await decodedJson(response);
  return typeof body?.message === "string"
    ? { status, problem: null }
    : { status, problem: `${status} JSON without a message: ${JSON.stringify(body).slice(0, 120)}` };
}

/** The own keys of the prototypes every object, array, function and string shares. */
function sharedPrototypeKeys(): string[][] {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((prototype) =>
    Reflect.ownKeys(prototype).map(String).sort()
  );
}

/** The JSON of an answer, unpacked as a browser would when the case asked for (odd) compression. */
async function decodedJson(response: Response): Promise<{ message?: unknown } | null> {
  const encoding = response.headers.get("content-encoding");
  const body = encoding === "gzip" || encoding === "deflate"
    ? response.body!.pipeThrough(new DecompressionStream(encoding))
    : response.body;
  return await new Response(body).json().catch(() => null);
}

Deno.test("hostile requests to every route as every role: no 5xx, API refusals JSON", async () => {
  await using t = await createTestApp({ env: ENV });
  const prototypesBefore = sharedPrototypeKeys();
  let auth = await roleHeaders(t);
  const fixtures = await setUp(t, auth.admin);
  const bodies = validBodies(fixtures);
  const routes = routesOf(t.app);
  const cases = hostileCases(routes, {
    seed: SEED,
    validParam: validParam(fixtures),
    validBody: (route) => bodies[`${route.method} ${route.path}`],
  });

  const byStatus = new Map<number, number>();
  const byKind = new Map<string, number>();
  const failures: string[] = [];
  let requests = 0;
  for (const hostile of cases) {
    byKind.set(hostile.kind, (byKind.get(hostile.kind) ?? 0) + 1);
    for (const role of hostile.ownCredentials ? ["visitor" as const] : ROLES) {
      const { status, problem } = await send(t, hostile, auth[role]);
      requests++;
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      if (problem) {
        failures.push(`${role} ${hostile.route} [${hostile.kind}: ${hostile.label}] -> ${problem}`);
      }
    }
    if (hostile.route.endsWith("/logout")) auth = await roleHeaders(t);
  }

  const histogram = [...byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  console.log(
    `fuzz: ${routes.length} routes, ${cases.length} cases, ${requests} requests; ` +
      `by kind ${[...byKind].map(([kind, count]) => `${kind} ${count}`).join(", ")}; ` +
      `by status ${histogram.join(" ")}`,
  );
  assert(cases.length >= 500, `only ${cases.length} cases`);
  assertEquals(failures, [], `${failures.length} of ${requests} requests failed`);

  // Nothing leaked into the prototypes every object shares.
  assertEquals(sharedPrototypeKeys(), prototypesBefore);
  assertEquals(({} as Record<string, unknown>).polluted, undefined);

  // And the server still does its job.
  const health = await t.request("/healthz");
  assertEquals([health.status, await health.json()], [200, { ok: true }]);
  const user = await t.request("/api/auth/user", { headers: auth.customer });
  assertEquals([user.status, (await user.json()).username], [200, CUSTOMER]);
  // The fuzz spent this client's hourly checkouts; the next hour brings a new allowance.
  t.clock.advance(60 * 60_000);
  const checkout = await t.request(
    "/api/guest/create-checkout-session",
    jsonBody({ order: { ...FULL_ORDER, referralCode: undefined, parentEmail: "after@example.com" } }),
  );
  assertEquals(checkout.status, 200);
  assert((await checkout.json()).checkoutUrl);
  const landing = await t.request("/");
  assertEquals(landing.status, 200);
  await landing.body?.cancel();
});

Deno.test("fuzzer findings: ids too long for KV keys, non-form bodies: 404/413/422, not 500", async () => {
  await using t = await createTestApp({ env: ENV });
  const admin = await sessionHeaders(t, ADMIN);
  const checkout = await t.request(
    "/api/guest/create-checkout-session",
    jsonBody({ order: { ...FULL_ORDER, referralCode: undefined } }),
  );
  const { sessionId } = await checkout.json();
  const long = "x".repeat(3000);
  const cases: [string, RequestInit, number][] = [
    [`/checkout/local/${long}`, {}, 404],
    [`/checkout/local/${long}/pay`, { method: "POST" }, 404],
    [
      `/checkout/local/${long}/promo`,
      { method: "POST", body: new URLSearchParams({ promotionCode: "A" }) },
      404,
    ],
    [
      `/checkout/local/${sessionId}/promo`,
      { method: "POST", headers: { "content-type": "multipart/form-data" }, body: "promotionCode=FUZZ" },
      422,
    ],
    [
      `/checkout/local/${sessionId}/promo`,
      { method: "POST", body: new URLSearchParams({ promotionCode: "P".repeat(100_000) }) },
      413, // far more than a promo form carries: refused before any route reads it
    ],
    [`/api/orders/${long}/start-generation`, { method: "POST" }, 404],
    [`/api/guest/orders/${long}/start-generation`, { method: "POST" }, 404],
    [`/api/admin/orders/${long}/revoke-links`, { method: "POST", headers: admin }, 404],
  ];
  for (const [path, init, status] of cases) {
    const response = await t.request(path, init);
    const label = `${init.method ?? "GET"} ${path.slice(0, 50)}`;
    assertEquals(response.status, status, label);
    if (path.startsWith("/api/")) assertEquals(await response.json(), { message: "Order not found." }, label);
    else await response.body?.cancel();
  }
});
