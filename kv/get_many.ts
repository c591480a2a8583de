/** Deno KV's `getMany` reads at most this many keys at once. */
const GET_MANY_LIMIT = 10;
/**
 * Reads of one call in flight together. A page's keys (a few reads) then cost one wait in the
 * store's line instead of one each, and a long list of keys still cannot crowd that line out.
 */
const READS_AT_ONCE = 4;

/** The entries of any number of keys, in the keys' order, read `GET_MANY_LIMIT` at a time. */
export async function getManyInChunks<T>(
  kv: Deno.Kv,
  keys: readonly Deno.KvKey[],
): Promise<Deno.KvEntryMaybe<T>[]> {
  const entries: Deno.KvEntryMaybe<T>[] = [];
  const stride = GET_MANY_LIMIT * READS_AT_ONCE;
  for (let start = 0; start < keys.length; start += stride) {
    const reads = [];
    for (let i = start; i < Math.min(start + stride, keys.length); i += GET_MANY_LIMIT) {
      reads.push(kv.getMany<T[]>(keys.slice(i, i + GET_MANY_LIMIT)));
    }
    for (const read of await Promise.all(reads)) entries.push(...read);
  }
  return entries;
}
