import { assert, assertEquals, assertMatch, assertNotEquals } from "@std/assert";
import { MAGIC_LINK_TTL_MS } from "../../../domain/account/sign_in_limits.ts";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { keys } from "../../../kv/keys.ts";
import {
  createTestApp,
  jsonBody,
  latestSignInLink,
  openSignInLink,
  requestSignInLink,
  signIn,
  type TestApp,
} from "../../helpers.ts";

const requestLink = requestSignInLink;
const verify = (t: TestApp, link: string) => openSignInLink(t, link);

Deno.test("a requested link is emailed, built from APP_URL, and signs the address in", async () => {
  await using t = await createTestApp({ env: { APP_URL: "https://shop.example" } });
  const response = await requestLink(t, "  Parent@Example.COM ", { headers: { host: "evil.example" } });
  assertEquals(response.status, 200);
  assertEquals(response.headers.get("cache-control"), "no-store");
  assertEquals(typeof (await response.json()).message, "string");

  const [mail] = await listDevMail(t.kv);
  assertEquals(mail.to, "parent@example.com");
  const link = await latestSignInLink(t, "parent@example.com");
  assertMatch(link, /^https:\/\/shop\.example\/auth\/verify\?t=[\w-]{43}$/);
  assert(mail.html.includes(link), "the HTML version carries the same link");

  const verified = await verify(t, link);
  assertEquals(verified.status, 200);
  const body = await verified.json();
  assertEquals(body.user, { username: "parent@example.com", isDemo: false, role: "user" });
  assertEquals(body.message, "You've been signed in successfully.");
  assertMatch(body.token, /^[\w-]{43}$/);
  const cookie = verified.headers.get("set-cookie") ?? "";
  assertMatch(cookie, new RegExp(`^lh_session=${body.token};`));
  for (const attribute of ["HttpOnly", "Secure", "SameSite=Lax", "Path=/"]) {
    assert(cookie.includes(attribute), `cookie has ${attribute}: ${cookie}`);
  }

  const me = await t.request("/api/auth/user", { headers: { authorization: `Bearer ${body.token}` } });
  assertEquals(await me.json(), { username: "parent@example.com", isDemo: false, role: "user" });
});

Deno.test("only hashes of link and session tokens are stored", async () => {
  await using t = await createTestApp();
  await requestLink(t, "a@example.com");
  const link = await latestSignInLink(t, "a@example.com");
  const linkToken = new URL(link).searchParams.get("t")!;
  const { token } = await signIn(t, "b@example.com");

  const stored: string[] = [];
  for await (const entry of t.kv.list({ prefix: [] })) {
    if (entry.key[0] === "dev_mail") continue; // the mailbox is the inbox, not our records
    stored.push(JSON.stringify(entry.key) + JSON.stringify(entry.value));
  }
  assert(stored.length > 0);
  for (const secret of [linkToken, token]) {
    assert(!stored.some((text) => text.includes(secret)), "a raw token is in KV");
  }
  const links = await Array.fromAsync(t.kv.list({ prefix: keys.magicLink("").slice(0, 1) }));
  assertEquals(links.length, 1);
  assertMatch(String(links[0].key[1]), /^[0-9a-f]{64}$/);
});

Deno.test("a link works once, and not after 15 minutes", async () => {
  await using t = await createTestApp();
  await requestLink(t, "once@example.com");
  const link = await latestSignInLink(t, "once@example.com");
  assertEquals((await verify(t, link)).status, 200);
  const reused = await verify(t, link);
  assertEquals(reused.status, 401);
  assertEquals(
    (await reused.json()).message,
    "This sign-in link is invalid, expired or already used. Please request a new one.",
  );

  await requestLink(t, "late@example.com");
  const almost = await latestSignInLink(t, "late@example.com");
  t.clock.advance(MAGIC_LINK_TTL_MS - 1000);
  assertEquals((await verify(t, almost)).status, 200, "still valid just before 15 minutes");

  await requestLink(t, "late@example.com");
  const expired = await latestSignInLink(t, "late@example.com");
  t.clock.advance(MAGIC_LINK_TTL_MS);
  assertEquals((await verify(t, expired)).status, 401);
});

Deno.test("two concurrent clicks on one link: exactly one signs in", async () => {
  await using t = await createTestApp();
  for (let round = 0; round < 5; round++) {
    const email = `race${round}@example.com`;
    await requestLink(t, email);
    const link = await latestSignInLink(t, email);
    const answers = await Promise.all(Array.from({ length: 4 }, () => verify(t, link)));
    const statuses = answers.map((answer) => answer.status).sort();
    await Promise.all(answers.map((answer) => answer.body?.cancel()));
    assertEquals(statuses, [200, 401, 401, 401]);
  }
});

Deno.test("missing or malformed t gets the spec's message, never a 5xx", async () => {
  await using t = await createTestApp();
  const missing = await t.request("/api/auth/verify-magic-link");
  assertEquals(missing.status, 400);
  assertEquals((await missing.json()).message, "Invalid link. Please request a new sign-in link.");
  for (const junk of ["x", "%00", "a".repeat(5000), "<script>", "A".repeat(43)]) {
    const answer = await t.request(`/api/auth/verify-magic-link?t=${encodeURIComponent(junk)}`);
    assertEquals(answer.status, 401, junk.slice(0, 20));
    assertEquals(typeof (await answer.json()).message, "string");
  }
});

