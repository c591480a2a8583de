import { parseConfig } from "../../../domain/config.ts";
import { createBlobStore, objectKeyOf } from "../../../kv/blob_store.ts";
import { createS3Bucket } from "../../../providers/blobs/s3.ts";
import { startLoopbackS3 } from "../../../fakes/s3_server.ts";
import { concatBytes } from "../../../domain/bytes.ts";
import { createDeps } from "../../../deps.ts";
import { assert, assertEquals, assertMatch, assertRejects } from "@std/assert";
import { DumpError, readLines, restoreDump, writeDump } from "../../../kv/dump.ts";
import { APP_DUMP_POLICY, EPHEMERAL_PREFIXES } from "../../../kv/dump_policy.ts";
import { keys } from "../../../kv/keys.ts";
import type { Session } from "../../../kv/sessions.ts";
import { createApp } from "../../../routes/app.ts";
import { writeSampleOrders } from "../../../tools/sample_orders.ts";
import { synthMp3 } from "../../../fakes/audio_files.ts";
import { createTestApp, jsonBody, signIn, type TestApp } from "../../helpers.ts";
import { countersAndTruth } from "../admin/helpers.ts";
import { ADMIN_EMAIL, adminCall, sessionHeaders } from "../delivery/helpers.ts";
import { clockWorker, stepUntil } from "../jobs/helpers.ts";
import { createDemoOrder } from "../../../orders/demo_order.ts";
import { orderFormSchema } from "../../../domain/order/orders.ts";
import { orderForm, payLocally, startCheckout } from "../orders/helpers.ts";

/** Dumps `kv` into memory (tests only: the tools stream to a file). */
async function dumpToMemory(kv: Deno.Kv, options: Parameters<typeof writeDump>[2] = {}) {
  const chunks: Uint8Array[] = [];
  const summary = await writeDump(
    kv,
    new WritableStream({ write: (chunk) => void chunks.push(chunk) }),
    options,
  );
  const text = new TextDecoder().decode(concatBytes(chunks));
  return { summary, text, lines: text.split("\n").slice(0, -1) };
}

const linesOf = (text: string) => readLines(ReadableStream.from([new TextEncoder().encode(text)]));

/** Every entry of a store, KvU64 counters as bigints (assertEquals sees no fields on a KvU64). */
async function entriesOf(kv: Deno.Kv, skip: string[] = []) {
  const entries: [Deno.KvKey, unknown][] = [];
  for await (const entry of kv.list({ prefix: [] })) {
    if (skip.includes(String(entry.key[0]))) continue;
    const value = entry.value instanceof Deno.KvU64 ? { u64: entry.value.value } : entry.value;
    entries.push([entry.key, value]);
  }
  return entries;
}

async function uploadSong(t: TestApp, headers: Record<string, string>, bytes: Uint8Array) {
  const form = new FormData();
  form.append("audioFile", new File([bytes as Uint8Array<ArrayBuffer>], "song.mp3", { type: "audio/mpeg" }));
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const body = new Uint8Array(await request.arrayBuffer());
  const response = await t.request("/api/admin/songs/upload-multipart", {
    method: "POST",
    headers: {
      ...headers,
      "content-type": request.headers.get("content-type")!,
      "content-length": String(body.byteLength),
    },
    body,
  });
  assertEquals(response.status, 201);
  return await response.json();
}

/**
 * A shop after a busy hour, made through the app's own code: a customer signed in by magic link, a
 * guest who paid on the local checkout, songs made by the local studio (events, debug texts, audio
 * blobs), one approved, a staff upload, a referral code, saved prompts, and orders in every state.
 */
