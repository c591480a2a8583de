import { assertEquals, assertMatch } from "@std/assert";
import { createTestApp, jsonBody, signIn, type TestApp } from "../../helpers.ts";
import { orderForm } from "../orders/helpers.ts";

/**
 * Issue 9, security suite: logout revokes. One sign-in gives one session whose token the browser
 * holds twice: in local storage (every tab's API calls send it as a Bearer header) and in the
 * HttpOnly cookie (server-rendered pages, cookie writes). Logging out in any tab, by either route,
 * must end that session on the server, so every copy of the token stops working at once, in tabs
 * that never saw the logout too. tests/integration/auth/sessions_test.ts has the first checks.
 */

const SAME_ORIGIN = { origin: "http://localhost:8000", "sec-fetch-site": "same-origin" };

interface Tabs {
  /** The tab that logs out, and another tab of the same browser: both send the stored token. */
  bearer: Record<string, string>;
  otherTabBearer: Record<string, string>;
  /** A server-rendered page or form post in a third tab: the cookie alone. */
  cookie: Record<string, string>;
}

async function signedInTabs(t: TestApp, email: string): Promise<Tabs> {
  const { token, cookie } = await signIn(t, email);
  return {
    bearer: { authorization: `Bearer ${token}` },
    otherTabBearer: { authorization: `Bearer ${token}` },
    cookie: { cookie },
  };
}

async function statusOf(t: TestApp, path: string, init: RequestInit) {
  const response = await t.request(path, init);
  await response.body?.cancel();
  return response.status;
}

/** What each copy of the token can still do: who am I, a signed-in write, and the page's navigation. */
async function whatEachTabCanDo(t: TestApp, tabs: Tabs) {
  const page = await (await t.request("/my-songs", { headers: tabs.cookie })).text();
  return {
    bearer: await statusOf(t, "/api/auth/user", { headers: tabs.bearer }),
    otherTabBearer: await statusOf(t, "/api/orders/user", { headers: tabs.otherTabBearer }),
    cookie: await statusOf(t, "/api/auth/user", { headers: tabs.cookie }),
    cookieWrite: await statusOf(
      t,
      "/api/create-checkout-session",
      jsonBody({ order: orderForm() }, { headers: { ...tabs.cookie, ...SAME_ORIGIN } }),
    ),
    pageSignedIn: page.includes(`data-signed-in="true"`) && !page.includes(`href="/login"`),
  };
}

const SIGNED_IN = { bearer: 200, otherTabBearer: 200, cookie: 200, cookieWrite: 200, pageSignedIn: true };
const SIGNED_OUT = { bearer: 401, otherTabBearer: 401, cookie: 401, cookieWrite: 401, pageSignedIn: false };

async function sessionKeysOf(t: TestApp) {
  const sessions = await Array.fromAsync(t.kv.list({ prefix: ["sessions"] }));
  const byUser = await Array.fromAsync(t.kv.list({ prefix: ["sessions_by_user"] }));
  return sessions.length + byUser.length;
}

Deno.test("API logout (Bearer) ends the session for every tab's token and the cookie", async () => {
  await using t = await createTestApp();
  const tabs = await signedInTabs(t, "parent@example.com");
  const otherDevice = await signedInTabs(t, "parent@example.com");
  assertEquals(await whatEachTabCanDo(t, tabs), SIGNED_IN);

  const answer = await t.request("/api/auth/logout", { method: "POST", headers: tabs.bearer });
  assertEquals(answer.status, 200);
  assertMatch(answer.headers.get("set-cookie") ?? "", /^lh_session=;.*Max-Age=0/);
  await answer.body?.cancel();

  // Every copy of the token is refused, including the cookie a browser would still send if the
  // Set-Cookie that cleared it never arrived (another tab's request already in flight).
  assertEquals(await whatEachTabCanDo(t, tabs), SIGNED_OUT);
  // Logout ends this browser's session only: the parent's phone, signed in separately, stays in.
  assertEquals(await whatEachTabCanDo(t, otherDevice), SIGNED_IN);
  assertEquals(await sessionKeysOf(t), 2, "one session left, stored under both of its keys");
});

Deno.test("the logout form (cookie) ends the session for the Bearer copies too", async () => {
  await using t = await createTestApp();
  const tabs = await signedInTabs(t, "parent@example.com");
  assertEquals(await whatEachTabCanDo(t, tabs), SIGNED_IN);

  const answer = await t.request("/logout", { method: "POST", headers: { ...tabs.cookie, ...SAME_ORIGIN } });
  assertEquals([answer.status, answer.headers.get("location")], [303, "/login"]);
  assertMatch(answer.headers.get("set-cookie") ?? "", /Max-Age=0/);

  assertEquals(await whatEachTabCanDo(t, tabs), SIGNED_OUT);
  assertEquals(await sessionKeysOf(t), 0, "the session is deleted, not just its cookie");
});

Deno.test("a revoked token stays dead: a second logout or a new sign-in does not revive it", async () => {
  await using t = await createTestApp();
  const tabs = await signedInTabs(t, "parent@example.com");
  assertEquals(await statusOf(t, "/api/auth/logout", { method: "POST", headers: tabs.otherTabBearer }), 200);
  // The other tab logs out too (its button still shows): harmless, and still signed out.
  assertEquals(await statusOf(t, "/api/auth/logout", { method: "POST", headers: tabs.bearer }), 200);
  await signedInTabs(t, "parent@example.com");
  assertEquals(await whatEachTabCanDo(t, tabs), SIGNED_OUT);
});
