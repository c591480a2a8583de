/**
 * Hostile requests for every route of the app, generated rather than written by hand so a new
 * endpoint is fuzzed the day it is added (tests/integration/security/fuzz_test.ts reads the routes
 * from the real app). Deterministic: everything "random" comes from a seeded PRNG, so a failure
 * names a case that the next run sends again, byte for byte.
 */
import { seededRandom } from "../../../fakes/loopback.ts";

/** A route as Hono lists it (`app.routes`). */
export interface RouteInfo {
  method: string;
  path: string;
}

export type CaseKind =
  | "param"
  | "wrong-type"
  | "huge"
  | "deep-json"
  | "invalid-utf8"
  | "proto-keys"
  | "html-payload"
  | "content-type"
  | "query"
  | "header"
  | "method";

export interface HostileCase {
  kind: CaseKind;
  /** The route the case was made from, `METHOD /path/:param`. */
  route: string;
  /** What is hostile about it, for failure messages. */
  label: string;
  method: string;
  /** The path with its parameters filled and any query appended. */
  path: string;
  headers: Record<string, string>;
  /** A fresh body for each send: a stream can be read once. */
  body?: () => BodyInit;
  /** The case brings its own Authorization or Cookie header, so it is sent once, as nobody else. */
  ownCredentials?: boolean;
}

export interface CaseOptions {
  seed: number;
  /** A valid value for a route's `:param` (a fixture's id), so the other cases get past "not found". */
  validParam(name: string, routePath: string): string;
  /** A valid JSON body for the route, or undefined for one the caller knows nothing about. */
  validBody(route: RouteInfo): unknown;
}

/** Script and markup that must stay text wherever the app shows what someone typed. */
export const XSS_PAYLOADS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "</textarea><svg onload=alert(1)>",
  "{{7*7}}${7*7}<%= 7*7 %>",
  "'';!--\"<XSS>=&{()}",
  "</script><script>alert(1)</script>",
  // Unicode tricks: right-to-left override, fullwidth brackets, zero-width joiners inside a tag name.
  "\u202egnp.exe\u202c <scr\u200dipt>alert(1)</scr\u200dipt> \uff1cscript\uff1e",
] as const;

/** A body for routes the caller has no valid body for: one field of each JSON type. */
export const GENERIC_BODY = { text: "hello", number: 1, flag: true, list: ["a"], nested: { key: "value" } };

/** Values for a `:param` that is not an id: traversal, bad escapes, invalid UTF-8, a key too long for KV. */
export const HOSTILE_PARAMS = [
  "..",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "%00",
  "%ff%fe",
  "%c0%bc",
  "%ed%a0%80",
  "%E0%A4%A",
  "%",
  "x".repeat(3000),
  "9".repeat(400),
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "__proto__",
  "constructor",
  "-1",
  "%F0%9F%8E%B5",
  "%20",
] as const;

/** Query names the app reads somewhere; each is sent twice and with hostile values. */
export const QUERY_NAMES = [
  "page",
  "filter",
  "q",
  "t",
  "name",
  "skip",
  "session_id",
  "guest",
  "order",
  "attempt",
];

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"];
const JSON_TYPE = { "content-type": "application/json" };
const API_BODY_LIMIT = 1024 * 1024;
const HUGE_FIELD = 100_000;
const DEEP = 10_000;
const encoder = new TextEncoder();

