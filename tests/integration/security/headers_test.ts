import { assertEquals } from "@std/assert";
import { createHash } from "node:crypto";
import type { Order } from "../../../domain/order/orders.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { createTestApp, signIn, type TestApp } from "../../helpers.ts";
import { completedOrder } from "../delivery/helpers.ts";
import { orderForm, startCheckout } from "../orders/helpers.ts";

/**
 * Issue 9, security suite: security headers and the CSP on every page. The pages are every GET route
 * the app registers (`app.routes`, so a new page is checked without anyone listing it), each asked
 * for by a visitor, a signed-in customer and an admin, plus the answers that are not routes: the
 * 404 and 403 pages, API errors, static files. tests/integration/pages_test.ts checks a few pages.
 */

const ADMIN = "boss@example.com";
const CUSTOMER = "owner@example.com";

/** Directives a page needs exactly so: scripts only from our origin, no plugins, no framing. */
const FIXED_DIRECTIVES: Record<string, string> = {
  "default-src": "'self'",
  "script-src": "'self'",
  "object-src": "'none'",
  "base-uri": "'none'",
  "form-action": "'self'",
  "frame-ancestors": "'none'",
  "connect-src": "'self'",
};

/** Headers every answer carries, whatever it is. */
const FIXED_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
};
const HSTS = /^max-age=(\d+); includeSubDomains$/;
/** Sources that would let content in from anywhere, or inline. */
const LOOSE = /'unsafe-(inline|eval|hashes)'|'strict-dynamic'|\bdata:|\bblob:|(^|\s)\*(\s|$)|\bhttps?:/;
/**
 * The loosened directives the policy has, and why they are harmless: `style` attributes (islands set
 * positions and widths through React; CSS cannot run code), and images or media from data/blob URLs.
 */
const KNOWN_LOOSE: Record<string, string> = {
  "style-src-attr": "'unsafe-inline'",
  "img-src": "'self' data: blob:",
  "media-src": "'self' blob:",
};

function directivesOf(csp: string): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of csp.split(";").map((text) => text.trim()).filter(Boolean)) {
    const [name, ...sources] = part.split(/\s+/);
    if (directives.has(name)) directives.set(name, "(twice)");
    else directives.set(name, sources.join(" "));
  }
  return directives;
}

/** What is wrong with one answer's headers and, for a page, its HTML. */
async function problemsOf(label: string, response: Response, signedIn: boolean): Promise<string[]> {
  const problems: string[] = [];
  const say = (problem: string) => problems.push(`${label}: ${problem}`);
  for (const [name, value] of Object.entries(FIXED_HEADERS)) {
    if (response.headers.get(name) !== value) say(`${name} is ${response.headers.get(name)}`);
  }
  const hsts = HSTS.exec(response.headers.get("strict-transport-security") ?? "");
  if (!hsts || Number(hsts[1]) < 180 * 24 * 60 * 60) say("no HSTS of at least 180 days");

  const csp = directivesOf(response.headers.get("content-security-policy") ?? "");
  for (const [name, value] of Object.entries(FIXED_DIRECTIVES)) {
    if (csp.get(name) !== value) say(`CSP ${name} is ${csp.get(name)}`);
  }
  // Nothing loosens the policy beyond the two known, script-free exceptions (script-src-elem or
  // script-src-attr would override script-src for scripts, so neither may appear).
  for (const [name, value] of csp) {
    if (/^script-src-/.test(name)) say(`CSP has ${name}`);
    if (LOOSE.test(value) && KNOWN_LOOSE[name] !== value) say(`CSP ${name} allows ${value}`);
  }

  const type = response.headers.get("content-type") ?? "";
  if (!type.startsWith("text/html")) {
    await response.body?.cancel();
    if (csp.get("style-src") !== "'self'") say(`a non-page allows styles ${csp.get("style-src")}`);
    return problems;
  }
  const html = await response.text();
  // The one inline stylesheet is allowed by its hash, and nothing else inline is.
  const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]);
  const hashes = styles.map((css) => `'sha256-${createHash("sha256").update(css).digest("base64")}'`);
  const expectedStyle = ["'self'", ...hashes].join(" ");
  if (csp.get("style-src") !== expectedStyle) {
    say(`style-src ${csp.get("style-src")} for ${styles.length} styles`);
  }
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const external = /^<script type="module" src="\/build\/[\w-]+\.js"><\/?/.test(tag + "<");
    // Data blocks never run: structured data, and the islands' script addresses.
    const data = [
      `<script type="application/ld+json">`,
      `<script type="application/json" id="lh-island-entries">`,
      `<script type="application/json" id="lh-island-prefetch">`,
    ];
    if (!external && !data.includes(tag)) say(`an inline script: ${tag}`);
  }
  const handler = html.match(/<[a-z][^>]*\s(on[a-z]+)=/i);
  if (handler) say(`an inline event handler ${handler[1]}`);
  if (/\s(href|src|action)="javascript:/i.test(html)) say("a javascript: URL");
  // A page that knows who is signed in must not be kept by a shared cache.
  if (signedIn && response.headers.get("cache-control") !== "private, no-store") {
    say(`signed in, cache-control is ${response.headers.get("cache-control")}`);
  }
  return problems;
}

