/**
 * A friend's link may open any page (the confirmation email's opens `/?ref=CODE`): the server keeps a
 * well-formed code in a first-party cookie for the order form, whatever the page, without reading the
 * store; anything else in `ref` changes nothing.
 */
import { assert, assertEquals } from "@std/assert";
import { REFERRAL_COOKIE, REFERRAL_KEPT_MS } from "../../../domain/referral/code.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";

async function keptBy(t: TestApp, path: string, init?: RequestInit): Promise<string | null> {
  const response = await t.request(path, init);
  await response.body?.cancel();
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${REFERRAL_COOKIE}=`));
  return cookie ?? null;
}

Deno.test("a code in any page's address is kept for the order form for 30 days, readable by the page", async () => {
  await using t = await createTestApp();
  const kept = await keptBy(t, "/?ref=mia-7k3q") ?? "";
  const [pair, ...attributes] = kept.split(";").map((part) => part.trim());
  assertEquals(pair, `${REFERRAL_COOKIE}=MIA-7K3Q`);
  assertEquals(
    attributes.map((attribute) => attribute.toLowerCase()).sort(),
    [`max-age=${REFERRAL_KEPT_MS / 1000}`, "path=/", "samesite=lax"],
    "the whole site, not HttpOnly (the form reads it), not sent on cross-site writes",
  );
  assertEquals(REFERRAL_KEPT_MS, 30 * 24 * 60 * 60 * 1000);

  // The landing page is served from the page cache after its first view: the code still goes with it.
  assertEquals((await keptBy(t, "/?ref=LEO-2345"))?.split(";")[0], `${REFERRAL_COOKIE}=LEO-2345`);
  for (const path of ["/order?ref=half", "/login?ref=HALF", "/no-such-page?ref=HALF", "/my-songs?ref=HALF"]) {
    assertEquals((await keptBy(t, path))?.split(";")[0], `${REFERRAL_COOKIE}=HALF`, path);
  }
});

Deno.test("what is not a code, or not a page, leaves the kept code alone", async () => {
  await using t = await createTestApp();
  for (
    const path of [
      "/",
      "/?ref=",
      "/?ref=bad%20code!",
      "/?ref=ab",
      `/?ref=${"A".repeat(21)}`,
      "/api/referral-offer/HALF?ref=HALF",
      "/api/orders/user?ref=HALF",
    ]
  ) {
    assertEquals(await keptBy(t, path), null, path);
  }
  assertEquals(await keptBy(t, "/?ref=HALF", { method: "POST" }), null, "only a page being opened");
});

Deno.test("https: the kept code's cookie is Secure", async () => {
  await using t = await createTestApp({ env: { APP_URL: "https://littlehits.example" } });
  const kept = await keptBy(t, "/?ref=HALF");
  assert(kept?.split(";").some((part) => part.trim().toLowerCase() === "secure"), kept ?? "no cookie");
});