/** Every hostile case for every route, routes in the order given. */
export function hostileCases(routes: RouteInfo[], options: CaseOptions): HostileCase[] {
  const random = seededRandom(options.seed);
  const cases: HostileCase[] = [];
  const methodsOfPath = new Map<string, Set<string>>();
  for (const route of routes) {
    const methods = methodsOfPath.get(route.path) ?? new Set();
    methods.add(route.method);
    if (route.method === "GET") methods.add("HEAD");
    methodsOfPath.set(route.path, methods);
  }
  for (const route of routes) {
    const make = caseMaker(route, options);
    const template = options.validBody(route) ?? GENERIC_BODY;
    const hasBody = BODY_METHODS.has(route.method);
    cases.push(...paramCases(route, options, template, hasBody));
    if (hasBody) {
      cases.push(
        ...wrongTypeCases(make, template),
        ...hugeCases(make, template, random),
        ...deepCases(make, template),
        ...invalidUtf8Cases(make, template, random),
        ...protoCases(make, template),
        ...htmlCases(make, template),
        ...contentTypeCases(make, template),
      );
    }
    cases.push(
      ...queryCases(make, hasBody ? template : undefined),
      ...headerCases(make, hasBody ? template : undefined),
    );
  }
  for (const [path, methods] of methodsOfPath) {
    const route = { method: [...methods][0], path };
    const make = caseMaker(route, options);
    for (const method of ALL_METHODS.filter((method) => !methods.has(method))) {
      cases.push(make("method", `${method} instead of ${[...methods].join("/")}`, {
        method,
        headers: BODY_METHODS.has(method) ? JSON_TYPE : {},
        body: BODY_METHODS.has(method) ? () => "{}" : undefined,
      }));
    }
  }
  return cases;
}

type Maker = (
  kind: CaseKind,
  label: string,
  parts?: Partial<HostileCase> & { query?: string },
) => HostileCase;

function caseMaker(route: RouteInfo, options: CaseOptions): Maker {
  const path = fillPath(route.path, (name) => options.validParam(name, route.path));
  return (kind, label, parts = {}) => {
    const { query, ...rest } = parts;
    return {
      kind,
      route: `${route.method} ${route.path}`,
      label,
      method: route.method,
      path: query === undefined ? path : `${path}?${query}`,
      headers: {},
      ...rest,
    };
  };
}

export function fillPath(path: string, value: (name: string) => string): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => value(name));
}

function jsonCase(make: Maker, kind: CaseKind, label: string, text: string | Uint8Array): HostileCase {
  const bytes = typeof text === "string" ? encoder.encode(text) : text;
  return make(kind, label, { headers: JSON_TYPE, body: () => bytes.slice() });
}

/** Each `:param` in turn takes each hostile value while the others stay valid. */
function paramCases(route: RouteInfo, options: CaseOptions, template: unknown, hasBody: boolean) {
  const names = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => name);
  return names.flatMap((target) =>
    HOSTILE_PARAMS.map((hostile): HostileCase => ({
      kind: "param",
      route: `${route.method} ${route.path}`,
      label: `:${target} = ${hostile.slice(0, 40)}${hostile.length > 40 ? `… (${hostile.length})` : ""}`,
      method: route.method,
      path: fillPath(route.path, (name) => name === target ? hostile : options.validParam(name, route.path)),
      headers: hasBody ? JSON_TYPE : {},
      body: hasBody ? () => JSON.stringify(template) : undefined,
    }))
  );
}

/** Every leaf of a JSON value with its path: `[["order", "childName"], "Mia"]`. */
export function leavesOf(value: unknown, path: string[] = []): [string[], unknown][] {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, inner]) => leavesOf(inner, [...path, key]));
  }
  return path.length ? [[path, value]] : [];
}

