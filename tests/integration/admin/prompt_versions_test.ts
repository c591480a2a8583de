import { assert, assertEquals } from "@std/assert";
import { DEFAULT_LYRICS_PROMPT, DEFAULT_TAGS_PROMPT } from "../../../domain/prompts/defaults.ts";
import { keys } from "../../../kv/keys.ts";
import { listPromptEvents } from "../../../kv/prompt_events.ts";
import { listSystemPromptVersions } from "../../../kv/prompt_history.ts";
import { getSystemPrompt, saveSystemPrompt, type StoredPrompt } from "../../../kv/prompts.ts";
import { createTestApp } from "../../helpers.ts";
import { ADMIN_EMAIL, adminHeaders, DELIVERY_ENV, sessionHeaders } from "../delivery/helpers.ts";
import { adminApi as call, savePrompt as save } from "./helpers.ts";

const DEMO_EMAIL = "demo@example.com";
const OTHER_ADMIN = "second@example.com";
const ENV = { ...DELIVERY_ENV, ADMIN_EMAILS: `${ADMIN_EMAIL},${OTHER_ADMIN}`, DEMO_EMAILS: DEMO_EMAIL };

const iso = (ms: number) => new Date(ms).toISOString();

Deno.test("prompt versions: each save is kept with its author and time, listed newest first down to v0", async () => {
  await using t = await createTestApp({ env: ENV });
  const admin = await adminHeaders(t);
  const other = await sessionHeaders(t, OTHER_ADMIN);

  const empty = await call(t, "GET", "/system-prompt/lyrics/versions", admin);
  assertEquals(empty, {
    status: 200,
    body: {
      kind: "lyrics",
      current: 0,
      truncated: false,
      versions: [{
        version: 0,
        text: DEFAULT_LYRICS_PROMPT,
        author: null,
        savedAt: null,
        restoredFrom: null,
      }],
    },
  });

  const firstAt = t.clock.now();
  await save(t, admin, "lyrics", "Write a lullaby.");
  t.clock.advance(60_000);
  await save(t, other, "lyrics", "Write a rock anthem.");
  await save(t, admin, "tags", "Pick tags.");

  const list = await call(t, "GET", "/system-prompt/lyrics/versions", admin);
  assertEquals(list.status, 200);
  assertEquals(list.body.current, 2);
  assertEquals(list.body.versions, [
    {
      version: 2,
      text: "Write a rock anthem.",
      author: OTHER_ADMIN,
      savedAt: iso(firstAt + 60_000),
      restoredFrom: null,
    },
    { version: 1, text: "Write a lullaby.", author: ADMIN_EMAIL, savedAt: iso(firstAt), restoredFrom: null },
    { version: 0, text: DEFAULT_LYRICS_PROMPT, author: null, savedAt: null, restoredFrom: null },
  ]);
  const tags = await call(t, "GET", "/system-prompt/tags/versions", admin);
  assertEquals(
    tags.body.versions.map((entry: { version: number }) => entry.version),
    [1, 0],
    "each kind its own",
  );
  assertEquals(tags.body.versions[1].text, DEFAULT_TAGS_PROMPT);

  // Each save wrote its version record and its staff event with the pointer, in one write.
  const stored = await t.kv.get<StoredPrompt>(keys.systemPromptVersion("lyrics", 2));
  assertEquals(stored.value?.updatedBy, OTHER_ADMIN);
  const pointer = await t.kv.get(keys.systemPrompt("lyrics"));
  const events = await listPromptEvents(t.kv, "live", "lyrics");
  assertEquals(events.map((event) => [event.message, event.context.by, event.occurredAt]), [
    ["Lyrics prompt saved as version 1 by boss@example.com.", ADMIN_EMAIL, iso(firstAt)],
    [`Lyrics prompt saved as version 2 by ${OTHER_ADMIN}.`, OTHER_ADMIN, iso(firstAt + 60_000)],
  ]);
  const eventEntry = await t.kv.get(keys.promptEvent("live", "lyrics", events[1].id));
  assertEquals(eventEntry.versionstamp, pointer.versionstamp, "the event is committed with the save");
  assertEquals(stored.versionstamp, pointer.versionstamp, "the version is committed with the save");
});

Deno.test("prompt versions: a restore saves the old text as a new version, with a staff event; history stays", async () => {
  await using t = await createTestApp({ env: ENV });
  const admin = await adminHeaders(t);
  await save(t, admin, "lyrics", "One.");
  await save(t, admin, "lyrics", "Two.");
  t.clock.advance(5_000);
  const restoredAt = t.clock.now();
  const other = await sessionHeaders(t, OTHER_ADMIN);

  const restored = await call(t, "POST", "/system-prompt/lyrics/versions/1/restore", other);
  assertEquals(restored, {
    status: 200,
    body: {
      message: "Lyrics prompt version 1 restored as version 3.",
      kind: "lyrics",
      prompt: "One.",
      version: 3,
      updatedAt: iso(restoredAt),
      updatedBy: OTHER_ADMIN,
      isDefault: false,
    },
  });
  assertEquals(await getSystemPrompt(t.kv, "lyrics", "live"), { prompt: "One.", version: 3 });
  const list = await listSystemPromptVersions(t.kv, "lyrics", "live");
  assertEquals(
    list.versions.map((entry) => [entry.version, entry.text, entry.author, entry.restoredFrom]),
    [[3, "One.", OTHER_ADMIN, 1], [2, "Two.", ADMIN_EMAIL, null], [1, "One.", ADMIN_EMAIL, null], [
      0,
      DEFAULT_LYRICS_PROMPT,
      null,
      null,
    ]],
    "versions 1 and 2 are untouched",
  );
  const last = (await listPromptEvents(t.kv, "live", "lyrics")).at(-1)!;
  assertEquals(last.message, `Lyrics prompt version 1 restored as version 3 by ${OTHER_ADMIN}.`);
  assertEquals(last.occurredAt, iso(restoredAt));
  assertEquals(last.context, {
    by: OTHER_ADMIN,
    action: "prompt-restore",
    kind: "lyrics",
    scope: "live",
    version: 3,
    restoredFrom: 1,
  });

  // The shipped default can be brought back too, as a version of its own.
  const fromDefault = await call(t, "POST", "/system-prompt/lyrics/versions/0/restore", admin);
  assertEquals([fromDefault.status, fromDefault.body.version, fromDefault.body.prompt], [
    200,
    4,
    DEFAULT_LYRICS_PROMPT,
  ]);
  assertEquals(fromDefault.body.isDefault, false);
});