interface Fixtures {
  order: Order;
  checkoutId: string;
  cookies: { customer: string; admin: string };
}

async function fixtures(t: TestApp): Promise<Fixtures> {
  const customer = await signIn(t, CUSTOMER);
  const admin = await signIn(t, ADMIN);
  const made = await completedOrder(t, { parentEmail: CUSTOMER });
  const now = new Date(t.clock.now()).toISOString();
  // Delivered, so the reveal, the download and the audio answer with the song rather than "not yet".
  const order = (await updateOrder(t.kv, made.id, (current) => ({
    ...current,
    approvalStatus: "approved",
    approvedAt: now,
    deliveryScheduledFor: now,
    emailScheduledFor: now,
    emailSentAt: now,
  })))!;
  const checkout = await startCheckout(t, orderForm({ parentEmail: CUSTOMER }));
  return {
    order,
    checkoutId: checkout.body.sessionId,
    cookies: { customer: customer.cookie, admin: admin.cookie },
  };
}

/** A concrete address for a route pattern, from the fixtures. */
function addressOf(path: string, f: Fixtures): string {
  const filled = path.replace(/:(\w+)|\*/g, (_, name?: string) => {
    switch (name) {
      case "id":
        return path.startsWith("/checkout/local/") ? f.checkoutId : f.order.id;
      case "orderId":
        return f.order.id;
      case "sessionId":
        return f.checkoutId;
      case "file":
        return `${f.order.songBlobId}.mp3`;
      case "version":
        return "0";
      case "code":
        return "NOSUCHCODE";
      case undefined:
        return "music";
      default:
        throw new Error(`no fixture for :${name} in ${path}`);
    }
  });
  const queries: Record<string, string> = {
    "/auth/verify": "?t=abc",
    "/payment-processing": `?session_id=${f.checkoutId}`,
    "/order-processing/:id": "?name=Mia",
    "/u/:orderId": "?t=abc",
    "/api/auth/verify-magic-link": "?t=abc",
    "/api/auth/magic-link/:orderId": "?t=abc",
  };
  return filled + (queries[path] ?? "");
}

/**
 * Left out on purpose: /healthz is registered before every middleware (routes/app.ts), so the
 * benchmarks measure the bare server with it. It answers the constant `{"ok":true}` as JSON to
 * load balancers, carries no user data and renders nothing, so the headers would protect nothing.
 */
const EXEMPT = new Set(["/healthz"]);

function getRoutes(app: { routes: { method: string; path: string; handler: unknown }[] }): string[] {
  const paths = new Set<string>();
  for (const { method, path, handler } of app.routes) {
    if (EXEMPT.has(path)) continue;
    if (method === "GET") paths.add(path);
    // A catch-all that answers by itself (not a `use()` middleware) is asked for with GET too.
    if (method === "ALL" && (handler as (...args: unknown[]) => unknown).length < 2) paths.add(path);
  }
  return [...paths];
}

