import { createHash } from "node:crypto";
import { decodeKey, decodeValue, encodeKey, encodeValue } from "./dump_codec.ts";
import { APP_DUMP_POLICY, type PrefixPolicy } from "./dump_policy.ts";

/**
 * A whole Deno KV as JSON lines, and back (docs/migrations.md, "Dump and restore"). Both directions
 * stream: the dump walks `kv.list` page by page, the restore commits in batches as lines arrive, so
 * neither holds the store in memory.
 *
 *   line 1     {"format":"little-hits-kv-dump","version":1,"app":"little-hits","createdAt":…,…}
 *   each entry {"k":[key parts],"v":value,"x":expires at (ms, only for entries that expire)}
 *   last line  {"end":true,"count":entries,"sha256":hex of every line before it, each with its "\n"}
 *
 * Keys and values use the tagged encoding of kv/dump_codec.ts. Versionstamps are not kept: KV gives
 * every restored entry a new one. Expiries are re-derived, as kv/dump_policy.ts explains.
 */
const DUMP_FORMAT = "little-hits-kv-dump";
const DUMP_VERSION = 1;

export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  version: number;
  app: "little-hits";
  createdAt: string;
  /** Ephemeral prefixes the dump left out (kv/dump_policy.ts), empty with --include-ephemeral. */
  skippedPrefixes: string[];
}

export interface DumpSummary {
  entries: number;
  /** Entries under ephemeral prefixes that were left out. */
  skipped: number;
  bytes: number;
  sha256: string;
}

export interface RestoreSummary {
  header: DumpHeader;
  /** Entry lines in the dump (verified against its last line). */
  entries: number;
  written: number;
  /** Entries whose expiry had passed by the time of the restore: not written. */
  expired: number;
  commits: number;
}

/** A dump that cannot be trusted, or a target that must not be written; `line` is 1-based. */
export class DumpError extends Error {
  constructor(message: string, readonly line?: number) {
    super(line === undefined ? message : `Line ${line}: ${message}`);
    this.name = "DumpError";
  }
}

export interface DumpOptions {
  includeEphemeral?: boolean;
  policy?: Record<string, PrefixPolicy>;
  now?: number;
}

/** Writes the dump of `kv` to `out` in chunks of about 64 KB, and closes it. */
export async function writeDump(
  kv: Deno.Kv,
  out: WritableStream<Uint8Array>,
  options: DumpOptions = {},
): Promise<DumpSummary> {
  const policy = options.policy ?? APP_DUMP_POLICY;
  const skippedPrefixes = options.includeEphemeral
    ? []
    : Object.keys(policy).filter((prefix) => policy[prefix].ephemeral);
  const writer = out.getWriter();
  const encoder = new TextEncoder();
  const hash = createHash("sha256");
  let pending: string[] = [];
  let pendingLength = 0;
  let bytes = 0;
  const push = async (line: string, hashed = true) => {
    if (hashed) hash.update(line + "\n", "utf8");
    pending.push(line);
    pendingLength += line.length + 1;
    if (pendingLength >= 64_000) await flush();
  };
  const flush = async () => {
    const chunk = encoder.encode(pending.join("\n") + "\n");
    bytes += chunk.byteLength;
    pending = [];
    pendingLength = 0;
    await writer.write(chunk);
  };

  try {
    const header: DumpHeader = {
      format: DUMP_FORMAT,
      version: DUMP_VERSION,
      app: "little-hits",
      createdAt: new Date(options.now ?? Date.now()).toISOString(),
      skippedPrefixes,
    };
    await push(JSON.stringify(header));
    let entries = 0;
    let skipped = 0;
    // Blob chunks are ~60 KB each: pages of 100 keep a page of them near 6 MB.
    for await (const entry of kv.list({ prefix: [] }, { batchSize: 100 })) {
      const top = typeof entry.key[0] === "string" ? entry.key[0] : "";
      if (skippedPrefixes.includes(top)) {
        skipped++;
        continue;
      }
      const line: Record<string, unknown> = {
        k: encodeKey(entry.key),
        v: encodeValue(entry.value, `value of ${JSON.stringify(encodeKey(entry.key))}`),
      };
      const expiresAt = policy[top]?.expiresAt?.(entry.value, entry.key);
      if (typeof expiresAt === "number") line.x = expiresAt;
      await push(JSON.stringify(line));
      entries++;
    }
    const sha256 = hash.digest("hex");
    await push(JSON.stringify({ end: true, count: entries, sha256 }), false);
    await flush();
    await writer.close();
    return { entries, skipped, bytes, sha256 };
  } catch (error) {
    await writer.abort(error).catch(() => {});
    throw error;
  } finally {
    writer.releaseLock();
  }
}