async function busyShop(t: TestApp) {
  const customer = await signIn(t, "parent@example.com");
  const admin = await sessionHeaders(t, ADMIN_EMAIL);
  const checkout = await startCheckout(t, orderForm({ parentEmail: "guest@example.com", childName: "Zoë" }));
  await payLocally(t, checkout.body.sessionId);
  // Someone else stopped at the payment page: their draft waits for a payment that may still come.
  await startCheckout(t, orderForm({ parentEmail: "later@example.com" }));
  const paid = await (await t.request("/api/guest/orders", jsonBody({ sessionId: checkout.body.sessionId })))
    .json();
  const placed = [paid];
  for (const childName of ["Mia Rose", "Leo", "Ava"]) {
    // Placed on the test's clock, as the paid order was, so the sessions stay current as it steps.
    const form = orderFormSchema.parse(orderForm({ childName, parentEmail: "parent@example.com" }));
    placed.push(await createDemoOrder(t.deps, form, customer.user.id));
  }
  const made = [];
  {
    // The rest is written with the worker gone, so the store holds still while it is dumped.
    await using worker = clockWorker(t);
    for (const order of placed) made.push(await stepUntil(t, worker, order.id));
  }
  for (const order of made) assertEquals(order.status, "completed", order.error ?? "");
  assertEquals((await adminCall(t, admin, made[1].id, "approve")).status, 200);
  await uploadSong(t, admin, synthMp3());
  const code = await t.request(
    "/api/admin/referral-codes",
    jsonBody({
      code: "SPRING-25",
      discountType: "percentage",
      discountValue: 25,
      usageLimit: null,
      expiresAt: null,
      description: "Spring newsletter",
    }, { headers: admin }),
  );
  assertEquals(code.status, 201);
  for (const prompt of ["Write a lullaby.", "Write a lullaby, gently."]) {
    const saved = await t.request(
      "/api/admin/system-prompt/lyrics",
      jsonBody({ prompt }, { headers: admin }),
    );
    assertEquals(saved.status, 200);
  }
  await writeSampleOrders(t.kv, 40);
  return { customer, admin, song: made[2] };
}

Deno.test("a busy shop survives dump and restore entry for entry, and the app works on the copy", async () => {
  await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL, JOB_QUEUE: "off" } });
  const { customer, admin, song } = await busyShop(t);
  const now = t.clock.now();

  const dump = await dumpToMemory(t.kv, { now });
  const header = JSON.parse(dump.lines[0]);
  assertEquals([header.format, header.version, header.app], ["little-hits-kv-dump", 1, "little-hits"]);
  assertEquals(header.skippedPrefixes, EPHEMERAL_PREFIXES);
  assertEquals(JSON.parse(dump.lines.at(-1)!), {
    end: true,
    count: dump.summary.entries,
    sha256: dump.summary.sha256,
  });
  assert(
    dump.summary.skipped > 0,
    "the sign-in left ephemeral entries (rate limits, mail) that were left out",
  );
  const sessionLine = dump.lines.find((line) => line.startsWith('{"k":["sessions",'))!;
  const session = JSON.parse(sessionLine);
  assertEquals(session.x, Date.parse((session.v as Session).expiresAt), "a session keeps its expiry");

  await using restored = await Deno.openKv(":memory:");
  const summary = await restoreDump(restored, linesOf(dump.text), { now });
  assertEquals([summary.entries, summary.written, summary.expired], [
    dump.summary.entries,
    dump.summary.entries,
    0,
  ]);

  const original = await entriesOf(t.kv, EPHEMERAL_PREFIXES);
  assertEquals(original.length, dump.summary.entries);
  assertEquals(await entriesOf(restored), original, "every key and value, byte for byte");
  const kinds = new Set(original.map(([key]) => String(key[0])));
  for (
    const kind of [
      "users",
      "sessions",
      "orders",
      "order_events",
      "order_debug",
      "blob_chunks",
      "blobs",
      "song_uploads",
      "referral_codes",
      "system_prompt_versions",
      "checkout_drafts",
      "local_checkout",
      "order_counts",
      "order_block_counts",
    ]
  ) assert(kinds.has(kind), `the shop had ${kind} to copy`);
  const counters = await countersAndTruth(restored);
  assertEquals(counters.stored, counters.truth, "counters equal their recount");
  assertEquals(
    (await dumpToMemory(restored, { now })).summary.sha256,
    dump.summary.sha256,
    "dumped again: same",
  );

  // The app on the copy: the customer's session still opens their order and its song streams.
  const copy = createApp(
    createDeps({ kv: restored, config: t.config, providers: t.providers, clock: t.clock }),
  );
  const bearer = { authorization: `Bearer ${customer.token}` };
  const me = async (app: { request: typeof copy.request }) =>
    await (await app.request("/api/auth/user", { headers: bearer })).json();
  assertEquals(await me(copy), await me(t.app));
  assertEquals((await me(copy)).role, "user", "signed in on the copy with the same token");
  const view = async (app: { request: typeof copy.request }) => {
    const response = await app.request(`/api/orders/${song.id}`, { headers: bearer });
    return { status: response.status, body: await response.json() };
  };
  const seen = await view(copy);
  assertEquals([seen.status, seen.body.orderNumber], [200, song.orderNumber]);
  assertEquals(seen, await view(t.app), "the customer sees the same order on the copy");
  // A song in review, which only staff hear.
  const audio = await copy.request(new URL(song.songUrl!).pathname, {
    headers: { ...admin, range: "bytes=100-" },
  });
  assertEquals(audio.status, 206);
  const fromCopy = new Uint8Array(await audio.arrayBuffer());
  const onOriginal = await t.request(new URL(song.songUrl!).pathname, { headers: admin });
  const fromOriginal = new Uint8Array(await onOriginal.arrayBuffer());
  assertEquals(fromCopy, fromOriginal.subarray(100));
  const list = await copy.request("/api/admin/orders?filter=all", { headers: admin });
  assertEquals((await list.json()).total, counters.truth.counts.all);
});

