import {
  PROMPT_HISTORY_LIMIT,
  type PromptKind,
  type PromptVersionEntry,
  type PromptVersionList,
} from "../domain/prompts/kinds.ts";
import type { PromptScope } from "../domain/prompts/scope.ts";
import { currentIn, readSystemPromptVersion, SCOPE_KEYS, type StoredPrompt } from "./prompts.ts";

/**
 * A system prompt's history ("who did what"): its saved versions with who saved each and
 * when (restoring one is orders/system_prompts.ts). Numbers are those of the scope whose prompt the reader sees now, as in readSystemPromptVersion.
 */
export async function listSystemPromptVersions(
  kv: Deno.Kv,
  kind: PromptKind,
  scope: PromptScope,
  limit = PROMPT_HISTORY_LIMIT,
): Promise<PromptVersionList> {
  const { from, stored: current } = await currentIn(kv, kind, scope);
  const versions: PromptVersionEntry[] = [];
  const listed = kv.list<StoredPrompt>({ prefix: SCOPE_KEYS[from].versions(kind) }, { reverse: true, limit });
  for await (const entry of listed) versions.push(entryOf(entry.value));
  const truncated = versions.length === limit && versions.at(-1)!.version > 1;
  // A pointer without its version record (a store written before versions were kept) still shows,
  // with the default after it: what exists, without pretending to know what came between.
  if (current && versions[0]?.version !== current.version) versions.unshift(entryOf(current));
  if (!truncated) versions.push(entryOf(null, (await readSystemPromptVersion(kv, kind, 0, scope))!.prompt));
  return { kind, current: current?.version ?? 0, versions, truncated };
}

function entryOf(stored: StoredPrompt | null, defaultText = ""): PromptVersionEntry {
  return stored
    ? {
      version: stored.version,
      text: stored.prompt,
      author: stored.updatedBy,
      savedAt: stored.updatedAt,
      restoredFrom: stored.restoredFrom ?? null,
    }
    : { version: 0, text: defaultText, author: null, savedAt: null, restoredFrom: null };
}