/** The lines of a UTF-8 byte stream, without their "\n" (a "\r" before it is kept: it would be data). */
export async function* readLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let rest = "";
  for await (const chunk of stream) {
    const parts = (rest + decoder.decode(chunk, { stream: true })).split("\n");
    rest = parts.pop()!;
    yield* parts;
  }
  rest += decoder.decode();
  if (rest) yield rest;
}

export interface RestoreOptions {
  /** Write into a store that already holds entries (they are overwritten or kept, never cleared). */
  force?: boolean;
  now?: number;
}

/** Per atomic commit, well inside KV's limits (1,000 mutations, 800 KB in all, 80 KB of keys). */
const BATCH_ENTRIES = 500;
const BATCH_BYTES = 500_000;
const BATCH_KEY_BYTES = 60_000;

interface PendingSet {
  key: Deno.KvKey;
  value: unknown;
  expireIn?: number;
}

/**
 * Reads a dump and checks every line, the count and the checksum, writing nothing (`kv` null), or
 * restores it into `kv`. Writes go out before the last line has been read, so a dump found bad
 * part-way is rolled back: the target was empty, so everything in it is removed again. With `force`
 * on a store that held data there is nothing to roll back to, and the error says so.
 */
export async function restoreDump(
  kv: Deno.Kv | null,
  lines: AsyncIterable<string>,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const now = options.now ?? Date.now();
  const wasEmpty = kv ? await isEmpty(kv) : true;
  if (kv && !wasEmpty && !options.force) {
    throw new DumpError(
      "The target KV already holds data; restore only into an empty store (or use --force).",
    );
  }
  let batch: PendingSet[] = [];
  let batchBytes = 0;
  let batchKeyBytes = 0;
  let written = 0;
  let commits = 0;
  const flush = async () => {
    if (kv && batch.length) {
      commits += await commitSets(kv, batch);
      written += batch.length;
    }
    batch = [];
    batchBytes = 0;
    batchKeyBytes = 0;
  };

  try {
    let header: DumpHeader | null = null;
    let trailer = false;
    let lineNumber = 0;
    let entries = 0;
    let expired = 0;
    const hash = createHash("sha256");
    for await (const line of lines) {
      lineNumber++;
      if (trailer) throw new DumpError("there is more after the end line.", lineNumber);
      const parsed = parseLine(line, lineNumber);
      if (!header) {
        header = checkHeader(parsed, lineNumber);
      } else if ("end" in parsed) {
        checkTrailer(parsed, entries, hash.digest("hex"), lineNumber);
        trailer = true;
        continue;
      } else {
        const entry = decodeEntry(parsed, lineNumber);
        entries++;
        if (entry.expiresAt !== undefined && entry.expiresAt <= now) {
          expired++;
        } else {
          const keyBytes = JSON.stringify(parsed.k).length;
          // Conservative stand-ins for KV's own sizes; commitSets halves a batch KV still refuses.
          if (
            batch.length === BATCH_ENTRIES || batchBytes + line.length > BATCH_BYTES ||
            batchKeyBytes + keyBytes > BATCH_KEY_BYTES
          ) await flush();
          batch.push({
            key: entry.key,
            value: entry.value,
            expireIn: entry.expiresAt === undefined ? undefined : entry.expiresAt - now,
          });
          batchBytes += line.length;
          batchKeyBytes += keyBytes;
        }
      }
      hash.update(line + "\n", "utf8");
    }
    if (!header) throw new DumpError("The dump is empty.");
    if (!trailer) {
      throw new DumpError(`The dump stops after line ${lineNumber} without its end line: it was cut short.`);
    }
    await flush();
    return { header, entries, written, expired, commits };
  } catch (error) {
    if (kv && written > 0) {
      if (wasEmpty) {
        await clearStore(kv);
        throw withNote(error, "Nothing was kept: the entries already written were removed again.");
      }
      throw withNote(error, `${written} entries were already written into the non-empty target (--force).`);
    }
    throw error;
  }
}