Deno.test("every kind of key part and value KV can hold comes back identical", async () => {
  await using kv = await Deno.openKv(":memory:");
  const keyParts: Deno.KvKey = ["mixed", "text ✓", 42, -0.5, 12n, true, false, new Uint8Array([0, 255, 7])];
  const value = {
    text: "Zoë 🎵 \u2028 \ud800 lone surrogate",
    numbers: [0, -0, 1.5, NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER],
    big: 2n ** 70n,
    when: new Date("2026-01-15T12:00:00Z"),
    never: new Date(Number.NaN),
    bytes: new Uint8Array([1, 2, 3]),
    words: new Int16Array([-1, 300]),
    raw: new Uint8Array([9, 8]).buffer,
    map: new Map<unknown, unknown>([["a", 1], [2, new Set(["x"])]]),
    pattern: /ab+c/gi,
    missing: undefined,
    nothing: null,
    looksLikeATag: { $bytes: "not base64, just data" },
    dollars: { $a: 1, $b: 2 },
    ["__proto__"]: { polluted: true },
    nested: [[{ deep: [1n] }]],
  };
  await kv.set(keyParts, value);
  await kv.set(["counter"], new Deno.KvU64(18446744073709551615n));
  await kv.set(["empty"], "");

  const dump = await dumpToMemory(kv);
  await using copy = await Deno.openKv(":memory:");
  await restoreDump(copy, linesOf(dump.text));
  assertEquals(await entriesOf(copy), await entriesOf(kv));
  const stored = (await copy.get<typeof value>(keyParts)).value!;
  assert(Object.is(stored.numbers[1], -0) && Object.hasOwn(stored, "missing"), "-0 and undefined kept");
  assertEquals(({} as Record<string, unknown>).polluted, undefined, "a __proto__ key stays data");
  assertEquals(Object.getOwnPropertyDescriptor(stored, "__proto__")?.value, { polluted: true });
  assertEquals((await copy.get<Deno.KvU64>(["counter"])).value?.value, 18446744073709551615n);
  const summed = await copy.atomic().sum(["counter"], 1n).commit();
  assert(summed.ok, "a restored counter is still a KvU64 that sum() adds to");
});

Deno.test("a cut, damaged or tampered dump is refused with its line, and nothing is left behind", async () => {
  await using kv = await Deno.openKv(":memory:");
  await writeSampleOrders(kv, 100);
  const dump = await dumpToMemory(kv);
  assert(dump.lines.length > 1000, "enough lines to span several commits");
  const refused = async (text: string, pattern: RegExp) => {
    await using target = await Deno.openKv(":memory:");
    const error = await assertRejects(() => restoreDump(target, linesOf(text)), DumpError);
    assertMatch(error.message, pattern);
    assertEquals((await entriesOf(target)).length, 0, `rolled back after: ${error.message}`);
    return error;
  };
  const last = dump.lines.length;

  // Cut at a line break: every line parses, only the end line is missing.
  await refused(
    dump.lines.slice(0, -1).join("\n") + "\n",
    new RegExp(`stops after line ${last - 1} .*cut short`),
  );
  // Cut in the middle of a line.
  await refused(dump.text.slice(0, Math.floor(dump.text.length * 0.8)), /^Line \d+: not valid JSON/);
  // One damaged line: its number is named.
  const damaged = [...dump.lines];
  damaged[499] = damaged[499].slice(0, -3);
  assertEquals((await refused(damaged.join("\n") + "\n", /^Line 500: not valid JSON/)).line, 500);
  // A value changed but still valid JSON: only the checksum can tell.
  const tampered = dump.text.replace('"status":"failed"', '"status":"completed"');
  assert(tampered !== dump.text);
  await refused(tampered, new RegExp(`^Line ${last}: the checksum does not match`));
  // A tag that does not decode.
  const badTag = [...dump.lines];
  badTag[10] = badTag[10].replace(/"v":.*\}$/, '"v":{"$u64":"minus one"}}');
  await refused(badTag.join("\n") + "\n", /^Line 11: .*not a valid \$u64/);
  // Lines after the end.
  await refused(
    dump.text + dump.lines[1] + "\n",
    new RegExp(`^Line ${last + 1}: there is more after the end`),
  );
  // Not a dump at all.
  await refused('{"hello":"world"}\n', /^Line 1: not a little-hits-kv-dump header/);
  await refused("", /empty/);
});