/** A copy of `value` with the leaf at `path` replaced. */
export function withLeaf(value: unknown, path: string[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const object = (value && typeof value === "object" && !Array.isArray(value) ? value : {}) as Record<
    string,
    unknown
  >;
  return { ...object, [path[0]]: withLeaf(object[path[0]], path.slice(1), leaf) };
}

const WRONG_TYPES: [string, unknown][] = [
  ["number", 12345],
  ["numeric string", "12345"],
  ["boolean", true],
  ["null", null],
  ["array", ["a", 1]],
  ["object", { nested: "x" }],
];
const EDGE_NUMBERS = [1e308, -1, 0.5, 2 ** 53 + 1, -0];

function typeName(value: unknown) {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

function wrongTypeCases(make: Maker, template: unknown): HostileCase[] {
  const cases = [null, [], "text", 0, true, [template]].map((body) =>
    jsonCase(make, "wrong-type", `body is ${JSON.stringify(body).slice(0, 30)}`, JSON.stringify(body))
  );
  for (const [path, leaf] of leavesOf(template)) {
    const wrong = WRONG_TYPES.filter(([, value]) => typeName(value) !== typeName(leaf) || value === "12345");
    const values: [string, unknown][] = typeof leaf === "number"
      ? [...wrong, ...EDGE_NUMBERS.map((value) => [`number ${value}`, value] as [string, unknown])]
      : wrong;
    for (const [name, value] of values) {
      cases.push(
        jsonCase(
          make,
          "wrong-type",
          `${path.join(".")} as ${name}`,
          JSON.stringify(withLeaf(template, path, value)),
        ),
      );
    }
  }
  return cases;
}

function stringLeaves(template: unknown) {
  return leavesOf(template).filter(([, leaf]) => typeof leaf === "string").map(([path]) => path);
}

function hugeCases(make: Maker, template: unknown, random: () => number): HostileCase[] {
  const strings = stringLeaves(template);
  const cases: HostileCase[] = [];
  if (strings.length) {
    const chosen = strings[Math.floor(random() * strings.length)];
    cases.push(
      jsonCase(
        make,
        "huge",
        `${chosen.join(".")} of ${HUGE_FIELD} characters`,
        JSON.stringify(withLeaf(template, chosen, "x".repeat(HUGE_FIELD))),
      ),
    );
    // Just past every field limit of the app (free text 2,000, lyrics and prompts 20,000).
    const everyField = strings.reduce((body, path) => withLeaf(body, path, "y".repeat(20_001)), template);
    cases.push(jsonCase(make, "huge", "every string field 20,001 characters", JSON.stringify(everyField)));
  }
  const base = JSON.stringify(withLeaf(template, ["padding"], ""));
  const under = JSON.stringify(
    withLeaf(template, ["padding"], "z".repeat(API_BODY_LIMIT - base.length - 16)),
  );
  const over = JSON.stringify(withLeaf(template, ["padding"], "z".repeat(API_BODY_LIMIT - base.length + 16)));
  cases.push(
    jsonCase(make, "huge", `body of ${under.length} bytes, just under 1 MB`, under),
    jsonCase(make, "huge", `body of ${over.length} bytes, just over 1 MB`, over),
    make("huge", "body over 1 MB as a stream without a length", {
      headers: JSON_TYPE,
      body: () => streamOf(encoder.encode(over), 64 * 1024),
    }),
  );
  return cases;
}

function streamOf(bytes: Uint8Array, chunk: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
}

function deepCases(make: Maker, template: unknown): HostileCase[] {
  const deepArray = "[".repeat(DEEP) + "]".repeat(DEEP);
  const deepObject = '{"a":'.repeat(DEEP) + "1" + "}".repeat(DEEP);
  const cases = [
    jsonCase(make, "deep-json", `array nested ${DEEP} deep`, deepArray),
    jsonCase(make, "deep-json", `object nested ${DEEP} deep`, deepObject),
  ];
  const [first] = leavesOf(template);
  if (first) {
    const marked = JSON.stringify(withLeaf(template, first[0], "@@DEEP@@")).replace('"@@DEEP@@"', deepObject);
    cases.push(jsonCase(make, "deep-json", `${first[0].join(".")} nested ${DEEP} deep`, marked));
  }
  return cases;
}

/** Byte sequences no UTF-8 decoder may accept: stray bytes, overlong forms, surrogates, truncation. */
const INVALID_UTF8 = [
  [0xff, 0xfe],
  [0xc0, 0xbc],
  [0xe0, 0x80, 0xbc],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x82],
];

function invalidUtf8Cases(make: Maker, template: unknown, random: () => number): HostileCase[] {
  const cases: HostileCase[] = [];
  const strings = stringLeaves(template);
  for (const [index, sequence] of INVALID_UTF8.entries()) {
    const path = strings.length ? strings[index % strings.length] : ["text"];
    const text = JSON.stringify(withLeaf(template, path, "a@@BYTES@@b"));
    const [before, after] = text.split("@@BYTES@@").map((part) => encoder.encode(part));
    const bytes = new Uint8Array([...before, ...sequence, ...after]);
    cases.push(jsonCase(make, "invalid-utf8", `bytes ${hex(sequence)} inside ${path.join(".")}`, bytes));
  }
  const soup = new Uint8Array(256).map(() => 0x80 + Math.floor(random() * 0x80));
  cases.push(jsonCase(make, "invalid-utf8", "a body of 256 bytes that are not UTF-8", soup));
  // Valid UTF-8, but JSON escapes for lone surrogates decode to strings that are not valid Unicode.
  const surrogates = strings.reduce(
    (body, path) => withLeaf(body, path, "@@SURROGATE@@"),
    template,
  );
  cases.push(
    jsonCase(
      make,
      "invalid-utf8",
      "lone surrogates escaped in every string",
      JSON.stringify(surrogates).replaceAll("@@SURROGATE@@", "\\ud800x\\udfff"),
    ),
  );
  return cases;
}

function hex(bytes: number[]) {
  return bytes.map((byte) => byte.toString(16).padStart(2, "0")).join(" ");
}

/** JSON text can carry `__proto__` as an own key, which `JSON.stringify` of a literal would drop. */
function protoCases(make: Maker, template: unknown): HostileCase[] {
  const body = JSON.stringify(template);
  const inner = body.slice(1, -1);
  const join = inner ? `,${inner}` : "";
  const cases = [
    jsonCase(make, "proto-keys", "__proto__ at the top", `{"__proto__":{"polluted":"yes"}${join}}`),
    jsonCase(
      make,
      "proto-keys",
      "constructor.prototype at the top",
      `{"constructor":{"prototype":{"polluted":"yes"}}${join}}`,
    ),
    jsonCase(make, "proto-keys", "prototype and __proto__ arrays", `{"prototype":[1],"__proto__":[]${join}}`),
  ];
  // The same keys inside each nested object of the body.
  for (const [key, value] of Object.entries(template as Record<string, unknown>)) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      const nested = JSON.stringify(value).slice(1, -1);
      const replaced = body.replace(
        JSON.stringify(value),
        `{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}${
          nested ? `,${nested}` : ""
        }}`,
      );
      cases.push(jsonCase(make, "proto-keys", `__proto__ inside ${key}`, replaced));
    }
  }
  return cases;
}

