import { assert, assertEquals, assertMatch } from "@std/assert";
import { Buffer } from "node:buffer";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createTestApp } from "../helpers.ts";

Deno.test("favicon, icons and the web manifest are served", async () => {
  await using t = await createTestApp();
  for (
    const [path, type] of [
      ["/favicon.ico", "image/x-icon"],
      ["/apple-touch-icon.png", "image/png"],
      ["/site.webmanifest", "application/manifest+json"],
      ["/robots.txt", "text/plain; charset=utf-8"],
    ]
  ) {
    const response = await t.request(path);
    assertEquals(response.status, 200, path);
    assertEquals(response.headers.get("content-type"), type, path);
    assert((await response.arrayBuffer()).byteLength > 0, path);
  }
  const manifest = await (await t.request("/site.webmanifest")).json();
  for (const icon of manifest.icons) {
    const response = await t.request(icon.src);
    assertEquals(response.status, 200, icon.src);
    await response.body?.cancel();
  }
});

Deno.test("hashed bundles are cached immutably; other files revalidate", async () => {
  await using t = await createTestApp();
  const landing = await (await t.request("/")).text();
  const bundle = landing.match(/src="(\/build\/[^"]+\.js)"/)![1];
  const response = await t.request(bundle);
  assertEquals(response.status, 200);
  assertEquals(response.headers.get("cache-control"), "public, max-age=31536000, immutable");
  assertEquals(response.headers.get("content-type"), "text/javascript; charset=utf-8");
  await response.body?.cancel();
  const icon = await t.request("/favicon.ico");
  assertMatch(icon.headers.get("cache-control")!, /must-revalidate/);
  await icon.body?.cancel();
});

Deno.test("static files answer conditional and range requests", async () => {
  await using t = await createTestApp();
  const full = await t.request("/favicon.ico");
  const bytes = new Uint8Array(await full.arrayBuffer());
  const etag = full.headers.get("etag")!;

  const notModified = await t.request("/favicon.ico", { headers: { "if-none-match": etag } });
  assertEquals(notModified.status, 304);

  const part = await t.request("/favicon.ico", { headers: { range: "bytes=10-19" } });
  assertEquals(part.status, 206);
  assertEquals(part.headers.get("content-range"), `bytes 10-19/${bytes.length}`);
  assertEquals(new Uint8Array(await part.arrayBuffer()), bytes.slice(10, 20));

  const tail = await t.request("/favicon.ico", { headers: { range: "bytes=-4" } });
  assertEquals(new Uint8Array(await tail.arrayBuffer()), bytes.slice(-4));

  const beyond = await t.request("/favicon.ico", { headers: { range: `bytes=${bytes.length}-` } });
  assertEquals(beyond.status, 416);

  const head = await t.request("/favicon.ico", { method: "HEAD" });
  assertEquals(head.status, 200);
  assertEquals(head.headers.get("content-length"), String(bytes.length));
  assertEquals(head.body, null);
});

Deno.test("paths cannot climb out of the static folder", async () => {
  await using t = await createTestApp();
  for (const path of ["/../deno.json", "/%2e%2e/deno.json", "/build/../../main.ts", "/..%2fdeno.json"]) {
    const response = await t.request(path);
    assert(response.status === 404 || response.status === 400, `${path}: ${response.status}`);
    assert(!(await response.text()).includes("nodeModulesDir"), path);
  }
});

Deno.test("bundles go out as their brotli or gzip copies when the browser takes them, whole otherwise", async () => {
  await using t = await createTestApp();
  const landing = await (await t.request("/")).text();
  const bundle = landing.match(/src="(\/build\/[^"]+\.js)"/)![1];
  const original = await Deno.readFile(`static${bundle}`);

  const brotli = await t.request(bundle, { headers: { "accept-encoding": "gzip, br" } });
  assertEquals(brotli.headers.get("content-encoding"), "br");
  assertEquals(brotli.headers.get("vary"), "Accept-Encoding");
  assertEquals(brotliDecompressSync(new Uint8Array(await brotli.arrayBuffer())), Buffer.from(original));

  const gzip = await t.request(bundle, { headers: { "accept-encoding": "gzip" } });
  assertEquals(gzip.headers.get("content-encoding"), "gzip");
  assertEquals(gunzipSync(new Uint8Array(await gzip.arrayBuffer())), Buffer.from(original));

  const plain = await t.request(bundle);
  assertEquals(plain.headers.get("content-encoding"), null);
  assertEquals(new Uint8Array(await plain.arrayBuffer()), original);

  // A byte range is of the file as stored, so it is never answered from a compressed copy.
  const range = await t.request(bundle, { headers: { "accept-encoding": "br", range: "bytes=0-9" } });
  assertEquals(range.status, 206);
  assertEquals(range.headers.get("content-encoding"), null);
  assertEquals(new Uint8Array(await range.arrayBuffer()), original.subarray(0, 10));
});