Deno.test("a restore refuses a store that holds data unless forced; expired entries are left out", async () => {
  await using kv = await Deno.openKv(":memory:");
  const start = Date.parse("2026-01-15T12:00:00Z");
  await kv.set(keys.user("u1"), { id: "u1", email: "ann@example.com" });
  const session = {
    userId: "u1",
    tokenHash: "h",
    createdAt: "",
    expiresAt: new Date(start + 60_000).toISOString(),
  };
  await kv.set(keys.session("h"), session);
  await kv.set(keys.rateLimit("sign-in", "ann@example.com", start), 3);
  const dump = await dumpToMemory(kv, { now: start });
  assertEquals([dump.summary.entries, dump.summary.skipped], [2, 1], "the rate limit is ephemeral");

  await using busy = await Deno.openKv(":memory:");
  await busy.set(["something"], 1);
  await assertRejects(() => restoreDump(busy, linesOf(dump.text)), DumpError, "already holds data");
  assertEquals((await entriesOf(busy)).length, 1, "untouched");
  const forced = await restoreDump(busy, linesOf(dump.text), { force: true, now: start });
  assertEquals([forced.written, (await entriesOf(busy)).length], [2, 3]);

  // Restored two minutes later: the session's minute is over, so it is not brought back.
  await using later = await Deno.openKv(":memory:");
  const summary = await restoreDump(later, linesOf(dump.text), { now: start + 120_000 });
  assertEquals([summary.written, summary.expired], [1, 1]);
  assertEquals((await later.get(keys.session("h"))).value, null);

  // Asked for, the ephemeral entries come too.
  const everything = await dumpToMemory(kv, { includeEphemeral: true });
  assertEquals([everything.summary.entries, everything.summary.skipped], [3, 0]);
});

Deno.test("the dump policy names only prefixes the app's keys use", () => {
  const prefixes = new Set(
    Object.values(keys).map((build) =>
      String((build as (...parts: unknown[]) => Deno.KvKey)("a", "b", "c")[0])
    ),
  );
  for (const prefix of Object.keys(APP_DUMP_POLICY)) {
    assert(prefixes.has(prefix), `${prefix} is in kv/keys.ts`);
  }
});

/** The CLIs as an operator runs them, on KV files. */
async function run(tool: string, ...args: string[]) {
  return await runWith({ KV_PATH: "/nonexistent/should-not-be-used.kv" }, tool, ...args);
}

async function runWith(env: Record<string, string>, tool: string, ...args: string[]) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `tools/${tool}.ts`, ...args],
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: output.code, stderr: new TextDecoder().decode(output.stderr) };
}

