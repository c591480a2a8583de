/** Deno KV's `getMany` reads at most this many keys at once. */
const GET_MANY_LIMIT = 10;

/** The entries of any number of keys, in the keys' order, read `GET_MANY_LIMIT` at a time. */
export async function getManyInChunks<T>(
  kv: Deno.Kv,
  keys: readonly Deno.KvKey[],
): Promise<Deno.KvEntryMaybe<T>[]> {
  const entries: Deno.KvEntryMaybe<T>[] = [];
  for (let i = 0; i < keys.length; i += GET_MANY_LIMIT) {
    entries.push(...await kv.getMany<T[]>(keys.slice(i, i + GET_MANY_LIMIT)));
  }
  return entries;
}
