/**
 * The layout's import rules (docs/architecture.md), enforced. Every .ts/.tsx file in the repository
 * is read, its relative imports (static, dynamic, type-only and `export ... from`) resolved, and each
 * checked against MAY_IMPORT; the module graph must also have no cycles. A failure names each broken
 * rule as "from → to".
 */
import { assert, assertEquals } from "@std/assert";

type Layer =
  | "domain"
  | "kv"
  | "providers"
  | "jobs"
  | "orders"
  | "accounts"
  | "routes"
  | "components"
  | "islands"
  | "serve"
  | "deps.ts"
  | "main.ts"
  | "tools"
  | "fakes"
  | "tests";

/** Everything the server runs; nothing in it may import tools/, tests/ or fakes/. */
const APP: readonly Layer[] = [
  "domain",
  "kv",
  "providers",
  "jobs",
  "orders",
  "accounts",
  "routes",
  "components",
  "islands",
  "serve",
  "deps.ts",
];

/** Which folders each folder may import (itself included only where listed). Same table as docs/architecture.md. */
const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  // Pure rules and types: no storage, no services, no HTTP, no Deno APIs (checked below too).
  domain: ["domain"],
  kv: ["domain", "kv"],
  // kv: the local providers (dev mailbox, local checkout, local studio) and the unknown-session
  // cache keep their own state in KV, in kv/ modules made for them. KV is always there, so an
  // interface in between would be a layer with one implementation.
  providers: ["domain", "kv", "providers"],
  jobs: ["domain", "kv", "providers", "jobs", "deps.ts"],
  // jobs: a command queues its follow-up work as job messages (jobs/messages.ts) in its own write.
  orders: ["domain", "kv", "providers", "jobs", "orders", "deps.ts"],
  // Sign-in and sessions: commands like orders/, but about who is asking rather than an order.
  accounts: ["domain", "kv", "providers", "accounts", "deps.ts"],
  routes: APP,
  // Not islands: the renderer (routes/) passes an island into the layout as a prop.
  components: ["domain", "components"],
  islands: ["domain", "components", "islands"],
  serve: ["domain", "serve"],
  "deps.ts": ["domain", "kv", "providers", "jobs"],
  "main.ts": APP,
  tools: [...APP, "tools", "fakes"],
  // providers: fakes/audio_files.ts renders a real MP3 with the local synthesiser.
  fakes: ["domain", "providers", "fakes"],
  tests: [...APP, "main.ts", "tools", "fakes", "tests"],
};

const ROOT = new URL("../../", import.meta.url);
/** Not source: dependencies, generated bundles, the local store (as deno.json excludes them). */
const SKIP = new Set(["node_modules", "static/build", "data"]);

const FOLDERS = new Set<string>(Object.keys(MAY_IMPORT).filter((name) => !name.endsWith(".ts")));

function layerOf(path: string): Layer | null {
  const slash = path.indexOf("/");
  const top = slash < 0 ? path : path.slice(0, slash);
  if (slash < 0) return top in MAY_IMPORT && !FOLDERS.has(top) ? top as Layer : null;
  return FOLDERS.has(top) ? top as Layer : null;
}

// deno fmt puts `import`/`export ... from` at the start of a line; the clause between holds only
// names, braces, commas, `*`, `as` and `type`, so code that merely contains "from" never matches.
const STATIC_IMPORT = /^[ \t]*(?:import|export)\b[\s\w${},*]*?\bfrom\s*["']([^"']+)["']/gm;
const BARE_IMPORT = /^[ \t]*import\s*["']([^"']+)["']/gm;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

function relativeImports(source: string): string[] {
  const found: string[] = [];
  for (const pattern of [STATIC_IMPORT, BARE_IMPORT, DYNAMIC_IMPORT]) {
    for (const match of source.matchAll(pattern)) if (match[1].startsWith(".")) found.push(match[1]);
  }
  return found;
}

