import { assertEquals } from "@std/assert";
import { SIGN_IN_LIMITS } from "../../../domain/account/sign_in_limits.ts";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { createTestApp, jsonBody, type TestApp } from "../../helpers.ts";

/** `app.request` with the connection info Deno.serve would pass, so each test picks its client. */
function requestFrom(t: TestApp, client: string, email: string) {
  const info = { remoteAddr: { hostname: client, port: 40000, transport: "tcp" } };
  return t.app.request("/api/auth/request-magic-link", jsonBody({ email }), info);
}

Deno.test("at most 5 links per address in 15 minutes, then 429 with Retry-After", async () => {
  await using t = await createTestApp();
  for (let i = 0; i < SIGN_IN_LIMITS.perEmail; i++) {
    assertEquals((await requestFrom(t, `10.0.0.${i}`, "flood@example.com")).status, 200);
  }
  const refused = await requestFrom(t, "10.0.1.1", "Flood@example.com");
  assertEquals(refused.status, 429);
  assertEquals(
    (await refused.json()).message,
    "Too many sign-in links were requested for this address. Please wait 15 minutes and try again.",
  );
  const retryAfter = Number(refused.headers.get("retry-after"));
  assertEquals(retryAfter > 0 && retryAfter <= 15 * 60, true);
  assertEquals((await listDevMail(t.kv)).length, SIGN_IN_LIMITS.perEmail, "no mail for refused requests");

  assertEquals(
    (await requestFrom(t, "10.0.1.1", "other@example.com")).status,
    200,
    "other addresses unaffected",
  );
  t.clock.advance(SIGN_IN_LIMITS.windowMs);
  assertEquals((await requestFrom(t, "10.0.1.2", "flood@example.com")).status, 200, "a new window");
});

Deno.test("at most 20 requests per client address in 15 minutes, counted across concurrent requests", async () => {
  await using t = await createTestApp();
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) => requestFrom(t, "192.0.2.7", `kid${i}@example.com`)),
  );
  const statuses = answers.map((answer) => answer.status);
  await Promise.all(answers.map((answer) => answer.body?.cancel()));
  assertEquals(statuses.filter((status) => status === 200).length, SIGN_IN_LIMITS.perClient);
  assertEquals(statuses.filter((status) => status === 429).length, 30 - SIGN_IN_LIMITS.perClient);
  const refused = await requestFrom(t, "192.0.2.7", "late@example.com");
  assertEquals(
    (await refused.json()).message,
    "Too many sign-in requests from your network. Please wait 15 minutes and try again.",
  );
  assertEquals((await requestFrom(t, "192.0.2.8", "late@example.com")).status, 200, "another client is fine");
});

function requestVia(t: TestApp, proxy: string, forwardedFor: string | undefined, email: string) {
  const info = { remoteAddr: { hostname: proxy, port: 40000, transport: "tcp" } };
  const headers: Record<string, string> = forwardedFor ? { "x-forwarded-for": forwardedFor } : {};
  return t.app.request("/api/auth/request-magic-link", jsonBody({ email }, { headers }), info);
}

async function allowedOf(answers: (Response | Promise<Response>)[]) {
  const settled = await Promise.all(answers);
  await Promise.all(settled.map((answer) => answer.body?.cancel()));
  return settled.filter((answer) => answer.status === 200).length;
}

Deno.test("behind TRUSTED_PROXIES, callers are told apart by the address their proxy saw", async () => {
  await using t = await createTestApp({ env: { TRUSTED_PROXIES: "1" } });
  const limit = SIGN_IN_LIMITS.perClient;
  // Everyone arrives from the proxy's address; the proxy appends each caller's.
  const first = Array.from(
    { length: limit },
    (_, i) => requestVia(t, "10.9.9.9", "198.51.100.1", `a${i}@x.io`),
  );
  assertEquals(await allowedOf(first), limit);
  assertEquals((await requestVia(t, "10.9.9.9", "198.51.100.1", "late@x.io")).status, 429);
  assertEquals((await requestVia(t, "10.9.9.9", "198.51.100.2", "late@x.io")).status, 200, "another caller");
  // A caller cannot pick a fresh identity by writing the header itself: only the last entry counts.
  const spoofed = await requestVia(t, "10.9.9.9", "203.0.113.50, 198.51.100.1", "spoof@x.io");
  assertEquals(spoofed.status, 429);
});

Deno.test("without trusted proxies, X-Forwarded-For is ignored", async () => {
  await using t = await createTestApp();
  const answers = Array.from(
    { length: SIGN_IN_LIMITS.perClient + 5 },
    (_, i) => requestVia(t, "192.0.2.9", `203.0.113.${i}`, `b${i}@x.io`),
  );
  assertEquals(await allowedOf(answers), SIGN_IN_LIMITS.perClient);
});
