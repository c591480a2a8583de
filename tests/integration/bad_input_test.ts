import { assert, assertEquals } from "@std/assert";
import { createTestApp } from "../helpers.ts";

/** Malformed requests to any route get a 4xx, never a 5xx; API errors are JSON with a message. */
const CASES: [string, RequestInit?][] = [
  ["/%E0%A4%A"],
  ["/%"],
  ["/order?%%%=%%%"],
  ["/u/%00?t=%ff%fe"],
  ["/unboxing/" + "x".repeat(10_000)],
  ["/", { method: "POST", body: "x" }],
  ["/", { method: "DELETE" }],
  ["/login", { method: "PUT", headers: { "content-type": "application/json" }, body: "{" }],
  ["/api/auth/user", { headers: { authorization: "Bearer <script>" } }],
  ["/api/anything", { method: "POST", headers: { "content-type": "application/json" }, body: "{{{" }],
  ["/api/%E0%A4%A", { method: "PATCH" }],
  ["/favicon.ico", { headers: { range: "bytes=abc" } }],
  ["/favicon.ico", { headers: { range: "bytes=5-1" } }],
  ["/favicon.ico", { method: "POST" }],
  ["/healthz?x=" + "%".repeat(500)],
];

Deno.test("malformed requests never produce a 5xx", async () => {
  await using t = await createTestApp();
  for (const [path, init] of CASES) {
    const response = await t.request(path, init);
    const label = `${init?.method ?? "GET"} ${path.slice(0, 60)} -> ${response.status}`;
    assert(response.status < 500, label);
    if (path.startsWith("/api/")) {
      const body = await response.json();
      assertEquals(typeof body.message, "string", label);
      assert(response.status >= 400, label);
    } else {
      await response.body?.cancel();
    }
  }
});

Deno.test("an oversized API body is refused with 413 and a JSON message before it is read", async () => {
  await using t = await createTestApp();
  const response = await t.request("/api/anything", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text: "x".repeat(2 * 1024 * 1024) }),
  });
  assertEquals(response.status, 413);
  assertEquals(await response.json(), { message: "The request body is too large." });
});