function htmlCases(make: Maker, template: unknown): HostileCase[] {
  const strings = stringLeaves(template);
  return XSS_PAYLOADS.map((payload) => {
    const body = strings.length
      ? strings.reduce((next, path) => withLeaf(next, path, payload), template)
      : withLeaf(template, ["text"], payload);
    return jsonCase(
      make,
      "html-payload",
      `every string field ${JSON.stringify(payload)}`,
      JSON.stringify(body),
    );
  });
}

/** The body as form fields, nested keys written `order[childName]` like many form parsers expect. */
function formEntries(template: unknown): [string, string][] {
  return leavesOf(template).map(([path, leaf]) => [
    path[0] + path.slice(1).map((key) => `[${key}]`).join(""),
    typeof leaf === "string" ? leaf : JSON.stringify(leaf),
  ]);
}

function contentTypeCases(make: Maker, template: unknown): HostileCase[] {
  const json = JSON.stringify(template);
  const entries = formEntries(template);
  const as = (label: string, headers: Record<string, string>, body: () => BodyInit) =>
    make("content-type", label, { headers, body });
  return [
    as("form-urlencoded fields", {}, () => new URLSearchParams(entries)),
    as("multipart fields", {}, () => {
      const form = new FormData();
      for (const [name, value] of entries) form.append(name, value);
      form.append("__proto__[polluted]", "yes");
      form.append("file", new File(["<script>alert(1)</script>"], "<img src=x onerror=alert(1)>.html"));
      return form;
    }),
    as("JSON sent as text/plain", { "content-type": "text/plain" }, () => json),
    as("JSON without a content type", {}, () => encoder.encode(json)),
    as("JSON declared UTF-16", { "content-type": "application/json; charset=utf-16" }, () => json),
    as("empty JSON body", JSON_TYPE, () => ""),
    as("truncated JSON", JSON_TYPE, () => json.slice(0, Math.max(1, Math.floor(json.length / 2)))),
    as("JSON with a byte order mark", JSON_TYPE, () => `\ufeff${json}`),
    as("conflicting content types", { "content-type": "application/json, text/html" }, () => json),
    as("JSON declared as a form", { "content-type": "application/x-www-form-urlencoded" }, () => json),
    as("multipart without a boundary", { "content-type": "multipart/form-data" }, () => json),
    as(
      "multipart with a garbage body",
      { "content-type": "multipart/form-data; boundary=zzz" },
      () => '--zzz\r\nContent-Disposition: form-data; name="a\r\n\r\n--zz',
    ),
    as(
      "form fields of 100,000 characters",
      {},
      () => new URLSearchParams(entries.map(([name]) => [name, "f".repeat(HUGE_FIELD)])),
    ),
    as("form keys that pollute", {}, () =>
      new URLSearchParams([
        ["__proto__[polluted]", "yes"],
        ["constructor[prototype][polluted]", "yes"],
        ["__proto__.polluted", "yes"],
      ])),
  ];
}

