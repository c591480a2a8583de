import { assertEquals, assertStringIncludes } from "@std/assert";
import { PROMPT_MAX_CHARS } from "../../../domain/prompts/form.ts";
import { DEFAULT_LYRICS_PROMPT, DEFAULT_TAGS_PROMPT } from "../../../domain/prompts/defaults.ts";
import { getDebugTexts } from "../../../kv/order_debug.ts";
import { getSystemPrompt } from "../../../kv/prompts.ts";
import { createTestApp } from "../../helpers.ts";
import { ADMIN_EMAIL, adminHeaders, DELIVERY_ENV, sessionHeaders } from "../delivery/helpers.ts";
import { clockWorker, placeOrder, stepUntil } from "../jobs/helpers.ts";
import { adminApi as call, type Headers, savePrompt as save } from "./helpers.ts";

const DEMO_EMAIL = "demo@example.com";
const ENV = { ...DELIVERY_ENV, DEMO_EMAILS: DEMO_EMAIL };

Deno.test("system prompts: visitors get 401, customers 403; admins and demo users read and save", async () => {
  await using t = await createTestApp({ env: ENV });
  const customer = await sessionHeaders(t, "ann@example.com");
  for (const kind of ["lyrics", "tags"]) {
    for (const [method, body] of [["GET"], ["POST", { prompt: "Sneaky" }]] as const) {
      const visitor = await call(t, method, `/system-prompt/${kind}`, {}, body);
      assertEquals([visitor.status, typeof visitor.body.message], [401, "string"], `${method} ${kind}`);
      const refused = await call(t, method, `/system-prompt/${kind}`, customer, body);
      assertEquals([refused.status, typeof refused.body.message], [403, "string"], `${method} ${kind}`);
    }
  }
  assertEquals((await getSystemPrompt(t.kv, "lyrics", "live")).version, 0, "nothing refused was saved");

  const who: [string, Headers][] = [
    [ADMIN_EMAIL, await adminHeaders(t)],
    [DEMO_EMAIL, await sessionHeaders(t, DEMO_EMAIL)],
  ];
  for (const [email, headers] of who) {
    const saved = await save(t, headers, "tags", `Tags by ${email}`);
    assertEquals(saved.updatedBy, email);
    const read = await call(t, "GET", "/system-prompt/tags", headers);
    assertEquals([read.status, read.body.prompt], [200, `Tags by ${email}`]);
  }
});

Deno.test("system prompts: an unknown kind is a JSON 404", async () => {
  await using t = await createTestApp({ env: ENV });
  const admin = await adminHeaders(t);
  for (const [method, path] of [["GET", "/system-prompt/music"], ["POST", "/system-prompt/LYRICS"]]) {
    const answer = await call(t, method, path, admin, method === "POST" ? { prompt: "x" } : undefined);
    assertEquals(answer.status, 404, path);
    assertEquals(answer.body.message, "There is no such system prompt: use lyrics or tags.");
  }
});

Deno.test("system prompts: before any save each kind answers the default that ships, as version 0", async () => {
  await using t = await createTestApp({ env: ENV });
  const admin = await adminHeaders(t);
  for (const [kind, prompt] of [["lyrics", DEFAULT_LYRICS_PROMPT], ["tags", DEFAULT_TAGS_PROMPT]]) {
    const answer = await call(t, "GET", `/system-prompt/${kind}`, admin);
    assertEquals(answer, {
      status: 200,
      body: { kind, prompt, version: 0, updatedAt: null, updatedBy: null, isDefault: true },
    });
  }
});

Deno.test("system prompts: empty, blank, missing or too long prompts are refused with the spec's messages", async () => {
  await using t = await createTestApp({ env: ENV });
  const admin = await adminHeaders(t);
  const cases: [string, unknown, string][] = [
    ["lyrics", { prompt: "" }, "Lyrics prompt cannot be empty"],
    ["lyrics", { prompt: "  \n\t " }, "Lyrics prompt cannot be empty"],
    ["lyrics", {}, "Lyrics prompt cannot be empty"],
    ["lyrics", { prompt: 7 }, "Lyrics prompt cannot be empty"],
    ["lyrics", [], "Lyrics prompt cannot be empty"],
    ["tags", { prompt: " " }, "Tags prompt cannot be empty"],
    ["tags", { prompt: null }, "Tags prompt cannot be empty"],
    ["tags", { prompt: "x".repeat(PROMPT_MAX_CHARS + 1) }, "Tags prompt must be at most 20,000 characters"],
  ];
  for (const [kind, body, message] of cases) {
    const answer = await call(t, "POST", `/system-prompt/${kind}`, admin, body);
    assertEquals([answer.status, answer.body.message], [400, message], `${kind} ${JSON.stringify(body)}`);
  }
  assertEquals((await getSystemPrompt(t.kv, "tags", "live")).version, 0);

  // Exactly the limit is fine; surrounding blanks are not part of the prompt.
  const longest = await save(t, admin, "tags", `  ${"x".repeat(PROMPT_MAX_CHARS)}\n`);
  assertEquals(longest.prompt.length, PROMPT_MAX_CHARS);
});