Deno.test("every page and answer carries the security headers and a CSP without inline script", async () => {
  await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  const f = await fixtures(t);
  const routes = getRoutes(t.app);
  const problems: string[] = [];
  const statuses = new Map<string, number>();
  const viewers = { visitor: undefined, customer: f.cookies.customer, admin: f.cookies.admin };
  for (const path of routes) {
    for (const [who, cookie] of Object.entries(viewers)) {
      const address = addressOf(path, f);
      const response = await t.request(address, { headers: cookie ? { cookie } : {} });
      statuses.set(`${response.status}`, (statuses.get(`${response.status}`) ?? 0) + 1);
      if (response.status >= 500) problems.push(`GET ${address} as ${who}: ${response.status}`);
      problems.push(...await problemsOf(`GET ${address} as ${who}`, response, cookie !== undefined));
    }
  }
  // The answers that are not routes of their own.
  const others: [string, RequestInit][] = [
    ["/no-such-page", {}],
    ["/api/no-such-thing", {}],
    ["/favicon.ico", {}],
    ["/robots.txt", {}],
    ["/logout", { method: "POST", headers: { cookie: f.cookies.customer, "sec-fetch-site": "cross-site" } }],
    ["/api/auth/logout", { method: "POST", headers: { cookie: f.cookies.customer } }],
    ["/api/auth/request-magic-link", {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
    }],
  ];
  for (const [address, init] of others) {
    const response = await t.request(address, init);
    statuses.set(`${response.status}`, (statuses.get(`${response.status}`) ?? 0) + 1);
    problems.push(...await problemsOf(`${init.method ?? "GET"} ${address}`, response, false));
  }
  assertEquals(problems, []);
  const tally = [...statuses].sort().map(([status, count]) => `${count}× ${status}`).join(", ");
  console.log(
    `headers: ${routes.length} GET routes × 3 viewers + ${others.length} other answers ` +
      `(${routes.length * 3 + others.length} responses: ${tally}), all with the headers and the CSP`,
  );
});

Deno.test("on https the session cookie is Secure, HttpOnly and SameSite=Lax, and HSTS is sent", async () => {
  await using t = await createTestApp({ env: { APP_URL: "https://shop.example" } });
  const { token } = await signIn(t, CUSTOMER);
  const logout = await t.request("/api/auth/logout", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  await logout.body?.cancel();
  // The clearing cookie carries the same attributes, or a browser would keep the original.
  const cleared = logout.headers.get("set-cookie") ?? "";
  for (const attribute of ["HttpOnly", "Secure", "SameSite=Lax", "Path=/"]) {
    assertEquals(cleared.includes(attribute), true, `${attribute} in ${cleared}`);
  }
  const page = await t.request("/");
  await page.body?.cancel();
  assertEquals(HSTS.test(page.headers.get("strict-transport-security") ?? ""), true);
});

Deno.test("the check finds a loosened policy, a missing header, inline script and a handler", async () => {
  await using t = await createTestApp();
  const real = await t.request("/privacy-policy");
  const html = await real.text();
  const headers = new Headers(real.headers);
  assertEquals(await problemsOf("real", new Response(html, { headers }), false), []);

  const loosened = new Headers(headers);
  loosened.set(
    "content-security-policy",
    headers.get("content-security-policy")!.replace(
      "script-src 'self'",
      "script-src 'self' 'unsafe-inline'",
    ),
  );
  loosened.delete("x-frame-options");
  const injected = html.replace("</body>", `<script>alert(1)</script><img src=x onerror="alert(2)"></body>`);
  const found = await problemsOf("bad", new Response(injected, { headers: loosened }), true);
  assertEquals(found, [
    "bad: x-frame-options is null",
    "bad: CSP script-src is 'self' 'unsafe-inline'",
    "bad: CSP script-src allows 'self' 'unsafe-inline'",
    "bad: an inline script: <script>",
    "bad: an inline event handler onerror",
    "bad: signed in, cache-control is null",
  ]);
});
