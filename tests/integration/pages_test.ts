import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { type BuildManifest, manifestPath } from "../../routes/assets.ts";
import { createTestApp } from "../helpers.ts";

const PAGES = [
  "/",
  "/login",
  "/auth/verify?t=abc",
  "/order",
  "/payment-processing?session_id=cs_test",
  // Orders that do not exist: the honest "can't find it" page, in the same layout (status 404).
  "/order-processing/01HZY?name=Mia",
  "/my-songs",
  "/unboxing/01HZY?skip=true",
  "/u/01HZY?t=abc",
  "/privacy-policy",
  "/terms-and-conditions",
];

Deno.test("every page renders inside the shared layout", async () => {
  await using t = await createTestApp();
  for (const path of PAGES) {
    const response = await t.request(path);
    const unknownOrder = path.startsWith("/order-processing/") || path.startsWith("/unboxing/");
    assertEquals(response.status, unknownOrder ? 404 : 200, path);
    assertEquals(response.headers.get("content-type"), "text/html; charset=UTF-8", path);
    const html = await response.text();
    assert(html.startsWith("<!DOCTYPE html>"), path);
    assertStringIncludes(html, `<nav aria-label="Main"`, path);
    assertStringIncludes(html, `href="/login"`, path);
    assertStringIncludes(html, `<details data-menu=""`, path);
    assertStringIncludes(html, `href="/privacy-policy"`, path);
    assertStringIncludes(html, `href="/terms-and-conditions"`, path);
    assertStringIncludes(html, "© 2025 Little Hits", path);
    assertStringIncludes(html, `href="mailto:`, path);
  }
});

Deno.test("the waiting page of an order that does not exist says so, and never that a song is being made", async () => {
  await using t = await createTestApp();
  for (const id of ["01HZY", crypto.randomUUID()]) {
    const response = await t.request(`/order-processing/${id}?name=Zed`);
    assertEquals(response.status, 404);
    const html = await response.text();
    assertStringIncludes(html, "We can&#x27;t find this order");
    assertStringIncludes(html, `href="/my-songs"`);
    assert(!html.includes("Magic in Progress"), id);
    assert(!html.includes("Zed"), "no song is being crafted for anyone");
  }
});

Deno.test("an unknown path renders the 404 page with status 404", async () => {
  await using t = await createTestApp();
  for (const path of ["/nope", "/order/extra/segments", "/admin", "/favicon.png"]) {
    const response = await t.request(path);
    assertEquals(response.status, 404, path);
    const html = await response.text();
    assertMatch(html, /<title>Page Not Found \| Little Hits<\/title>/);
    assertMatch(html, /<h1[^>]*>Page Not Found<\/h1>/);
  }
});

Deno.test("an unknown API path answers JSON 404 with a message", async () => {
  await using t = await createTestApp();
  const response = await t.request("/api/nothing-here", { method: "POST", body: "{" });
  assertEquals(response.status, 404);
  assertEquals(await response.json(), { message: "Not found." });
});

Deno.test("legal pages and the 404 page carry no script, and pages with islands only theirs", async () => {
  await using t = await createTestApp();
  for (const path of ["/privacy-policy", "/terms-and-conditions", "/missing"]) {
    const html = await (await t.request(path)).text();
    assertEquals(html.match(/<script/g), null, path);
    assertStringIncludes(html, `data-islands-ready="true"`, path);
  }
});

