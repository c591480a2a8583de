/**
 * Text is made plain where it enters (domain/plain_text.ts): a name of invisible characters is not a
 * name, and control, zero-width and bidi characters never reach the store, staff's screens, the
 * lyricist or an email's subject. A lone surrogate never reaches Stripe, which cannot encode it.
 */
import { assertEquals, assertMatch } from "@std/assert";
import { startStripeFake } from "../../../fakes/stripe.ts";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { getDebugTexts } from "../../../kv/order_debug.ts";
import { getOrderBySession } from "../../../kv/orders.ts";
import { createTestApp, jsonBody } from "../../helpers.ts";
import { runPipeline } from "../jobs/helpers.ts";
import { securityEnv } from "../security/helpers.ts";
import { orderForm, payLocally, startCheckout } from "./helpers.ts";

/** Control and format characters, line breaks and tabs aside (a prompt has lines). */
const INVISIBLE = /(?![\n\r\t])[\p{Cc}\p{Cf}]/u;

Deno.test("a name made only of zero-width spaces is no name: refused as missing", async () => {
  await using t = await createTestApp();
  for (const childName of ["\u200B\u200B\u200B", "\u3164", " \u202E "]) {
    const refused = await startCheckout(t, orderForm({ childName }));
    assertEquals(refused.status, 400, JSON.stringify(childName));
    assertMatch(refused.body.message, /child's name/i);
  }
  const noParent = await startCheckout(t, orderForm({ parentName: "\u200B\u2060" }));
  assertEquals(noParent.status, 400);
});

Deno.test("control and bidi characters are gone from the order, the lyricist's prompt and the email", async () => {
  await using t = await createTestApp();
  const { status, body } = await startCheckout(
    t,
    orderForm({
      childName: "Mi\u0000a\u0007 \u202ERose",
      favoriteColor: "pur\u200Bple",
      extraDetails: "Loves\u0000 dinosaurs.\r\nAnd \u2066boats\u2069.",
      parentName: "Sam\u001B Parent",
    }),
  );
  assertEquals(status, 200, body.message);
  await payLocally(t, body.sessionId);
  const order = (await getOrderBySession(t.kv, body.sessionId))!;
  assertEquals(order.childName, "Mia Rose");
  assertEquals(order.favoriteColor, "purple");
  assertEquals(
    order.extraDetails,
    "Loves dinosaurs.\nAnd boats.",
    "line breaks kept where the field has lines",
  );
  assertEquals(order.parentName, "Sam Parent");

  const made = await runPipeline(t, order.id);
  const debug = await getDebugTexts(t.kv, made.id);
  assertMatch(debug.openaiLyricsPrompt ?? "", /Mia Rose/);
  assertEquals(INVISIBLE.test(debug.openaiLyricsPrompt ?? ""), false);
  const subjects = (await listDevMail(t.kv)).map((mail) => mail.subject);
  assertEquals(subjects.length > 0, true);
  for (const subject of subjects) assertEquals(INVISIBLE.test(subject), false, subject);
});

Deno.test("a lone surrogate in a name starts a Stripe checkout instead of a 503", async () => {
  await using stripe = startStripeFake();
  await using t = await createTestApp({ env: securityEnv(stripe) });
  const started = await t.request(
    "/api/guest/create-checkout-session",
    jsonBody({ order: orderForm({ childName: "Mia\uD800", parentName: "Sam\uDC00 Parent" }) }),
  );
  const answer = await started.json();
  assertEquals(started.status, 200, answer.message);
  const [session] = [...stripe.sessions.values()];
  assertEquals(session.metadata?.childName, "Mia");
});
