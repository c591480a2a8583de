import { assertEquals } from "@std/assert";
import { startStripeFake, type StripeFake } from "../../../fakes/stripe.ts";
import { createTestApp } from "../../helpers.ts";
import {
  type Auth,
  EMAILS,
  headersOf,
  openWorld,
  type Role,
  ROLES,
  securityEnv,
  storeChanges,
  storeSnapshot,
  type World,
} from "./helpers.ts";
import { ROUTE_TABLE, type RouteCase, type Send } from "./route_table.ts";

/**
 * Issue 9, authorisation matrix: every API and webhook route × {visitor, customer, another customer,
 * demo user, admin}, from the one table in route_table.ts. Each cell runs in a fresh shop (its own
 * KV, sessions and fixtures), so no role's write can change another's answer.
 */

/** The API's handlers as the app registers them: `{method} {path}` for every /api/ and webhook route. */
function registeredRoutes(routes: { method: string; path: string; handler: unknown }[]): Set<string> {
  const found = new Set<string>();
  for (const { method, path, handler } of routes) {
    if (!path.startsWith("/api/") && !/webhook/i.test(path)) continue;
    // `use()` registers middleware as ALL with a (c, next) handler; an ALL route that answers by
    // itself (a catch-all) takes at most the context. Validators share their handler's method and path.
    if (method === "ALL" && (handler as (...args: unknown[]) => unknown).length >= 2) continue;
    found.add(`${method} ${path}`);
  }
  return found;
}

const key = (entry: RouteCase) => `${entry.method} ${entry.path}`;
const label = (entry: RouteCase) => `${key(entry)}${entry.variant ? ` (${entry.variant})` : ""}`;

Deno.test("the route table lists every API and webhook route the app registers, and no other", async () => {
  await using stripe = startStripeFake();
  await using t = await createTestApp({ env: securityEnv(stripe) });
  const registered = registeredRoutes(t.app.routes);
  const tabled = new Set(ROUTE_TABLE.map(key));
  assertEquals([...registered].filter((route) => !tabled.has(route)), [], "routes missing from the table");
  assertEquals([...tabled].filter((route) => !registered.has(route)), [], "tabled routes the app lacks");
  // Each variant of a route is a distinct case, never a duplicate of another.
  assertEquals(new Set(ROUTE_TABLE.map(label)).size, ROUTE_TABLE.length, "duplicate cases");
});

Deno.test("the roles are who the matrix says they are", async () => {
  await using stripe = startStripeFake();
  await using w = await openWorld(stripe);
  const seen: Record<string, unknown> = {};
  for (const role of ROLES) {
    const response = await w.t.request("/api/auth/user", { headers: headersOf(w, role) });
    seen[role] = response.status === 200 ? await response.json() : response.status;
    if (response.status !== 200) await response.body?.cancel();
  }
  assertEquals(seen, {
    visitor: 401,
    customer: { username: EMAILS.customer, isDemo: false, role: "user" },
    otherCustomer: { username: EMAILS.otherCustomer, isDemo: false, role: "user" },
    demo: { username: EMAILS.demo, isDemo: true, role: "user" },
    admin: { username: EMAILS.admin, isDemo: false, role: "admin" },
  });
});

/** The pattern with its parameters filled in, and the query. */
function urlOf(entry: RouteCase, send: Send): string {
  const params = send.params ?? {};
  const path = entry.path.replace(/:(\w+)|\*/g, (whole, name?: string) => {
    const value = params[name ?? "*"];
    if (value === undefined) throw new Error(`${label(entry)}: no value for ${whole}`);
    return encodeURIComponent(value);
  });
  return send.query ? `${path}?${new URLSearchParams(send.query)}` : path;
}

function requestOf(w: World, role: Role, entry: RouteCase, send: Send, auth: Auth): RequestInit {
  const headers: Record<string, string> = { ...headersOf(w, role, auth) };
  let body: BodyInit | undefined;
  if (send.body instanceof FormData) body = send.body;
  else if (send.body !== undefined) {
    body = JSON.stringify(send.body);
    headers["content-type"] = "application/json";
  }
  return { method: send.method ?? entry.method, headers, body };
}

/**
 * The same request, broken where validation would look: malformed JSON in place of a body, nonsense
 * in the query. A caller the route refuses must get the same refusal, learning nothing about validation.
 */
function brokenRequestOf(
  w: World,
  role: Role,
  entry: RouteCase,
  send: Send,
  auth: Auth,
): [string, RequestInit] {
  const init = requestOf(w, role, entry, send, auth);
  if (isSafe(init.method)) {
    const query = { page: "-1", filter: "nope", q: "x".repeat(500), t: "" };
    return [urlOf(entry, { ...send, query }), init];
  }
  const headers = { ...init.headers as Record<string, string>, "content-type": "application/json" };
  return [urlOf(entry, send), { ...init, headers, body: '{"broken": ' }];
}

const isSafe = (method = "GET") => method === "GET" || method === "HEAD";

interface Answer {
  status: number;
  message: unknown;
  /** What is wrong with the answer beyond its status, if anything. */
  problem: string | null;
  text: string;
}

