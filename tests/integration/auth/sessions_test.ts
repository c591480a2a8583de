import { assert, assertEquals, assertMatch } from "@std/assert";
import { SESSION_TTL_MS } from "../../../domain/account/sign_in_limits.ts";
import { currentUser, requireAdmin, requireUser } from "../../../routes/middleware/session.ts";
import { createTestApp, signIn } from "../../helpers.ts";

const SAME_ORIGIN = { origin: "http://localhost:8000", "sec-fetch-site": "same-origin" };

Deno.test("the user endpoint answers 401 with a message unless a live token is presented", async () => {
  await using t = await createTestApp();
  const { token, cookie } = await signIn(t, "me@example.com");
  const expected = { username: "me@example.com", isDemo: false, role: "user" };

  assertEquals(await (await t.request("/api/auth/user", { headers: { cookie } })).json(), expected);
  const attempts: Record<string, string>[] = [
    {},
    { authorization: "Bearer nope" },
    { authorization: `Bearer ${token}x` },
    { authorization: `Basic ${token}` },
    { cookie: "lh_session=forged" },
    // An explicit bad Bearer is not rescued by a good cookie: the client must learn its token is stale.
    { authorization: "Bearer stale", cookie },
  ];
  for (const headers of attempts) {
    const answer = await t.request("/api/auth/user", { headers });
    assertEquals(answer.status, 401, JSON.stringify(headers));
    assertEquals((await answer.json()).message, "Please sign in to continue.");
  }

  t.clock.advance(SESSION_TTL_MS + 1);
  const expired = await t.request("/api/auth/user", { headers: { authorization: `Bearer ${token}` } });
  assertEquals(expired.status, 401, "sessions end after 30 days");
});

Deno.test("logout revokes the session on the server and clears the cookie", async () => {
  await using t = await createTestApp();
  const { token } = await signIn(t, "bye@example.com");
  const auth = { authorization: `Bearer ${token}` };
  const answer = await t.request("/api/auth/logout", { method: "POST", headers: auth });
  assertEquals(answer.status, 200);
  assertEquals((await answer.json()).message, "You have been signed out.");
  assertMatch(answer.headers.get("set-cookie") ?? "", /^lh_session=;.*Max-Age=0/);
  assertEquals((await t.request("/api/auth/user", { headers: auth })).status, 401);
  assertEquals((await t.request("/api/auth/logout", { method: "POST" })).status, 200, "idempotent");
  assertEquals(t.analytics.events.filter((event) => event.event === "User Logout").length, 1);
});

Deno.test("the navigation's logout form signs out and goes to /login", async () => {
  await using t = await createTestApp();
  const { cookie, token } = await signIn(t, "form@example.com");
  const answer = await t.request("/logout", { method: "POST", headers: { cookie, ...SAME_ORIGIN } });
  assertEquals(answer.status, 303);
  assertEquals(answer.headers.get("location"), "/login");
  assertMatch(answer.headers.get("set-cookie") ?? "", /Max-Age=0/);
  assertEquals(
    (await t.request("/api/auth/user", { headers: { authorization: `Bearer ${token}` } })).status,
    401,
  );
});

Deno.test("cookie-authenticated writes from another site are refused; Bearer calls are not affected", async () => {
  await using t = await createTestApp({ env: { APP_URL: "https://shop.example" } });
  const { cookie, token } = await signIn(t, "victim@example.com");
  const crossSite: Record<string, string>[] = [
    { cookie, origin: "https://evil.example" },
    { cookie, "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    { cookie, "sec-fetch-site": "same-site", origin: "https://sub.shop.example" },
    { cookie }, // neither header: not a browser, so it must use the Bearer token
  ];
  for (const headers of crossSite) {
    const answer = await t.request("/api/auth/logout", { method: "POST", headers });
    assertEquals(answer.status, 403, JSON.stringify(headers));
    assertEquals((await answer.json()).message, "This request came from another site and was refused.");
    const page = await t.request("/logout", { method: "POST", headers });
    assertEquals(page.status, 403);
    await page.body?.cancel();
  }
  assertEquals((await t.request("/api/auth/user", { headers: { cookie } })).status, 200, "still signed in");

  const fromOurPage = await t.request("/api/auth/logout", {
    method: "POST",
    headers: { cookie, origin: "https://shop.example" },
  });
  assertEquals(fromOurPage.status, 200);
  await fromOurPage.body?.cancel();

  const other = await signIn(t, "api@example.com");
  const bearer = await t.request("/api/auth/logout", {
    method: "POST",
    headers: { authorization: `Bearer ${other.token}`, origin: "https://evil.example" },
  });
  assertEquals(bearer.status, 200, "a Bearer token cannot be sent cross-site by a browser, so no check");
  await bearer.body?.cancel();
  assert(token);
});

Deno.test("requireUser and requireAdmin answer 401 for visitors and 403 for the wrong role", async () => {
  await using t = await createTestApp({ env: { ADMIN_EMAILS: "admin@example.com" } });
  t.app.get("/api/test/mine", requireUser, (c) => c.json({ id: currentUser(c).id }));
  t.app.get("/api/test/admin", requireAdmin, (c) => c.json({ ok: true }));
  const customer = await signIn(t, "customer@example.com");
  const admin = await signIn(t, "admin@example.com");
  const as = (token?: string) => (token ? { headers: { authorization: `Bearer ${token}` } } : {});

  const expectations: [string, string | undefined, number][] = [
    ["/api/test/mine", undefined, 401],
    ["/api/test/mine", customer.token, 200],
    ["/api/test/mine", admin.token, 200],
    ["/api/test/admin", undefined, 401],
    ["/api/test/admin", customer.token, 403],
    ["/api/test/admin", admin.token, 200],
  ];
  for (const [path, token, status] of expectations) {
    const answer = await t.request(path, as(token));
    assertEquals(answer.status, status, `${path} as ${token ? "someone" : "visitor"}`);
    if (status !== 200) assertEquals(typeof (await answer.json()).message, "string");
    else await answer.body?.cancel();
  }
});

Deno.test("server-rendered pages know the user from the cookie", async () => {
  await using t = await createTestApp({
    env: { ADMIN_EMAILS: "admin@example.com", DEMO_EMAILS: "demo@example.com" },
  });
  const visitor = await (await t.request("/")).text();
  assert(visitor.includes(`href="/login"`));
  assert(!visitor.includes("My Songs"));

  const demo = await signIn(t, "demo@example.com");
  const page = await t.request("/", { headers: { cookie: demo.cookie } });
  assertEquals(page.headers.get("cache-control"), "private, no-store");
  const html = await page.text();
  for (const text of ["My Songs", "Create Song", "Log out", "Admin settings", "demo@example.com", ">Demo<"]) {
    assert(html.includes(text), `signed-in page shows ${text}`);
  }
  assert(html.includes(`data-signed-in="true"`));
  assert(!html.includes(`href="/login"`));

  // The anonymous page cache is never served to a signed-in user, nor the reverse.
  assert(!(await (await t.request("/")).text()).includes("My Songs"));

  const admin = await signIn(t, "admin@example.com");
  assertEquals((await t.request("/admin/orders", { headers: { cookie: admin.cookie } })).status, 200);
  const customer = await t.request("/admin/orders", { headers: { cookie: demo.cookie } });
  assertEquals(customer.status, 302);
  assertEquals(customer.headers.get("location"), "/");
});