function parseLine(line: string, lineNumber: number): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new DumpError(`not valid JSON (${line.length > 60 ? `${line.slice(0, 60)}…` : line}).`, lineNumber);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new DumpError("not a JSON object.", lineNumber);
  }
  return parsed as Record<string, unknown>;
}

function checkHeader(parsed: Record<string, unknown>, lineNumber: number): DumpHeader {
  if (parsed.format !== DUMP_FORMAT) throw new DumpError(`not a ${DUMP_FORMAT} header.`, lineNumber);
  if (parsed.version !== DUMP_VERSION) {
    throw new DumpError(
      `dump format version ${parsed.version}; this tool reads ${DUMP_VERSION}.`,
      lineNumber,
    );
  }
  return parsed as unknown as DumpHeader;
}

function checkTrailer(parsed: Record<string, unknown>, entries: number, sha256: string, lineNumber: number) {
  if (parsed.end !== true || parsed.count !== entries) {
    throw new DumpError(`the end line counts ${parsed.count} entries, but ${entries} were read.`, lineNumber);
  }
  if (parsed.sha256 !== sha256) {
    throw new DumpError("the checksum does not match: the dump was changed or damaged.", lineNumber);
  }
}

function decodeEntry(parsed: Record<string, unknown>, lineNumber: number) {
  try {
    const key = decodeKey(parsed.k);
    if (key.length === 0) throw new Error("the key is empty.");
    if (!("v" in parsed)) throw new Error("the entry has no value.");
    const expiresAt = parsed.x;
    if (expiresAt !== undefined && !Number.isFinite(expiresAt)) throw new Error("x is not a time in ms.");
    return { key, value: decodeValue(parsed.v), expiresAt: expiresAt as number | undefined };
  } catch (error) {
    throw new DumpError(error instanceof Error ? error.message : String(error), lineNumber);
  }
}

/** Commits the sets; a batch KV finds too large is split in two. Answers how many commits it took. */
async function commitSets(kv: Deno.Kv, sets: PendingSet[]): Promise<number> {
  const operation = kv.atomic();
  for (const set of sets) operation.set(set.key, set.value, set.expireIn ? { expireIn: set.expireIn } : {});
  try {
    const result = await operation.commit();
    if (!result.ok) throw new DumpError("KV refused a batch of the restore.");
    return 1;
  } catch (error) {
    const tooBig = error instanceof Error && /too large|too many/i.test(error.message);
    if (!tooBig || sets.length === 1) throw error;
    const half = Math.ceil(sets.length / 2);
    return await commitSets(kv, sets.slice(0, half)) + await commitSets(kv, sets.slice(half));
  }
}

async function isEmpty(kv: Deno.Kv): Promise<boolean> {
  for await (const _ of kv.list({ prefix: [] }, { limit: 1 })) return false;
  return true;
}

async function clearStore(kv: Deno.Kv) {
  let operation = kv.atomic();
  let pending = 0;
  for await (const entry of kv.list({ prefix: [] }, { batchSize: 500 })) {
    operation.delete(entry.key);
    if (++pending === 500) {
      await operation.commit();
      operation = kv.atomic();
      pending = 0;
    }
  }
  if (pending) await operation.commit();
}

function withNote(error: unknown, note: string): Error {
  if (!(error instanceof Error)) return new Error(`${String(error)} ${note}`);
  error.message = `${error.message} ${note}`;
  return error;
}