async function sourceFiles(dir = ""): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(new URL(dir || ".", ROOT))) {
    const path = dir + entry.name;
    if (entry.name.startsWith(".") || SKIP.has(path)) continue;
    if (entry.isDirectory) files.push(...await sourceFiles(path + "/"));
    else if (/\.tsx?$/.test(entry.name)) files.push(path);
  }
  return files.sort();
}

/** Every file and the repository paths it imports. */
async function importGraph(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for (const file of await sourceFiles()) {
    const url = new URL(file, ROOT);
    const source = await Deno.readTextFile(url);
    graph.set(
      file,
      relativeImports(source).map((specifier) =>
        decodeURIComponent(new URL(specifier, url).pathname.slice(ROOT.pathname.length))
      ),
    );
  }
  return graph;
}

const graph = await importGraph();

Deno.test("the import graph was read (every app folder has files and imports)", () => {
  for (
    const folder of [
      "domain",
      "kv",
      "providers",
      "jobs",
      "orders",
      "accounts",
      "routes",
      "components",
      "islands",
    ]
  ) {
    assert([...graph.keys()].some((file) => file.startsWith(folder + "/")), `no files in ${folder}/`);
  }
  assert([...graph.values()].flat().length > 1000, "too few imports found: the parser is broken");
});

Deno.test("every import follows the rule table (docs/architecture.md)", () => {
  const broken: string[] = [];
  for (const [from, targets] of graph) {
    const fromLayer = layerOf(from);
    if (!fromLayer) {
      broken.push(`${from}: no rule for this folder (add a row to MAY_IMPORT and docs/architecture.md)`);
      continue;
    }
    for (const to of targets) {
      const toLayer = layerOf(to);
      if (toLayer && MAY_IMPORT[fromLayer].includes(toLayer)) continue;
      broken.push(`${from} → ${to}   (${fromLayer} may import only ${MAY_IMPORT[fromLayer].join(", ")})`);
    }
  }
  assert(broken.length === 0, `${broken.length} imports break the layout:\n${broken.join("\n")}`);
});

Deno.test("domain/ uses no Deno APIs (config is passed the environment by main.ts)", async () => {
  const users: string[] = [];
  for (const file of graph.keys()) {
    if (layerOf(file) !== "domain") continue;
    const code = (await Deno.readTextFile(new URL(file, ROOT)))
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    if (/\bDeno\./.test(code)) users.push(file);
  }
  assert(users.length === 0, `domain/ must stay pure, but these use Deno APIs:\n${users.join("\n")}`);
});

/** Tests about the whole tree rather than one module. */
const TREE_TESTS = new Set(["tests/unit/architecture_test.ts"]);

Deno.test("unit tests mirror the source: tests/unit/{path}_test.ts tests {path}.ts(x)", () => {
  const orphans = [...graph.keys()]
    .filter((file) => file.startsWith("tests/unit/") && /_test\.tsx?$/.test(file) && !TREE_TESTS.has(file))
    .filter((test) => {
      const source = test.slice("tests/unit/".length).replace(/_test\.tsx?$/, "");
      return !graph.has(`${source}.ts`) && !graph.has(`${source}.tsx`);
    });
  assert(orphans.length === 0, `unit tests without a module at the same path:\n${orphans.join("\n")}`);
});

Deno.test("no import cycles between modules (type-only imports count)", () => {
  const cycles = stronglyConnected(graph).map((members) => describeCycle(members, graph));
  assert(cycles.length === 0, `${cycles.length} import cycles:\n${cycles.join("\n")}`);
});

