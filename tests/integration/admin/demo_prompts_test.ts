import { assertEquals } from "@std/assert";
import type { SystemPromptView } from "../../../domain/prompts/form.ts";
import { DEFAULT_LYRICS_PROMPT, DEFAULT_TAGS_PROMPT } from "../../../domain/prompts/defaults.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { getDebugTexts } from "../../../kv/order_debug.ts";
import { createTestApp, jsonBody, type TestApp } from "../../helpers.ts";
import { ADMIN_EMAIL, adminHeaders, sessionHeaders } from "../delivery/helpers.ts";
import { runPipeline } from "../jobs/helpers.ts";
import { orderForm, payLocally, startCheckout } from "../orders/helpers.ts";
import { adminApi as call, type Headers, savePrompt as save } from "./helpers.ts";

/**
 * Issue 18, #27: demo users open the prompt editor (staff-side §2) and may save, but what they save
 * lives in a demo scope that only demo orders use; paying customers' songs keep the live prompts.
 */
const DEMO_EMAIL = "demo@example.com";
const ENV = { ADMIN_EMAILS: ADMIN_EMAIL, DEMO_EMAILS: DEMO_EMAIL };

async function read(t: TestApp, headers: Headers, kind: string): Promise<SystemPromptView> {
  const answer = await call(t, "GET", `/system-prompt/${kind}`, headers);
  assertEquals(answer.status, 200, answer.body.message);
  return answer.body;
}

/** A paying customer's order: local checkout, paid, fulfilled; then made by the pipeline. */
async function paidOrder(t: TestApp, childName: string): Promise<Order> {
  const { body } = await startCheckout(t, orderForm({ childName, parentEmail: "payer@example.com" }));
  await payLocally(t, body.sessionId);
  const response = await t.request("/api/guest/orders", jsonBody({ sessionId: body.sessionId }));
  const placed = await response.json();
  assertEquals(response.status, 200, placed.message);
  return await made(t, placed.id);
}

/** A demo user's order, through the same call the order form makes for them. */
async function demoOrder(t: TestApp, demo: Headers, childName: string): Promise<Order> {
  const response = await t.request("/api/orders", jsonBody(orderForm({ childName }), { headers: demo }));
  const placed = await response.json();
  assertEquals(response.status, 201, placed.message);
  return await made(t, placed.id);
}

/** The order's song made by the real pipeline, stepped on the test's clock. */
async function made(t: TestApp, id: string): Promise<Order> {
  const order = await runPipeline(t, id);
  assertEquals(order.status, "completed", order.error ?? "");
  return order;
}

/** The system prompts that wrote an order's lyrics and tags, as recorded beside it. */
async function promptsUsed(t: TestApp, order: Order) {
  const debug = await getDebugTexts(t.kv, order.id);
  return {
    lyrics: (debug.openaiLyricsPrompt ?? "").split("\n\n---\n\n")[0],
    tags: (debug.openaiTagsInput ?? "").split("\n\n---\n\n")[0],
  };
}

Deno.test("demo prompts: a demo user's save answers 200 but the live prompts and paying customers' songs keep theirs", async () => {
  await using t = await createTestApp({ env: ENV });
  const admin = await adminHeaders(t);
  const demo = await sessionHeaders(t, DEMO_EMAIL);

  const lyrics = await save(t, demo, "lyrics", "DEMO: write every song about pirates.");
  const tags = await save(t, demo, "tags", "DEMO: heavy metal, screaming vocals.");
  assertEquals([lyrics.version, lyrics.updatedBy, tags.version], [1, DEMO_EMAIL, 1]);
  assertEquals((await read(t, demo, "lyrics")).prompt, "DEMO: write every song about pirates.");

  // The live prompts, as admins read them: still the defaults nobody saved.
  for (const [kind, prompt] of [["lyrics", DEFAULT_LYRICS_PROMPT], ["tags", DEFAULT_TAGS_PROMPT]]) {
    const live = await read(t, admin, kind);
    assertEquals([live.prompt, live.version, live.isDefault], [prompt, 0, true], kind);
    const v1 = await call(t, "GET", `/system-prompt/${kind}/versions/1`, admin);
    assertEquals(v1.status, 404, `${kind}: the demo save is no live version`);
  }

  // A paying customer's song is written with the live prompts; a demo order with the demo user's.
  const real = await paidOrder(t, "Ada");
  assertEquals(await promptsUsed(t, real), { lyrics: DEFAULT_LYRICS_PROMPT, tags: DEFAULT_TAGS_PROMPT });
  assertEquals(real.promptVersions, { lyrics: 0, tags: 0 });
  const shown = await demoOrder(t, demo, "Bea");
  assertEquals(await promptsUsed(t, shown), {
    lyrics: "DEMO: write every song about pirates.",
    tags: "DEMO: heavy metal, screaming vocals.",
  });

  // Staff regenerating a paying customer's lyrics use the live prompt too.
  const again = await call(t, "POST", `/orders/${real.id}/regenerate-lyrics`, admin, {});
  assertEquals(again.status, 200, again.body.message);
  assertEquals((await promptsUsed(t, real)).lyrics, DEFAULT_LYRICS_PROMPT);
});

Deno.test("demo prompts: an admin's save is live for every order; demo users see it until they save their own", async () => {
  await using t = await createTestApp({ env: ENV });
  const admin = await adminHeaders(t);
  const demo = await sessionHeaders(t, DEMO_EMAIL);

  const live = await save(t, admin, "lyrics", "LIVE: short, gentle songs. Answer with JSON.");
  assertEquals([live.version, live.updatedBy], [1, ADMIN_EMAIL]);
  assertEquals((await read(t, admin, "lyrics")).prompt, live.prompt);
  // Until a demo user saves one, the demo scope is the live prompt, for the editor and demo orders.
  assertEquals((await read(t, demo, "lyrics")).prompt, live.prompt);
  const v1 = await call(t, "GET", "/system-prompt/lyrics/versions/1", demo);
  assertEquals(v1.body.prompt, live.prompt);
  assertEquals((await promptsUsed(t, await demoOrder(t, demo, "Dot"))).lyrics, live.prompt);

  const own = await save(t, demo, "lyrics", "DEMO: a sea shanty.");
  assertEquals(own.version, 1, "the demo scope counts its own versions");
  assertEquals((await read(t, demo, "lyrics")).prompt, own.prompt);
  assertEquals((await call(t, "GET", "/system-prompt/lyrics/versions/1", demo)).body.prompt, own.prompt);
  assertEquals((await read(t, admin, "lyrics")).prompt, live.prompt, "the admin's stays live");

  const second = await save(t, admin, "lyrics", "LIVE: longer songs now. Answer with JSON.");
  assertEquals(second.version, 2);
  const real = await paidOrder(t, "Eve");
  assertEquals((await promptsUsed(t, real)).lyrics, second.prompt);
  assertEquals(real.promptVersions?.lyrics, 2);
  assertEquals((await read(t, demo, "lyrics")).prompt, own.prompt, "a demo user's own save stays theirs");
});