function queryCases(make: Maker, template: unknown): HostileCase[] {
  const parts = template === undefined ? {} : { headers: JSON_TYPE, body: () => JSON.stringify(template) };
  const query = (label: string, text: string) => make("query", label, { ...parts, query: text });
  const each = (value: (name: string) => string) =>
    QUERY_NAMES.map((name) => `${name}=${value(name)}`).join("&");
  return [
    query("every name twice", `${each(() => "1")}&${each(() => "%3Cscript%3E")}`),
    query("bad percent escapes", "%%%=%%%&%=&=%&q=%E0%A4%A"),
    query("invalid UTF-8 values", each((name) => ["%ff%fe", "%c0%bc", "%ed%a0%80"][name.length % 3])),
    query("100,000-character value", `q=${"x".repeat(HUGE_FIELD)}&name=${"n".repeat(HUGE_FIELD)}`),
    query(
      "keys that pollute",
      "__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__.polluted=yes&__proto__=1",
    ),
    query("array and object syntax", each((name) => `1&${name}[]=2&${name}[x]=3`)),
    query("script in every value", each(() => encodeURIComponent(XSS_PAYLOADS[1]))),
    query("numbers out of range", "page=1e999&page=-1&filter=__proto__&q=&skip=NaN&order=..&attempt=%00"),
  ];
}

function headerCases(make: Maker, template: unknown): HostileCase[] {
  const parts = template === undefined ? {} : { body: () => JSON.stringify(template) };
  const jsonHeaders = template === undefined ? {} : JSON_TYPE;
  const header = (label: string, headers: Record<string, string>, ownCredentials = false) =>
    make("header", label, { ...parts, headers: { ...jsonHeaders, ...headers }, ownCredentials });
  return [
    header("100,000-character Authorization", { authorization: `Bearer ${"a".repeat(HUGE_FIELD)}` }, true),
    header("Authorization without a token", { authorization: "Bearer" }, true),
    header("Authorization with two tokens", { authorization: "Bearer a b" }, true),
    header("Basic Authorization", { authorization: "Basic YWRtaW46YWRtaW4=" }, true),
    header("unknown token of the right shape", { authorization: `Bearer ${"ab".repeat(32)}` }, true),
    header("script as a token", { authorization: "bearer <script>alert(1)</script>" }, true),
    header("Latin-1 bytes in a token", { authorization: "Bearer \u00ff\u00fe" }, true),
    header("invalid escapes in the session cookie", { cookie: "lh_session=%ff%fe%" }, true),
    header("unterminated quoted cookie", { cookie: 'lh_session="abc; other=1' }, true),
    header("two session cookies", { cookie: "lh_session=a; lh_session=b" }, true),
    header("cookie of separators", { cookie: ";;;==;; lh_session ;=" }, true),
    header("100,000-character cookie", { cookie: `lh_session=${"c".repeat(HUGE_FIELD)}` }, true),
    header("nonsense quality values", {
      "accept-encoding": "br;q=nope, gzip;q=-1, *;q=2",
      accept: "application/json;q=x, */*;q=",
      "accept-language": "<script>",
    }),
    header("odd range and validators", {
      range: "bytes=999999999999-,-0,a-b",
      "if-none-match": 'W/*, "x"',
      "if-range": "<script>",
      "if-modified-since": "yesterday",
    }),
    header("cross-site write signals", {
      origin: "null",
      "sec-fetch-site": "cross-site",
      referer: "javascript:1",
    }),
    header("spoofed forwarding", {
      "x-forwarded-for": "<script>, 999.999.999.999",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "gopher",
    }),
  ];
}