Deno.test("prompt versions: an unknown or malformed version is a JSON 404; the one in use is a 409", async () => {
  await using t = await createTestApp({ env: ENV });
  const admin = await adminHeaders(t);
  await save(t, admin, "tags", "First tags.");
  for (const version of ["2", "99", "-1", "1.5", "abc", "1e3", "0x1", "1234567890"]) {
    const answer = await call(t, "POST", `/system-prompt/tags/versions/${version}/restore`, admin);
    assertEquals(answer.status, 404, version);
    assertEquals(answer.body.message, `The tags prompt has no version ${version}.`, version);
  }
  const current = await call(t, "POST", "/system-prompt/tags/versions/1/restore", admin);
  assertEquals([current.status, current.body.message], [409, "Version 1 is already the tags prompt in use."]);
  assertEquals((await getSystemPrompt(t.kv, "tags", "live")).version, 1, "nothing was saved");
  assertEquals((await listPromptEvents(t.kv, "live", "tags")).length, 1, "only the save was recorded");
});

Deno.test("prompt versions: visitors get 401 and customers 403; a demo user sees and restores the demo scope", async () => {
  await using t = await createTestApp({ env: ENV });
  const admin = await adminHeaders(t);
  const customer = await sessionHeaders(t, "ann@example.com");
  const demo = await sessionHeaders(t, DEMO_EMAIL);
  await save(t, admin, "lyrics", "Live one.");
  await save(t, admin, "lyrics", "Live two.");

  for (const [method, path] of [["GET", "/versions"], ["POST", "/versions/1/restore"]]) {
    const visitor = await call(t, method, `/system-prompt/lyrics${path}`, {});
    assertEquals([visitor.status, typeof visitor.body.message], [401, "string"], `${method} ${path}`);
    const refused = await call(t, method, `/system-prompt/lyrics${path}`, customer);
    assertEquals([refused.status, typeof refused.body.message], [403, "string"], `${method} ${path}`);
  }
  assertEquals((await getSystemPrompt(t.kv, "lyrics", "live")).version, 2, "nothing refused was saved");

  // Demo users see the live history until they save; what they restore goes to their own scope.
  const seen = await call(t, "GET", "/system-prompt/lyrics/versions", demo);
  assertEquals(seen.body.versions.map((entry: { version: number }) => entry.version), [2, 1, 0]);
  await save(t, demo, "lyrics", "Demo one.");
  await save(t, demo, "lyrics", "Demo two.");
  const restored = await call(t, "POST", "/system-prompt/lyrics/versions/1/restore", demo);
  assertEquals([restored.status, restored.body.prompt, restored.body.version], [200, "Demo one.", 3]);
  assertEquals(await getSystemPrompt(t.kv, "lyrics", "live"), { prompt: "Live two.", version: 2 });
  const demoList = await listSystemPromptVersions(t.kv, "lyrics", "demo");
  assertEquals(demoList.versions.map((entry) => entry.author), [DEMO_EMAIL, DEMO_EMAIL, DEMO_EMAIL, null]);
  assertEquals((await listPromptEvents(t.kv, "demo", "lyrics")).map((event) => event.context.action), [
    "prompt-save",
    "prompt-save",
    "prompt-restore",
  ]);
  assertEquals((await listPromptEvents(t.kv, "live", "lyrics")).length, 2, "the live record is untouched");
});

Deno.test("prompt versions: a long history lists the newest 30; a pointer without its record still shows", async () => {
  await using t = await createTestApp({ env: ENV });
  for (let i = 1; i <= 32; i++) {
    await saveSystemPrompt(t.kv, "tags", `Tags ${i}.`, ADMIN_EMAIL, t.clock.now(), "live");
  }
  const long = await listSystemPromptVersions(t.kv, "tags", "live");
  assertEquals([long.current, long.versions.length, long.truncated], [32, 30, true]);
  assertEquals([long.versions[0].version, long.versions.at(-1)!.version], [32, 3]);

  // A prompt stored before versions were kept: the current one and the default, nothing invented.
  const old: StoredPrompt = { prompt: "Old.", version: 7, updatedAt: iso(0), updatedBy: ADMIN_EMAIL };
  await t.kv.set(keys.systemPrompt("lyrics"), old);
  const legacy = await listSystemPromptVersions(t.kv, "lyrics", "live");
  assertEquals(legacy.versions.map((entry) => [entry.version, entry.author]), [[7, ADMIN_EMAIL], [0, null]]);
  assert(!legacy.truncated);
});