Deno.test("db:dump and db:restore copy one KV file to another and refuse what they must", async () => {
  const dir = await Deno.makeTempDir({ prefix: "dump_restore_" });
  try {
    const source = `${dir}/source.kv`;
    {
      await using kv = await Deno.openKv(source);
      await writeSampleOrders(kv, 20);
    }
    const dumpFile = `${dir}/backup.jsonl`;
    const dumped = await run("db_dump", "--kv", source, "--out", dumpFile);
    assertEquals(dumped.code, 0, dumped.stderr);
    assertMatch(dumped.stderr, /Dumped \d+ entries/);
    assertEquals([...Deno.readDirSync(dir)].some((entry) => entry.name.endsWith(".partial")), false);

    const target = `${dir}/target.kv`;
    const restored = await run("db_restore", "--kv", target, "--in", dumpFile);
    assertEquals(restored.code, 0, restored.stderr);
    assertMatch(restored.stderr, /Checked .* count and checksum right\.\nRestored \d+ entries/);
    {
      await using a = await Deno.openKv(source);
      await using b = await Deno.openKv(target);
      assertEquals(await entriesOf(b), await entriesOf(a));
    }

    const again = await run("db_restore", "--kv", target, "--in", dumpFile);
    assertEquals(again.code, 1);
    assertMatch(again.stderr, /already holds data.*--force/);
    assertEquals((await run("db_restore", "--kv", target, "--in", dumpFile, "--force")).code, 0);

    const cut = `${dir}/cut.jsonl`;
    const text = await Deno.readTextFile(dumpFile);
    await Deno.writeTextFile(cut, text.slice(0, text.lastIndexOf('{"end"')));
    const fresh = `${dir}/fresh.kv`;
    const refused = await run("db_restore", "--kv", fresh, "--in", cut);
    assertEquals(refused.code, 1);
    assertMatch(refused.stderr, /cut short/);
    assertEquals(await exists(fresh), false, "a bad file is found before the target is opened");

    const missing = await run("db_dump", "--kv", `${dir}/typo.kv`);
    assertEquals(missing.code, 1);
    assertMatch(missing.stderr, /There is no KV file at/);
    assertEquals(await exists(`${dir}/typo.kv`), false, "no empty store made by mistake");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("db:dump and db:restore refuse KV_PATH=:default: away from Deno Deploy and name the KV Connect URL", async () => {
  // Off Deno Deploy, `:default:` would open Deno's local per-script file: an empty store, not the app's.
  const attempts = [
    await runWith({ KV_PATH: ":default:" }, "db_dump"),
    await runWith({ KV_PATH: "/nonexistent/should-not-be-used.kv" }, "db_dump", "--kv", ":default:"),
    await runWith({ KV_PATH: ":default:" }, "db_restore", "--in", "/nonexistent/backup.jsonl"),
  ];
  for (const { code, stderr } of attempts) {
    assertEquals(code, 1, stderr);
    const lines = stderr.trim().split("\n");
    assertEquals(lines.length, 1, stderr);
    assertMatch(
      lines[0],
      /^db:(dump|restore) failed: KV_PATH=:default: means Deno Deploy's own database only/,
    );
    assertMatch(lines[0], /KV_PATH=https:\/\/api\.deno\.com\/v2\/databases\/<database-id>\/connect/);
  }
});

async function exists(path: string) {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

Deno.test("a dump holds the audio kept in KV and the records of the bucket's; a restore looks for each of those in the bucket", async () => {
  await using s3 = await startLoopbackS3();
  const dir = await Deno.makeTempDir({ prefix: "dump_restore_bucket_" });
  try {
    const source = `${dir}/source.kv`;
    let inBucket = "";
    {
      await using kv = await Deno.openKv(source);
      const bucket = createS3Bucket(parseConfig({ APP_ENV: "test", ...s3.env }).blobs.s3!);
      const mp3 = { contentType: "audio/mpeg", now: Date.now() };
      await createBlobStore(kv, null, "kv").put(new Uint8Array(70_000).fill(1), mp3);
      inBucket = (await createBlobStore(kv, bucket, "s3").put(new Uint8Array(50_000).fill(2), mp3)).id;
    }
    const dumpFile = `${dir}/backup.jsonl`;
    const dumped = await runWith({ ...s3.env, KV_PATH: source }, "db_dump", "--out", dumpFile);
    assertEquals(dumped.code, 0, dumped.stderr);
    assertMatch(
      dumped.stderr,
      /1 songs' audio in KV; 1 in bucket little-hits-songs, not copied into the dump\./,
    );

    const restored = await runWith({ ...s3.env, KV_PATH: `${dir}/a.kv` }, "db_restore", "--in", dumpFile);
    assertEquals(restored.code, 0, restored.stderr);
    assertMatch(restored.stderr, /1 songs' audio in KV; 1 in bucket little-hits-songs/);

    // Restored against a bucket that lacks the song: said at once, by name, and the exit code says so.
    const bucket = createS3Bucket(parseConfig({ APP_ENV: "test", ...s3.env }).blobs.s3!);
    await bucket.deleteObject(objectKeyOf(inBucket));
    const lacking = await runWith({ ...s3.env, KV_PATH: `${dir}/b.kv` }, "db_restore", "--in", dumpFile);
    assertEquals(lacking.code, 1, lacking.stderr);
    assertMatch(lacking.stderr, new RegExp(`1 of those missing from bucket little-hits-songs: ${inBucket}`));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
