import { keys } from "./keys.ts";

/**
 * The limits that belong to a provider's account, kept in KV so that they hold for the whole deployment
 * however many instances share the store (docs/deploy.md, "One account, many instances"). Two kinds:
 *
 * - a request window: at most `limit` calls begin in any `windowMs`. One entry holds the start times
 *   of the calls in the window; taking a place is a check of that entry and a write of it with the
 *   new start, so two instances can never both take the last place;
 * - shares of a number of places (generation slots): one entry holds every share in use, each with
 *   its holder and the time it runs out. A holder renews its shares while it works; a share whose
 *   holder died runs out after `ttlMs` and its place is free again, so a crash costs the deployment
 *   that place for at most that long, never for good.
 *
 * Both entries are rewritten whole: they are small (a window holds at most `limit` numbers, the shares
 * at most `limit` records), and one key means one check. A write that loses a race is tried again at
 * once; these entries are busy only while the account is, which is what they are for.
 */

/** The calls that began in the window, in ms since the epoch, oldest first. */
interface WindowEntry {
  begun: number[];
}

export interface Share {
  id: string;
  /** The process holding it (a worker id), to renew it and for whoever looks at a stuck deployment. */
  holder: string;
  /** When it runs out unless renewed (ms since the epoch). */
  expiresAt: number;
}

interface SharesEntry {
  shares: Share[];
}

/** Tries of one read-check-write before a caller is told to come back shortly (never an error). */
const TRIES = 8;
/** A race lost this many times in a row backs off this long, with jitter, before the caller tries again. */
const CONTENDED_MS = 20;

const jitter = (ms: number) => Math.round(ms * (0.5 + Math.random()));

/**
 * Takes a place in the request window `name` now, if there is one: answers 0 when taken, else how long
 * to wait before asking again (when the oldest call in the window ages out, or a moment when the entry
 * kept changing under us).
 */
export async function takeWindowPlace(
  kv: Deno.Kv,
  name: string,
  limits: { limit: number; windowMs: number },
  now: () => number,
): Promise<number> {
  const key = keys.sharedWindow(name);
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const entry = await kv.get<WindowEntry>(key);
    const time = now();
    const begun = (entry.value?.begun ?? []).filter((at) => at > time - limits.windowMs);
    if (begun.length >= limits.limit) {
      // Sorted on every write: the first is the one to age out next.
      return Math.max(1, begun[begun.length - limits.limit] + limits.windowMs - time);
    }
    begun.push(time);
    begun.sort((a, b) => a - b);
    const result = await kv.atomic().check(entry).set(key, { begun } satisfies WindowEntry, {
      // Only tidiness: a window nobody uses for a while is dropped.
      expireIn: 2 * limits.windowMs,
    }).commit();
    if (result.ok) return 0;
  }
  return jitter(CONTENDED_MS);
}

/** How many calls began in the window `name` in the last `windowMs` (for tests and reports). */
export async function windowInUse(kv: Deno.Kv, name: string, windowMs: number, now: number): Promise<number> {
  const entry = await kv.get<WindowEntry>(keys.sharedWindow(name));
  return (entry.value?.begun ?? []).filter((at) => at > now - windowMs).length;
}

/**
 * Takes one of `limit` places of `name` for `holder`, for `ttlMs` unless renewed: the share's id, or
 * null when every place is held (or the entry kept changing: the caller looks again later either way).
 */
export async function takeShare(
  kv: Deno.Kv,
  name: string,
  options: { limit: number; holder: string; ttlMs: number; now: number },
): Promise<string | null> {
  const key = keys.sharedShares(name);
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const entry = await kv.get<SharesEntry>(key);
    const live = liveShares(entry.value, options.now);
    if (live.length >= options.limit) return null;
    const id = crypto.randomUUID();
    live.push({ id, holder: options.holder, expiresAt: options.now + options.ttlMs });
    if (await writeShares(kv, entry, live)) return id;
    await pause(attempt);
  }
  return null;
}

/** Gives a share back; one that already ran out (and maybe went to someone else) is simply not there. */
export async function returnShare(kv: Deno.Kv, name: string, id: string, now: number): Promise<void> {
  const key = keys.sharedShares(name);
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const entry = await kv.get<SharesEntry>(key);
    const live = liveShares(entry.value, now);
    const kept = live.filter((share) => share.id !== id);
    if (kept.length === (entry.value?.shares.length ?? 0)) return;
    if (await writeShares(kv, entry, kept)) return;
    await pause(attempt);
  }
  // Lost every race: the share runs out by itself within its ttl.
}

/**
 * Renews every share `holder` still has of `name` to run out `ttlMs` from now, and answers the ids
 * it renewed. A share that ran out before this (the holder stalled past its ttl) is gone: its place
 * may be someone else's now, and the holder's work under it goes on one place over the limit until it
 * ends, which the ttl, three heartbeats long, makes rare.
 */
export async function renewShares(
  kv: Deno.Kv,
  name: string,
  holder: string,
  ttlMs: number,
  now: number,
): Promise<string[]> {
  const key = keys.sharedShares(name);
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const entry = await kv.get<SharesEntry>(key);
    const live = liveShares(entry.value, now);
    const mine = live.filter((share) => share.holder === holder);
    if (!mine.length) return [];
    for (const share of mine) share.expiresAt = now + ttlMs;
    if (await writeShares(kv, entry, live)) return mine.map((share) => share.id);
    await pause(attempt);
  }
  return [];
}

/** The shares of `name` in use now, whoever holds them. */
export async function sharesInUse(kv: Deno.Kv, name: string, now: number): Promise<Share[]> {
  return liveShares((await kv.get<SharesEntry>(keys.sharedShares(name))).value, now);
}

function liveShares(entry: SharesEntry | null, now: number): Share[] {
  return (entry?.shares ?? []).filter((share) => share.expiresAt > now);
}

async function writeShares(kv: Deno.Kv, entry: Deno.KvEntryMaybe<SharesEntry>, shares: Share[]) {
  const operation = kv.atomic().check(entry);
  if (!shares.length) operation.delete(entry.key);
  // Dropped a day after its last write, only for tidiness: a share's life is its own `expiresAt`,
  // and a holder rewrites the entry every few seconds while it holds one.
  else operation.set(entry.key, { shares } satisfies SharesEntry, { expireIn: DAY });
  return (await operation.commit()).ok;
}

const DAY = 24 * 60 * 60_000;

function pause(attempt: number) {
  return new Promise((resolve) => setTimeout(resolve, jitter(2 ** attempt)));
}