Deno.test("system prompts: every save is a new version; earlier ones can be read again", async () => {
  await using t = await createTestApp({ env: ENV });
  const admin = await adminHeaders(t);
  const first = await save(t, admin, "lyrics", "Write a lullaby.");
  assertEquals(first.message, "Lyrics prompt saved as version 1.");
  assertEquals(first, {
    message: "Lyrics prompt saved as version 1.",
    kind: "lyrics",
    prompt: "Write a lullaby.",
    version: 1,
    updatedAt: new Date(t.clock.now()).toISOString(),
    updatedBy: ADMIN_EMAIL,
    isDefault: false,
  });
  t.clock.advance(60_000);
  const second = await save(t, admin, "lyrics", "Write a rock anthem.");
  assertEquals([second.version, second.message], [2, "Lyrics prompt saved as version 2."]);
  const tags = await save(t, admin, "tags", "Pick tags.");
  assertEquals(
    [tags.version, tags.message],
    [1, "Tags prompt saved as version 1."],
    "each kind counts its own",
  );

  const current = await call(t, "GET", "/system-prompt/lyrics", admin);
  const { message: _message, ...secondView } = second;
  assertEquals(current.body, secondView);
  assertEquals(await getSystemPrompt(t.kv, "lyrics", "live"), { prompt: "Write a rock anthem.", version: 2 });

  const v1 = await call(t, "GET", "/system-prompt/lyrics/versions/1", admin);
  assertEquals([v1.status, v1.body.prompt, v1.body.version], [200, "Write a lullaby.", 1]);
  const v0 = await call(t, "GET", "/system-prompt/lyrics/versions/0", admin);
  assertEquals([v0.body.prompt, v0.body.isDefault], [DEFAULT_LYRICS_PROMPT, true]);
  for (const version of ["3", "-1", "1.5", "abc"]) {
    const missing = await call(t, "GET", `/system-prompt/lyrics/versions/${version}`, admin);
    assertEquals(missing.status, 404, version);
  }
});

Deno.test("system prompts: saves at the same moment get distinct versions, and the last one is current", async () => {
  await using t = await createTestApp({ env: ENV });
  const admin = await adminHeaders(t);
  const demo = await sessionHeaders(t, DEMO_EMAIL);
  const saves = await Promise.all(
    Array.from({ length: 6 }, (_, i) => save(t, i % 2 ? demo : admin, "lyrics", `Prompt ${i}`)),
  );
  // Admins save the live prompt and demo users their own scope (issue 18): each counts its versions.
  for (const [headers, who] of [[admin, ADMIN_EMAIL], [demo, DEMO_EMAIL]] as const) {
    const own = saves.filter((saved) => saved.updatedBy === who);
    assertEquals(own.map((saved) => saved.version).sort(), [1, 2, 3], who);
    const current = await call(t, "GET", "/system-prompt/lyrics", headers);
    assertEquals(current.body.prompt, own.find((saved) => saved.version === 3)!.prompt, who);
    for (const saved of own) {
      const stored = await call(t, "GET", `/system-prompt/lyrics/versions/${saved.version}`, headers);
      assertEquals(stored.body.prompt, saved.prompt, `${who}: version ${saved.version} kept its own text`);
    }
  }
});

Deno.test("system prompts: an order records the prompt versions that wrote its lyrics and tags", async () => {
  await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  await using worker = clockWorker(t);
  const before = await stepUntil(t, worker, (await placeOrder(t, { childName: "Ada" })).id);
  assertEquals(before.status, "completed", before.error ?? "");
  assertEquals(before.promptVersions, { lyrics: 0, tags: 0 });

  // Signed in at the clock's time now (placeOrder stamps the real one, and stepping follows it).
  const admin = await adminHeaders(t);

  await save(t, admin, "lyrics", "You write short songs for children. Answer with JSON.");
  await save(t, admin, "tags", "Pick music tags. Answer with JSON.");
  await save(t, admin, "tags", "Pick music tags and a title. Answer with JSON.");
  const after = await stepUntil(t, worker, (await placeOrder(t, { childName: "Ben" })).id);
  assertEquals(after.status, "completed", after.error ?? "");
  assertEquals(after.promptVersions, { lyrics: 1, tags: 2 });
  const debug = await getDebugTexts(t.kv, after.id);
  assertStringIncludes(debug.openaiLyricsPrompt ?? "", "You write short songs for children.");
  assertStringIncludes(debug.openaiTagsInput ?? "", "Pick music tags and a title.");

  // Staff read them in the order's Technical tab.
  const detail = await call(t, "GET", `/orders/${after.id}`, admin);
  assertEquals([detail.status, detail.body.promptVersions], [200, { lyrics: 1, tags: 2 }]);
});
