/** Deletes per commit: well under KV's 1,000 mutations per atomic write. */
const DELETES_PER_COMMIT = 500;

/**
 * Deletes every entry under `prefix`, a batch per commit. For a migration's step that clears what it
 * is about to count again, before its first checkpoint: done twice, it clears the same.
 */
export async function deleteUnder(kv: Deno.Kv, prefix: Deno.KvKey) {
  let operation = kv.atomic();
  let pending = 0;
  for await (const entry of kv.list({ prefix })) {
    operation.delete(entry.key);
    if (++pending === DELETES_PER_COMMIT) {
      await operation.commit();
      operation = kv.atomic();
      pending = 0;
    }
  }
  if (pending) await operation.commit();
}