async function answerOf(response: Response, entry: RouteCase): Promise<Answer> {
  const type = response.headers.get("content-type") ?? "";
  const text = await response.text();
  const problem = response.status >= 500 ? `a ${response.status}` : null;
  if (entry.fileType && response.status === 200) {
    return {
      status: 200,
      message: null,
      text: "",
      problem: type === entry.fileType ? problem : `type ${type}`,
    };
  }
  // A 204 (pages' analytics taken) has no body to be JSON.
  if (response.status === 204) {
    return { status: 204, message: null, text, problem: problem ?? (text ? "a 204 with a body" : null) };
  }
  let json: { message?: unknown } | null = null;
  try {
    json = type.startsWith("application/json") ? JSON.parse(text) : null;
  } catch { /* reported below */ }
  return {
    status: response.status,
    message: json?.message,
    text,
    problem: problem ??
      (!json
        ? `not JSON (${type}): ${text.slice(0, 80)}`
        : response.status >= 400 && typeof json.message !== "string"
        ? "a 4xx without a string message"
        : null),
  };
}

const REFUSED = new Set([401, 403]);
/** Roles that own nothing here and are not staff: the owner's personal data must never reach them. */
const OUTSIDERS = new Set<Role>(["visitor", "otherCustomer", "demo"]);

interface CellResult {
  problems: string[];
  /** The status of the broken request, for the tally of routes whose refusal precedes validation. */
  brokenStatus: number;
}

/** Runs one cell in a fresh shop and says what is wrong with it (nothing, when it is as the table says). */
async function checkCell(stripe: StripeFake, entry: RouteCase, role: Role, auth: Auth): Promise<CellResult> {
  const problems: string[] = [];
  await using w = await openWorld(stripe);
  const send = await entry.send(w, role);
  const expected = entry.expected[role];
  const refused = REFUSED.has(expected);
  const request = requestOf(w, role, entry, send, auth);
  // First, while the session and fixtures are as made: a write carrying the cookie from another site.
  if (auth === "cookie" && role !== "visitor" && !isSafe(request.method)) {
    problems.push(...await crossSite(w, entry, role, send));
  }
  const before = await storeSnapshot(w.t.kv);
  const answer = await answerOf(await w.t.request(urlOf(entry, send), request), entry);
  if (answer.status !== expected) {
    problems.push(`got ${answer.status}, expected ${expected}: ${String(answer.message).slice(0, 120)}`);
  }
  if (answer.problem) problems.push(answer.problem);
  if (OUTSIDERS.has(role) && !entry.sharesOwnerData && answer.text.includes(EMAILS.customer)) {
    problems.push("the owner's address reached someone else");
  }
  if (refused) {
    const written = storeChanges(before, await storeSnapshot(w.t.kv));
    if (written.length) problems.push(`a refused request wrote ${written.join(", ")}`);
  }
  // The refusal comes before validation: a broken request is refused the same way. (Allowed roles
  // send it too, after the real one, to learn which routes validate at all; it must never be a 5xx.)
  const [url, init] = brokenRequestOf(w, role, entry, send, auth);
  const broken = await answerOf(await w.t.request(url, init), entry);
  if (broken.problem) problems.push(`broken request: ${broken.problem}`);
  if (refused && (broken.status !== answer.status || broken.message !== answer.message)) {
    problems.push(`a broken request got ${broken.status} "${broken.message}" instead of the same refusal`);
  }
  return {
    problems: problems.map((problem) => `${auth} ${label(entry)} as ${role}: ${problem}`),
    brokenStatus: broken.status,
  };
}

/** The same cookie write from another site's page: refused before anything happens (ARCHITECTURE §7). */
async function crossSite(w: World, entry: RouteCase, role: Role, send: Send): Promise<string[]> {
  const before = await storeSnapshot(w.t.kv);
  const answer = await answerOf(
    await w.t.request(urlOf(entry, send), requestOf(w, role, entry, send, "cross-site")),
    entry,
  );
  const written = storeChanges(before, await storeSnapshot(w.t.kv));
  return [
    ...(answer.status === 403 && !answer.problem ? [] : [`cross-site cookie write got ${answer.status}`]),
    ...(written.length ? [`a cross-site cookie write wrote ${written.join(", ")}`] : []),
  ];
}

/** The whole matrix with one way of signing in; logs its size and the validation-order tally. */
async function runMatrix(auth: Exclude<Auth, "cross-site">) {
  await using stripe = startStripeFake();
  const problems: string[] = [];
  let cells = 0;
  const refusedBeforeValidation = new Set<string>();
  for (const entry of ROUTE_TABLE) {
    const results = new Map<Role, CellResult>();
    for (const role of ROLES) {
      const result = await checkCell(stripe, entry, role, auth);
      problems.push(...result.problems);
      results.set(role, result);
      cells++;
    }
    // A route where an allowed role's broken request is a 400 validates; its refused roles got 401/403.
    const validates = ROLES.some((role) =>
      !REFUSED.has(entry.expected[role]) && results.get(role)?.brokenStatus === 400
    );
    if (validates && ROLES.some((role) => REFUSED.has(entry.expected[role]))) {
      refusedBeforeValidation.add(label(entry));
    }
  }
  console.log(
    `${auth}: ${ROUTE_TABLE.length} route cases × ${ROLES.length} roles = ${cells} cells; ` +
      `${refusedBeforeValidation.size} validating routes refuse before validating`,
  );
  assertEquals(problems, []);
}

Deno.test("authorisation matrix, Bearer token: every API route × role as route_table.ts says", async () => {
  await runMatrix("bearer");
});

Deno.test("authorisation matrix, session cookie: the same answers; cross-site writes refused", async () => {
  await runMatrix("cookie");
});
