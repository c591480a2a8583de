/**
 * Issue 16 §4: development conveniences are impossible on a public deployment. The default APP_ENV
 * is production wherever the app looks public, and the dev mailbox (every sign-in link) and the local
 * checkout (orders without payment) answer only a client on this machine, never through a proxy.
 */
import { assertEquals, assertMatch, assertThrows } from "@std/assert";
import { parseConfig } from "../../../domain/config.ts";
import { StartupError } from "../../../domain/errors.ts";
import { createTestApp, jsonBody, THIS_MACHINE } from "../../helpers.ts";
import { orderForm } from "../orders/helpers.ts";

const FROM_OUTSIDE = { remoteAddr: { transport: "tcp", hostname: "203.0.113.7", port: 40000 } };

Deno.test("without APP_ENV, an app that looks public is production and demands its keys", () => {
  for (
    const env of [
      { DENO_DEPLOY: "true" },
      { APP_URL: "https://little-hits.example.com" },
      { APP_URL: "http://little-hits.example.com" },
      { APP_URL: "http://203.0.113.7:8000" },
    ]
  ) {
    const error = assertThrows(() => parseConfig(env), StartupError);
    assertMatch(error.message, /required when APP_ENV=production/, JSON.stringify(env));
  }
  for (const env of [{}, { APP_URL: "http://localhost:8000" }, { APP_URL: "http://127.0.0.1:9000" }]) {
    assertEquals(parseConfig(env).env, "development", JSON.stringify(env));
  }
  // An explicit choice still wins, as every setting does.
  assertEquals(
    parseConfig({ APP_ENV: "development", APP_URL: "https://staging.example.com" }).env,
    "development",
  );
});

Deno.test("the dev mailbox answers this machine only: not another address, not through a proxy", async () => {
  await using t = await createTestApp();
  const ask = (info: object, headers: HeadersInit = {}) => t.app.request("/dev/mailbox", { headers }, info);
  assertEquals((await ask(THIS_MACHINE)).status, 200);
  for (
    const [info, headers] of [
      [FROM_OUTSIDE, {}],
      [THIS_MACHINE, { "x-forwarded-for": "203.0.113.7" }],
      [THIS_MACHINE, { forwarded: "for=203.0.113.7" }],
      // DNS rebinding: another site's name, pointed at this machine after its page loaded.
      [THIS_MACHINE, { host: "rebind.attacker.example" }],
      [THIS_MACHINE, { host: "rebind.attacker.example:8000" }],
      [{}, {}],
    ] as const
  ) {
    const response = await ask(info, headers);
    assertEquals(response.status, 404, JSON.stringify([info, headers]));
    assertEquals((await response.text()).includes("Dev Mailbox"), false);
  }
});

Deno.test("the local checkout answers this machine only: nobody elsewhere pays without paying", async () => {
  await using t = await createTestApp();
  const started = await t.request("/api/guest/create-checkout-session", jsonBody({ order: orderForm() }));
  const { sessionId } = await started.json();
  const pay = (info: object, headers: HeadersInit = {}) =>
    t.app.request(`/checkout/local/${sessionId}/pay`, { method: "POST", headers }, info);
  assertEquals((await t.app.request(`/checkout/local/${sessionId}`, {}, FROM_OUTSIDE)).status, 404);
  assertEquals((await pay(FROM_OUTSIDE)).status, 404);
  assertEquals((await pay(THIS_MACHINE, { "x-real-ip": "203.0.113.7" })).status, 404);
  const paid = await pay(THIS_MACHINE);
  assertEquals(paid.status, 303);
});

Deno.test("the dev conveniences answer only a name of this machine, and refuse another site's writes", async () => {
  await using t = await createTestApp();
  const started = await t.request("/api/guest/create-checkout-session", jsonBody({ order: orderForm() }));
  const { sessionId } = await started.json();
  const rebound = `http://rebind.attacker.example:8000`;
  assertEquals((await t.app.request(`${rebound}/dev/mailbox`, {}, THIS_MACHINE)).status, 404);
  assertEquals((await t.app.request(`${rebound}/checkout/local/${sessionId}`, {}, THIS_MACHINE)).status, 404);
  for (const host of ["localhost:8000", "127.0.0.1:8000", "[::1]:8000"]) {
    const mailbox = await t.app.request("/dev/mailbox", { headers: { host } }, THIS_MACHINE);
    assertEquals(mailbox.status, 200, host);
  }

  const pay = (headers: HeadersInit) =>
    t.app.request(`/checkout/local/${sessionId}/pay`, { method: "POST", headers }, THIS_MACHINE);
  for (
    const headers of [
      { "sec-fetch-site": "cross-site", origin: "https://attacker.example" },
      { origin: "https://attacker.example" },
    ] as Record<string, string>[]
  ) {
    const refused = await pay(headers);
    assertEquals(refused.status, 403, JSON.stringify(headers));
    assertMatch(await refused.text(), /another site/, "the page says why");
  }
  assertEquals(
    (await pay({ "sec-fetch-site": "same-origin" })).status,
    303,
    "Pay on the checkout page itself",
  );
});