Deno.test("the user is created on first sign-in and kept after; concurrent first sign-ins make one", async () => {
  await using t = await createTestApp();
  const emails = ["new@example.com", "new@example.com", "NEW@example.com "];
  const links: string[] = [];
  for (const email of emails) {
    await requestLink(t, email);
    links.push(await latestSignInLink(t, "new@example.com"));
  }
  const answers = await Promise.all(links.map((link) => verify(t, link)));
  for (const answer of answers) assertEquals(answer.status, 200);
  const users = await Array.fromAsync(t.kv.list({ prefix: ["users"] }));
  assertEquals(users.length, 1);
  assertEquals((users[0].value as { username: string }).username, "new@example.com");
  assertEquals(t.analytics.events.filter((event) => event.event === "User Signup").length, 1);
  assertEquals(t.analytics.events.filter((event) => event.event === "User Login").length, 3);
});

Deno.test("ADMIN_EMAILS sign in as admin, DEMO_EMAILS as demo, and the list is re-read every request", async () => {
  const env = { ADMIN_EMAILS: "Boss@Example.com, ops@example.com", DEMO_EMAILS: "demo@example.com" };
  await using t = await createTestApp({ env });
  assertEquals((await signIn(t, "boss@example.com")).user, {
    username: "boss@example.com",
    isDemo: false,
    role: "admin",
  });
  assertEquals((await signIn(t, "demo@example.com")).user, {
    username: "demo@example.com",
    isDemo: true,
    role: "user",
  });
  const stored = await Array.fromAsync(t.kv.list<{ username: string; role: string }>({ prefix: ["users"] }));
  assertEquals(stored.find((entry) => entry.value.username === "boss@example.com")?.value.role, "admin");

  // Same KV, new configuration without the admin: the old session loses the role at once.
  const { token } = await signIn(t, "ops@example.com");
  const { createApp } = await import("../../../routes/app.ts");
  const { testConfig } = await import("../../helpers.ts");
  const demoted = createApp({ ...t.deps, config: testConfig({}) });
  const me = await demoted.request("/api/auth/user", { headers: { authorization: `Bearer ${token}` } });
  assertEquals((await me.json()).role, "user");
});

Deno.test("the answer is the same whether or not the address has an account", async () => {
  await using t = await createTestApp();
  await signIn(t, "known@example.com");
  const known = await requestLink(t, "known@example.com");
  const unknown = await requestLink(t, "stranger@example.com");
  assertEquals(known.status, unknown.status);
  assertEquals(await known.json(), await unknown.json());
  const headerNames = (response: Response) => [...response.headers.keys()].filter((name) => name !== "date");
  assertEquals(headerNames(known), headerNames(unknown));
  // The same work was done for both: each got a link.
  assertNotEquals(
    await latestSignInLink(t, "known@example.com"),
    await latestSignInLink(t, "stranger@example.com"),
  );
});

Deno.test("bad sign-in requests get a 400 with a clear message", async () => {
  await using t = await createTestApp();
  const cases: [RequestInit, string][] = [
    [jsonBody({}), "Please enter your email address."],
    [jsonBody({ email: "" }), "Please enter your email address."],
    [jsonBody({ email: "   " }), "Please enter your email address."],
    [jsonBody({ email: 42 }), "Please enter your email address."],
    [jsonBody({ email: "not-an-email" }), "Please enter a valid email address."],
    [jsonBody({ email: `${"a".repeat(250)}@example.com` }), "Email addresses are at most 254 characters."],
    [jsonBody([1, 2]), "Invalid input: expected object, received array"],
    [jsonBody(null), "Invalid input: expected object, received null"],
  ];
  for (const [init, message] of cases) {
    const answer = await t.request("/api/auth/request-magic-link", init);
    assertEquals(answer.status, 400, String(init.body).slice(0, 40));
    assertEquals((await answer.json()).message, message);
  }
  const notJson = await t.request("/api/auth/request-magic-link", { method: "POST", body: "email=a@b.co" });
  assertEquals(notJson.status, 400);
  assertEquals(typeof (await notJson.json()).message, "string");
  const broken = await t.request("/api/auth/request-magic-link", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: '{"email":',
  });
  assertEquals(broken.status, 400);
  assertEquals(typeof (await broken.json()).message, "string");
  assertEquals((await listDevMail(t.kv)).length, 0, "nothing was sent for bad input");
});

Deno.test("a mail server that refuses is reported as 503 with a clear message, not swallowed", async () => {
  // Port 1 on loopback is closed: the real nodemailer transport fails to connect.
  await using t = await createTestApp({ env: { SMTP_URL: "smtp://127.0.0.1:1" } });
  const answer = await requestLink(t, "parent@example.com");
  assertEquals(answer.status, 503);
  assertEquals(
    (await answer.json()).message,
    "We could not send the email just now. Please try again in a few minutes.",
  );
});