/** Tarjan's algorithm: the groups of two or more modules that reach each other. */
function stronglyConnected(edges: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || edges.get(node)?.includes(node)) groups.push(group.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** The shortest path round the cycle from its first member, as "a → b → a" (the whole group after it). */
function describeCycle(members: string[], edges: Map<string, string[]>): string {
  const inGroup = new Set(members);
  const start = members[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length && !cameFrom.has(start)) {
    const node = queue.shift()!;
    for (const target of edges.get(node) ?? []) {
      if (!inGroup.has(target) || cameFrom.has(target)) continue;
      cameFrom.set(target, node);
      queue.push(target);
    }
  }
  const path = [start];
  for (let node = cameFrom.get(start)!; node !== start; node = cameFrom.get(node)!) path.unshift(node);
  path.unshift(start);
  return path.join(" → ") + (members.length > path.length - 1 ? `   (group: ${members.join(", ")})` : "");
}

/** A static import or re-export erased from the bundle: `import type`, or braces naming only types. */
function typeOnly(statement: string): boolean {
  if (/^\s*(?:import|export)\s+type\b/.test(statement)) return true;
  const names = statement.match(/\{([^}]*)\}/)?.[1].split(",").map((name) => name.trim()).filter(Boolean);
  return /^\s*(?:import|export)\s*\{/.test(statement) && !!names?.length &&
    names.every((name) => name.startsWith("type "));
}

/** What a file imports that reaches the bundle: [relative targets, package names]. */
async function valueImports(file: string): Promise<[string[], string[]]> {
  const url = new URL(file, ROOT);
  const source = await Deno.readTextFile(url);
  const specifiers: string[] = [];
  for (const match of source.matchAll(STATIC_IMPORT)) if (!typeOnly(match[0])) specifiers.push(match[1]);
  for (const pattern of [BARE_IMPORT, DYNAMIC_IMPORT]) {
    for (const match of source.matchAll(pattern)) specifiers.push(match[1]);
  }
  const resolve = (specifier: string) =>
    decodeURIComponent(new URL(specifier, url).pathname.slice(ROOT.pathname.length));
  return [
    specifiers.filter((s) => s.startsWith(".")).map(resolve),
    specifiers.filter((s) => !s.startsWith(".")),
  ];
}

Deno.test("no module an island bundles imports zod (the browser ships without it)", async () => {
  const cameFrom = new Map<string, string>();
  const queue = [...graph.keys()].filter((file) => layerOf(file) === "islands");
  for (const island of queue) cameFrom.set(island, "");
  const broken: string[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    const [modules, packages] = await valueImports(file);
    if (packages.some((name) => name === "zod" || name.startsWith("zod/"))) {
      const path = [file];
      for (let step = cameFrom.get(file)!; step; step = cameFrom.get(step)!) path.unshift(step);
      broken.push(path.join(" → "));
    }
    for (const target of modules) {
      if (cameFrom.has(target) || !graph.has(target)) continue;
      cameFrom.set(target, file);
      queue.push(target);
    }
  }
  assert(broken.length === 0, `islands bundle zod through:\n${broken.join("\n")}`);
});

/** The app's folders and main.ts. */
const NAMES_NO_ISSUES: readonly Layer[] = [...APP, "main.ts"];

Deno.test("product code names the spec section or the reason, never an issue number", async () => {
  const found: string[] = [];
  for (const file of graph.keys()) {
    const layer = layerOf(file);
    if (!layer || !NAMES_NO_ISSUES.includes(layer)) continue;
    const lines = (await Deno.readTextFile(new URL(file, ROOT))).split("\n");
    lines.forEach((line, index) => {
      if (/\bissues? #?\d+/i.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }
  assert(found.length === 0, `say what the code does and why, not which issue asked:\n${found.join("\n")}`);
});

Deno.test("islands name a hook's file use_{name}.ts, one style for every hook", () => {
  const misnamed = [...graph.keys()]
    .filter((file) => file.startsWith("islands/"))
    .filter((file) => /^use(?!_[a-z0-9_]+\.ts$)/.test(file.slice(file.lastIndexOf("/") + 1)));
  assert(misnamed.length === 0, `hook files not named use_{name}.ts:\n${misnamed.join("\n")}`);
});

/**
 * The lifecycle owns the state machine (docs/architecture.md, How an order moves): outside
 * domain/order/lifecycle.ts no server module writes an order's status, its place in the pipeline,
 * its approval or its delivery schedule, in an object literal or by assignment. Files are parsed
 * (`Deno.lint.runPlugin`), so a type's or a parameter's annotation is never taken for a write.
 */
const LIFECYCLE_FIELDS = new Set([
  "status",
  "currentStage",
  "generationStartedAt",
  "stepClaim",
  "stageStartedAt",
  "stageRetries",
  "nextPollAt",
  "songDeadlineAt",
  "approvalStatus",
  "approvedAt",
  "approvedBy",
  "deliveryScheduledFor",
  "emailScheduledFor",
  "deliveryDueAt",
  "deliveryAttempts",
  "deliveryClaim",
  "deliveryError",
  "emailSentAt",
  "emailSendCount",
]);
/** Where a lifecycle field may be written, and why. */
const LIFECYCLE_WRITERS: Record<string, { fields: "all" | string[]; why: string }> = {
  "domain/order/lifecycle.ts": { fields: "all", why: "the one home of every move" },
  "domain/order/orders.ts": { fields: "all", why: "buildOrder: a new order, before any move" },
  "domain/order/views.ts": {
    fields: ["deliveryScheduledFor"],
    why: "the family's view of an order copies it; a view, never stored",
  },
};
/** Server code: islands and components run in the browser or render, and hold views, never an order. */
const ORDER_WRITERS: readonly Layer[] = [
  "domain",
  "kv",
  "providers",
  "jobs",
  "orders",
  "routes",
  "serve",
  "deps.ts",
];
const ORDER_STATUS_VALUES = new Set(["pending", "generating", "completed", "failed"]);

/**
 * `status` is every HTTP answer's and session's word too: it counts as the order's when its value is
 * an order status, or when the literal spreads an order (`{ ...order, status }`). The other fields
 * are the order's own names and count wherever they are written.
 */
function lifecycleWrites(file: string, source: string): { field: string; line: number }[] {
  const writes: { field: string; line: number }[] = [];
  const lineOf = (offset: number) => source.slice(0, offset).split("\n").length;
  const spreadsOrder = (literal: Deno.lint.ObjectExpression) =>
    literal.properties.some((part) =>
      part.type === "SpreadElement" && /order/i.test(source.slice(...part.argument.range))
    );
  const plugin: Deno.lint.Plugin = {
    name: "lifecycle",
    rules: {
      writes: {
        create: () => ({
          ObjectExpression(literal) {
            for (const part of literal.properties) {
              if (part.type !== "Property" || part.computed || part.key.type !== "Identifier") continue;
              const field = part.key.name;
              if (!LIFECYCLE_FIELDS.has(field)) continue;
              if (field === "status") {
                const value = part.value;
                const named = value.type === "Literal" && ORDER_STATUS_VALUES.has(String(value.value));
                if (!named && !spreadsOrder(literal)) continue;
              }
              writes.push({ field, line: lineOf(part.range[0]) });
            }
          },
          AssignmentExpression(assignment) {
            const target = assignment.left;
            if (target.type !== "MemberExpression" || target.property.type !== "Identifier") return;
            if (target.object.type === "ThisExpression") return;
            const field = target.property.name;
            if (LIFECYCLE_FIELDS.has(field)) writes.push({ field, line: lineOf(assignment.range[0]) });
          },
        }),
      },
    },
  };
  Deno.lint.runPlugin(plugin, file, source);
  return writes;
}

Deno.test("only the lifecycle writes an order's status, stage, approval and delivery schedule", async () => {
  const found: string[] = [];
  for (const file of graph.keys()) {
    const layer = layerOf(file);
    if (!layer || !ORDER_WRITERS.includes(layer)) continue;
    const allowed = LIFECYCLE_WRITERS[file]?.fields;
    if (allowed === "all") continue;
    const source = await Deno.readTextFile(new URL(file, ROOT));
    for (const { field, line } of lifecycleWrites(file, source)) {
      if (!allowed?.includes(field)) found.push(`${file}:${line} writes ${field}`);
    }
  }
  assert(
    found.length === 0,
    `${found.length} writes outside domain/order/lifecycle.ts (make them a move there):\n${found.join("\n")}`,
  );
});

Deno.test("the lifecycle matcher tells an order's write from an answer's status and a type", () => {
  const sample = [
    "const next = { ...order, status: stage };",
    "return c.json({ ok: false, status: 404 });",
    "current.deliveryDueAt = null;",
    "interface View { status: string; currentStage: string | null }",
    "function f(approvedAt: number) { return { kind: 'x', status: 'failed' }; }",
  ].join("\n");
  assertEquals(lifecycleWrites("sample.ts", sample), [
    { field: "status", line: 1 },
    { field: "deliveryDueAt", line: 3 },
    { field: "status", line: 5 },
  ]);
});

/**
 * Routes validate and call: every write to the store is a command's (orders/, accounts/), so what a
 * routes/ file takes from kv/ is readers only, named by a read verb, plus the key builders, types and
 * error classes to catch. Whole-module imports cannot be checked name by name, so they fail too.
 */
const KV_READ_VERB = /^(get|list|read|find|has|is|count)[A-Z]|^keys$|^[A-Z]\w*Error$/;
/** Readers whose names do not start with a read verb. */
const KV_READERS = new Set(["buyerHasOrders", "listedOrderIds", "storeOf", "timingsOfOrder"]);
/** Writes routes may still make, each with its reason. */
const ROUTE_KV_WRITES: Record<string, readonly string[]> = {
  // Per-client rate limits are HTTP's own guard, taken before any command runs (or for none).
  "routes/middleware/client_limit.ts": ["takeRateLimit"],
};
const IMPORT_CLAUSE = /^[ \t]*(?:import|export)\b(\s+type\b)?([\s\w${},*]*?)\bfrom\s*["']([^"']+)["']/gm;
/** Direct writes on the store or the blob store, which bypass any import. */
const DIRECT_WRITE = /\bkv\.(set|delete|atomic|enqueue)\(|\bblobs\.(stage|commit|delete)\(/;

Deno.test("routes/ only read from kv/: every write is a command's", async () => {
  const writes: string[] = [];
  for (const file of graph.keys()) {
    if (layerOf(file) !== "routes") continue;
    const url = new URL(file, ROOT);
    const source = await Deno.readTextFile(url);
    for (const [, typeKeyword, clause, specifier] of source.matchAll(IMPORT_CLAUSE)) {
      const target = decodeURIComponent(new URL(specifier, url).pathname.slice(ROOT.pathname.length));
      if (typeKeyword || !specifier.startsWith(".") || layerOf(target) !== "kv") continue;
      const named = clause.match(/\{([^}]*)\}/)?.[1] ?? "";
      if (clause.replace(/\{[^}]*\}/, "").replace(/[\s,]/g, "")) {
        writes.push(`${file} → ${target} (whole module)`);
      }
      for (const part of named.split(",").map((name) => name.trim()).filter(Boolean)) {
        if (part.startsWith("type ")) continue;
        const name = part.split(/\s+as\s+/)[0];
        if (KV_READ_VERB.test(name) || KV_READERS.has(name) || ROUTE_KV_WRITES[file]?.includes(name)) {
          continue;
        }
        writes.push(`${file} → ${name}`);
      }
    }
    for (const specifier of source.matchAll(DYNAMIC_IMPORT)) {
      const target = new URL(specifier[1], url).pathname.slice(ROOT.pathname.length);
      if (layerOf(target) === "kv") writes.push(`${file} → ${target} (dynamic import)`);
    }
    const direct = source.match(DIRECT_WRITE);
    if (direct) writes.push(`${file} → ${direct[0]} (a direct write)`);
  }
  assert(
    writes.length === 0,
    `${writes.length} writes from routes/ that belong in a command:\n${writes.join("\n")}`,
  );
});
