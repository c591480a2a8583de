import { assert, assertEquals } from "@std/assert";
import { getCheckoutDraft } from "../../../kv/checkout_drafts.ts";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { listOrdersOfUser } from "../../../kv/orders.ts";
import { getUserByEmail } from "../../../kv/users.ts";
import {
  adminCall,
  adminHeaders,
  completedOrder,
  DELIVERY_ENV,
  sessionHeaders,
} from "../delivery/helpers.ts";
import { orderForm } from "../orders/helpers.ts";
import {
  createTestApp,
  jsonBody,
  latestSignInLink,
  openSignInLink,
  requestSignInLink,
  type TestApp,
} from "../../helpers.ts";

/**
 * Issue 16 §6, login CSRF: an attacker asks for a sign-in link to their own address and sends a
 * parent to it. Opened anywhere but the browser that asked, the link signs nobody in: the page shows
 * whose account it opens, and only a confirmation from our own page (not another site's) spends it.
 */
async function attackersLink(t: TestApp) {
  // Asked for from the attacker's browser: its mark stays there.
  const asked = await t.request("/api/auth/request-magic-link", jsonBody({ email: "mallory@example.com" }));
  assertEquals(asked.status, 200);
  assert(asked.headers.get("set-cookie")?.includes("lh_signin="), "the asking browser is marked");
  await asked.body?.cancel();
  return new URL(await latestSignInLink(t, "mallory@example.com"));
}

const confirm = (t: TestApp, token: string, headers: Record<string, string>) =>
  t.request("/api/auth/verify-magic-link", jsonBody({ t: token }, { headers }));

Deno.test("opened in another browser, a sign-in link only says whose it is; nobody is signed in and it stays unspent", async () => {
  await using t = await createTestApp();
  const link = await attackersLink(t);
  for (let i = 0; i < 2; i++) {
    const opened = await t.request(`/api/auth/verify-magic-link${link.search}`);
    assertEquals(opened.status, 200);
    assertEquals(opened.headers.get("set-cookie"), null, "no session cookie");
    const body = await opened.json();
    assertEquals([body.confirm, body.email, body.token], [true, "mallory@example.com", undefined]);
  }
  assertEquals(await getUserByEmail(t.kv, "mallory@example.com"), null);
});

Deno.test("confirming from another site is refused and spends nothing; from our page it signs in once", async () => {
  await using t = await createTestApp();
  const token = (await attackersLink(t)).searchParams.get("t")!;
  for (
    const headers of [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
    ] as Record<string, string>[]
  ) {
    const refused = await confirm(t, token, headers);
    assertEquals(refused.status, 403, JSON.stringify(headers));
    assertEquals((await refused.json()).message, "This request came from another site and was refused.");
  }
  assertEquals(await getUserByEmail(t.kv, "mallory@example.com"), null);

  const confirmed = await confirm(t, token, { "sec-fetch-site": "same-origin" });
  assertEquals(confirmed.status, 200);
  assert(confirmed.headers.get("set-cookie")?.startsWith("lh_session="));
  assertEquals((await confirmed.json()).user.username, "mallory@example.com");
  const again = await confirm(t, token, { "sec-fetch-site": "same-origin" });
  assertEquals(again.status, 401);
  await again.body?.cancel();
});

Deno.test("in the browser that asked, the link signs in at once, and a stale or forged mark does not", async () => {
  await using t = await createTestApp();
  await requestSignInLink(t, "ann@example.com");
  const link = await latestSignInLink(t, "ann@example.com");
  const forged = await t.request(`/api/auth/verify-magic-link${new URL(link).search}`, {
    headers: { cookie: `lh_signin=${"A".repeat(43)}` },
  });
  assertEquals((await forged.json()).confirm, true);
  const opened = await openSignInLink(t, link);
  assertEquals(opened.status, 200);
  assertEquals((await opened.json()).user.username, "ann@example.com");
});

/** The attacker's own song, delivered to them: its order link is theirs to hand out. */
async function attackersOrderLinkSession(t: TestApp): Promise<Record<string, string>> {
  const theirs = await completedOrder(t, { childName: "Zed", parentEmail: "mallory@example.com" });
  const admin = await adminHeaders(t);
  await adminCall(t, admin, theirs.id, "approve");
  assertEquals((await adminCall(t, admin, theirs.id, "send-now")).status, 200);
  const mail = (await listDevMail(t.kv)).find((message) => message.to === "mallory@example.com");
  const link = new URL(mail!.text.match(/http\S+\/u\/[\w-]+\?t=[\w-]+/)![0]);
  const opened = await t.request(`/api/auth/magic-link/${link.pathname.split("/").at(-1)}${link.search}`);
  assertEquals(opened.status, 200);
  return { authorization: `Bearer ${(await opened.json()).token}` };
}

Deno.test("a session from someone's order link orders as a guest: the order never joins their account", async () => {
  await using t = await createTestApp({ env: { ...DELIVERY_ENV, DEMO_EMAILS: "mallory@example.com" } });
  const linkSession = await attackersOrderLinkSession(t);
  const mallory = (await getUserByEmail(t.kv, "mallory@example.com"))!;

  // Either checkout door: the draft belongs to nobody, so the order joins the typed address's account.
  for (const path of ["/api/create-checkout-session", "/api/guest/create-checkout-session"]) {
    const started = await t.request(
      path,
      jsonBody({ order: orderForm({ parentEmail: "vic@example.com" }) }, { headers: linkSession }),
    );
    const { sessionId } = await started.json();
    assertEquals(started.status, 200, path);
    assertEquals((await getCheckoutDraft(t.kv, sessionId))?.userId, null, path);
  }
  // Nor is a demo order (made with no payment, for whoever asks) theirs to place from such a browser.
  const demo = await t.request("/api/orders", jsonBody(orderForm(), { headers: linkSession }));
  assertEquals(demo.status, 400);
  await demo.body?.cancel();
  assertEquals(await listOrdersOfUser(t.kv, mallory.id), [], "nothing joined the link holder's account");

  // The order page starts empty and says whose link this browser opened.
  const page = await (await t.request("/order", { headers: linkSession })).text();
  assert(page.includes("data-opened-from-song-link"));
  assert(!page.includes("data-signed-in-as"));

  // Signed in by a sign-in link, the same account's orders are theirs, as before.
  const signedIn = await sessionHeaders(t, "mallory@example.com");
  const own = await t.request(
    "/api/create-checkout-session",
    jsonBody({ order: orderForm() }, { headers: signedIn }),
  );
  assertEquals((await getCheckoutDraft(t.kv, (await own.json()).sessionId))?.userId, mallory.id);
});
