import { assertEquals, assertStringIncludes } from "@std/assert";
import { MESSAGES } from "../../../domain/account/sign_in_limits.ts";
import { startStripeFake } from "../../../fakes/stripe.ts";
import { createTestApp, signIn, type TestApp } from "../../helpers.ts";
import { orderForm, startCheckout } from "../orders/helpers.ts";
import { openWorld, type Role, securityEnv, storeChanges, storeSnapshot } from "./helpers.ts";
import { ROUTE_TABLE, type RouteCase, type Send } from "./route_table.ts";

/**
 * Issue 9, security suite: CSRF. A browser sends the session cookie with any request to our host,
 * from any site, so a write that carries the cookie (and no Bearer header, which another site cannot
 * add) must prove it came from our own pages: `Sec-Fetch-Site: same-origin`, or, from a browser too
 * old to send that, an Origin of our own (routes/middleware/session.ts). Every write route the app
 * registers, API and pages alike, is taken from `app.routes`, so a new one cannot be forgotten; each
 * gets every way a cookie-only request can arrive from elsewhere, and must answer 403 with the
 * message, change nothing and leave the session alive; then the same request from our own page works.
 */

const APP_ORIGIN = "http://localhost:8000";

/** The headers of a cookie-carrying write that did not come from one of our pages. */
const FOREIGN: Record<string, Record<string, string>> = {
  "another site's form (Origin only, an older browser)": { origin: "https://evil.example" },
  "another site's fetch": { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
  "a sibling subdomain": { "sec-fetch-site": "same-site", origin: "https://blog.localhost:8000" },
  "a sandboxed frame or data: page": { origin: "null" },
  "typed or bookmarked (no initiator)": { "sec-fetch-site": "none" },
  "no Origin and no Sec-Fetch-Site (not a browser: use the Bearer token)": {},
};
const OUR_PAGE = { "sec-fetch-site": "same-origin", origin: APP_ORIGIN };

const isSafe = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";

/** Every write route of an app: `{method} {path}`, without middleware (a `use()` entry takes `next`). */
function writeRoutes(app: { routes: { method: string; path: string; handler: unknown }[] }): Set<string> {
  const found = new Set<string>();
  for (const { method, path, handler } of app.routes) {
    if (isSafe(method)) continue;
    if (method === "ALL" && (handler as (...args: unknown[]) => unknown).length >= 2) continue;
    found.add(`${method} ${path}`);
  }
  return found;
}

function urlOf(path: string, send: Send): string {
  const params = send.params ?? {};
  const filled = path.replace(/:(\w+)|\*/g, (_, name?: string) => encodeURIComponent(params[name ?? "*"]));
  return send.query ? `${filled}?${new URLSearchParams(send.query)}` : filled;
}

function bodyOf(send: Send): { body?: BodyInit; headers: Record<string, string> } {
  if (send.body instanceof FormData) return { body: send.body, headers: {} };
  if (send.body === undefined) return { headers: {} };
  return { body: JSON.stringify(send.body), headers: { "content-type": "application/json" } };
}

interface WriteCase {
  label: string;
  method: string;
  url: string;
  body?: BodyInit;
  headers: Record<string, string>;
  cookie: string;
  /** What the same request from our own page answers. */
  expected: number;
}

/**
 * Sends the write from every foreign place, then from our page. Answers what went wrong. The
 * session is checked after each refusal: a refused logout must not have logged anyone out.
 */
async function checkWrite(t: TestApp, write: WriteCase): Promise<string[]> {
  const problems: string[] = [];
  for (const [from, headers] of Object.entries(FOREIGN)) {
    const before = await storeSnapshot(t.kv);
    const response = await t.request(write.url, {
      method: write.method,
      headers: { ...write.headers, ...headers, cookie: write.cookie },
      body: write.body,
    });
    const text = await response.text();
    if (response.status !== 403) problems.push(`${write.label} from ${from}: ${response.status}`);
    else if (write.url.startsWith("/api/")) {
      if (JSON.parse(text).message !== MESSAGES.crossSite) problems.push(`${write.label}: message ${text}`);
    } else if (!text.includes(MESSAGES.crossSite)) problems.push(`${write.label}: page without the message`);
    const written = storeChanges(before, await storeSnapshot(t.kv));
    if (written.length) problems.push(`${write.label} from ${from} wrote ${written.join(", ")}`);
  }
  const me = await t.request("/api/auth/user", { headers: { cookie: write.cookie } });
  await me.body?.cancel();
  if (me.status !== 200) problems.push(`${write.label}: the session did not survive the refusals`);

  const ours = await t.request(write.url, {
    method: write.method,
    headers: { ...write.headers, ...OUR_PAGE, cookie: write.cookie },
    body: write.body,
  });
  await ours.body?.cancel();
  if (ours.status !== write.expected) {
    problems.push(`${write.label} from our own page: ${ours.status}, expected ${write.expected}`);
  }
  return problems;
}

/** For a tabled API route: the role the table lets through, so our own page's request does the write. */
function allowedRole(entry: RouteCase): Exclude<Role, "visitor"> {
  const roles = ["admin", "customer", "demo", "otherCustomer"] as const;
  return roles.find((role) => entry.expected[role] < 300) ?? "admin";
}

Deno.test("CSRF: every cookie-authenticated API write not from our pages is refused, unchanged", async () => {
  await using stripe = startStripeFake();
  const problems: string[] = [];
  const covered = new Set<string>();
  let requests = 0;
  for (const entry of ROUTE_TABLE) {
    // The catch-all of the prompts is tabled with a GET; as a write it is a POST to an unknown kind.
    const method = entry.method === "ALL" ? "POST" : entry.method;
    if (isSafe(method)) continue;
    await using w = await openWorld(stripe);
    const role = allowedRole(entry);
    const send = await entry.send(w, role);
    const { body, headers } = bodyOf(send);
    problems.push(
      ...await checkWrite(w.t, {
        label: `${method} ${entry.path}${entry.variant ? ` (${entry.variant})` : ""} as ${role}`,
        method,
        url: urlOf(entry.path, send),
        body,
        headers,
        cookie: w.sessions[role].cookie,
        expected: entry.method === "ALL" ? 404 : entry.expected[role],
      }),
    );
    covered.add(`${entry.method} ${entry.path}`);
    requests += Object.keys(FOREIGN).length + 1;
  }
  assertEquals(problems, []);

  // Every write the app registers (with Stripe, as in production) was among them.
  await using t = await createTestApp({ env: securityEnv(stripe) });
  const apiWrites = [...writeRoutes(t.app)].filter((route) => route.includes(" /api/"));
  const missing = apiWrites.filter((route) => !covered.has(route));
  assertEquals(missing, [], "write routes without a CSRF case");
  console.log(`CSRF (API): ${covered.size} write routes, ${requests} requests, every foreign one refused`);
});

Deno.test("CSRF: the page forms (logout, local Pay and promo) refuse foreign cookie posts", async () => {
  // Without Stripe the local checkout is mounted; it is the only place with page forms besides logout.
  await using t = await createTestApp();
  const buyer = await signIn(t, "sam@example.com");
  const checkout = await startCheckout(t, orderForm(), { authorization: `Bearer ${buyer.token}` });
  assertEquals(checkout.status, 200);
  const id = checkout.body.sessionId as string;
  const promo = new URLSearchParams({ promotionCode: "NOT-A-CODE" });
  const form = { "content-type": "application/x-www-form-urlencoded" };
  const writes: WriteCase[] = [
    { label: "promo code", method: "POST", url: `/checkout/local/${id}/promo`, body: promo, headers: form },
    { label: "Pay", method: "POST", url: `/checkout/local/${id}/pay`, headers: {} },
    { label: "logout form", method: "POST", url: "/logout", headers: {} },
  ].map((write) => ({ ...write, cookie: buyer.cookie, expected: write.label === "promo code" ? 422 : 303 }));

  const pageWrites = [...writeRoutes(t.app)].filter((route) => !route.includes(" /api/"));
  assertEquals(pageWrites.sort(), [
    "POST /checkout/local/:id/pay",
    "POST /checkout/local/:id/promo",
    "POST /logout",
  ], "a new page write needs a case here");

  const problems: string[] = [];
  for (const write of writes) problems.push(...await checkWrite(t, write));
  assertEquals(problems, []);
  // The foreign Pay did not pay: only our own page's did, once.
  const orders = await Array.fromAsync(t.kv.list({ prefix: ["orders_by_session"] }));
  assertEquals(orders.length, 1);
});

Deno.test("CSRF: the rule is about the cookie; Bearer calls and visitors are not affected", async () => {
  await using t = await createTestApp({ env: { APP_URL: "https://shop.example" } });
  const { token, cookie } = await signIn(t, "parent@example.com");
  const cross = { "sec-fetch-site": "cross-site", origin: "https://evil.example" };
  // Another site cannot send our Bearer header without a CORS preflight, which we never grant.
  const preflight = await t.request("/api/create-checkout-session", {
    method: "OPTIONS",
    headers: { origin: "https://evil.example", "access-control-request-headers": "authorization" },
  });
  assertEquals(preflight.headers.get("access-control-allow-origin"), null);
  assertEquals(preflight.headers.get("access-control-allow-headers"), null);
  await preflight.body?.cancel();

  const bearer = await t.request("/api/create-checkout-session", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...cross },
    body: JSON.stringify({ order: orderForm() }),
  });
  assertEquals(bearer.status, 200, "the API client's calls are not cookie-authenticated");
  await bearer.body?.cancel();

  // A guest checkout from another site carries no authority at all: it is the visitor's own order.
  const guest = await t.request("/api/guest/create-checkout-session", {
    method: "POST",
    headers: { "content-type": "application/json", ...cross },
    body: JSON.stringify({ order: orderForm() }),
  });
  assertEquals(guest.status, 200);
  await guest.body?.cancel();

  // The same guest request with the cookie riding along is refused: it would act as the user.
  const withCookie = await t.request("/api/guest/create-checkout-session", {
    method: "POST",
    headers: { "content-type": "application/json", ...cross, cookie },
    body: JSON.stringify({ order: orderForm() }),
  });
  assertEquals(withCookie.status, 403);
  assertStringIncludes((await withCookie.json()).message, "another site");

  // Our own https origin, from a browser without Sec-Fetch-Site, is accepted.
  const ours = await t.request("/api/create-checkout-session", {
    method: "POST",
    headers: { cookie, origin: "https://shop.example", "content-type": "application/json" },
    body: JSON.stringify({ order: orderForm() }),
  });
  assertEquals(ours.status, 200);
  await ours.body?.cancel();
});