Deno.test("the landing page loads the boot and its plain idle islands untouched: within 20 KB gzipped, 90 KB once all hydrate", async () => {
  await using t = await createTestApp();
  const landing = await (await t.request("/")).text();
  const scripts = [...landing.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
  assertEquals(scripts.map((src) => src.match(/^\/build\/([a-z]+)-[A-Z0-9]+\.js$/)?.[1]), ["boot"]);
  const preloads = [...landing.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
  const entries: Record<string, string> = JSON.parse(
    landing.match(/<script type="application\/json" id="lh-island-entries">([^<]*)<\/script>/)![1],
  );
  // The fifth, the phone menu, is a <details> that the boot enhances without React.
  assertEquals(Object.keys(entries).sort(), ["AnimalPeek", "Faq", "HeroVideo", "ReactionsCarousel"]);
  const manifest: BuildManifest = JSON.parse(await Deno.readTextFile(manifestPath()));
  const gzipped = async (files: Iterable<string>) => {
    let bytes = 0;
    for (const path of new Set(files)) {
      bytes += gzipSync(await Deno.readFile(`static${path}`), { level: 9 }).byteLength;
    }
    return bytes;
  };
  const first = [...scripts, ...preloads];
  const react = Object.values(entries).flatMap((src) => {
    const island = Object.values(manifest.islands).find((each) => each.src === src)!;
    return [src, ...island.preload];
  });
  // No island's code (nor React) is preloaded: only the boot's own chunks.
  assertEquals(preloads.filter((path) => !manifest.boot.preload.includes(path)), []);
  const atFirst = await gzipped(first);
  const all = await gzipped([...first, ...react]);
  assert(atFirst <= 20 * 1024, `${atFirst} bytes of gzipped JavaScript at first`);
  // Idle comes without a touch or a scroll, so what idle islands load is within the 20 KB too (issue 24).
  const idle = [...landing.matchAll(/<lh-island data-island="(\w+)"[^>]*data-hydrate="idle"/g)].map((m) =>
    m[1]
  );
  assertEquals(idle.sort(), ["AnimalPeek", "HeroVideo"]);
  const untouched = await gzipped([
    ...first,
    ...idle.flatMap((name) => [manifest.islands[name].src, ...manifest.islands[name].preload]),
  ]);
  assert(untouched <= 20 * 1024, `${untouched} bytes of gzipped JavaScript before any touch or scroll`);
  assert(all <= 90 * 1024, `${all} bytes of gzipped JavaScript in all`);
});

Deno.test("legal pages are dated August 16, 2025 and state the promises of staff-side §1", async () => {
  await using t = await createTestApp();
  for (const path of ["/privacy-policy", "/terms-and-conditions"]) {
    const text = (await (await t.request(path)).text()).replace(/<[^>]+>/g, " ");
    assertStringIncludes(text, "August 16, 2025", path);
    for (const fact of ["18", "24 hours", "7 days", "30 days", "case by case", "COPPA", "13"]) {
      assertStringIncludes(text, fact, `${path}: ${fact}`);
    }
    assertMatch(text, /(never|do not|don't|not) sell/i, path);
  }
});

Deno.test("/healthz answers ok from memory", async () => {
  await using t = await createTestApp();
  const response = await t.request("/healthz");
  assertEquals(response.status, 200);
  assertEquals(await response.json(), { ok: true });
});

Deno.test("the admin dashboard sends visitors to /", async () => {
  await using t = await createTestApp();
  const response = await t.request("/admin/orders");
  assertEquals(response.status, 302);
  assertEquals(response.headers.get("location"), "/");
});

Deno.test("pages carry security headers and a CSP that allows exactly their inline stylesheet", async () => {
  await using t = await createTestApp();
  for (const path of ["/", "/privacy-policy", "/missing", "/api/missing"]) {
    const response = await t.request(path);
    const csp = response.headers.get("content-security-policy") ?? "";
    assertStringIncludes(csp, "default-src 'self'");
    assertStringIncludes(csp, "script-src 'self';");
    assertStringIncludes(csp, "frame-ancestors 'none'");
    assertStringIncludes(csp, "object-src 'none'");
    assertEquals(response.headers.get("x-content-type-options"), "nosniff");
    assertEquals(response.headers.get("x-frame-options"), "DENY");
    assertEquals(response.headers.get("referrer-policy"), "strict-origin-when-cross-origin");
    if (!response.headers.get("content-type")?.startsWith("text/html")) {
      assertStringIncludes(csp, "style-src 'self';");
      await response.body?.cancel();
      continue;
    }
    const css = (await response.text()).match(/<style>([^<]*)<\/style>/)?.[1] ?? "";
    const hash = createHash("sha256").update(css).digest("base64");
    assertStringIncludes(csp, `style-src 'self' 'sha256-${hash}';`, path);
  }
});

Deno.test("a page the same for every visitor is kept compressed; others are compressed as they go", async () => {
  await using t = await createTestApp();
  const plain = await (await t.request("/")).text();
  for (
    const [accept, encoding] of [["gzip, deflate, br", "br"], ["gzip", "gzip"], ["br;q=0.5, gzip", "gzip"]]
  ) {
    const response = await t.request("/", { headers: { "accept-encoding": accept } });
    assertEquals(response.headers.get("content-encoding"), encoding, accept);
    assertEquals(response.headers.get("vary"), "Accept-Encoding");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const decoded = encoding === "br" ? brotliDecompressSync(bytes) : gunzipSync(bytes);
    assertEquals(new TextDecoder().decode(decoded), plain);
  }
  const identity = await t.request("/", { headers: { "accept-encoding": "identity" } });
  assertEquals(identity.headers.get("content-encoding"), null);
  assertEquals(await identity.text(), plain);

  const order = await t.request("/order", { headers: { "accept-encoding": "gzip" } });
  assertEquals(order.headers.get("content-encoding"), "gzip");
  assertStringIncludes(
    new TextDecoder().decode(gunzipSync(new Uint8Array(await order.arrayBuffer()))),
    "<html",
  );
});

Deno.test("the navigation scrolls in place on the landing page and links back to it elsewhere", async () => {
  await using t = await createTestApp();
  const landing = await (await t.request("/")).text();
  assertStringIncludes(landing, `href="#kid-reactions"`);
  const other = await (await t.request("/login")).text();
  assertStringIncludes(other, `href="/#kid-reactions"`);
});

Deno.test("cached anonymous pages belong to their app: two apps never share a rendering", async () => {
  await using dev = await createTestApp({ env: { APP_ENV: "development" } });
  await using test = await createTestApp();
  for (let i = 0; i < 2; i++) {
    assertStringIncludes(await (await dev.request("/")).text(), `data-analytics="console"`);
    assert(!(await (await test.request("/")).text()).includes(`data-analytics`));
  }
});

Deno.test("a page's CSS covers classes its islands only add in the browser", async () => {
  await using t = await createTestApp();
  const login = await (await t.request("/login")).text();
  const css = login.match(/<style[^>]*>([\s\S]*?)<\/style>/)![1];
  // The toast (mounted in the browser) and the 'Check Your Email' state (shown after sending).
  assertStringIncludes(css, ".bg-red-600{");
  assertStringIncludes(css, ".bg-violet-100{");
  assert(!/class="[^"]*\bbg-violet-100\b/.test(login), "not in the server's HTML");
  const privacy = await (await t.request("/privacy-policy")).text();
  assert(!privacy.includes(".bg-red-600{"), "pages without islands carry no island CSS");
});
