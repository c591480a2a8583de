import { type PromptKind, type SystemPromptView } from "../domain/prompt_form.ts";
import { DEFAULT_LYRICS_PROMPT, DEFAULT_TAGS_PROMPT } from "../domain/prompts.ts";
import { CONFLICT, retryOnConflict } from "./atomic.ts";
import { keys } from "./keys.ts";

/**
 * The two system prompts (staff-side §3). What an admin saved last is the single source of truth;
 * until then the defaults that ship with the app are used (version 0). Every save is kept under its
 * version number, so the text behind an order's `promptVersions` can always be read again.
 */
export type { PromptKind } from "../domain/prompt_form.ts";

export interface StoredPrompt {
  prompt: string;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
}

const DEFAULTS: Record<PromptKind, string> = { lyrics: DEFAULT_LYRICS_PROMPT, tags: DEFAULT_TAGS_PROMPT };

/** The prompt the pipeline uses now, with its version to record on the order. */
export async function getSystemPrompt(
  kv: Deno.Kv,
  kind: PromptKind,
): Promise<{ prompt: string; version: number }> {
  const stored = (await kv.get<StoredPrompt>(keys.systemPrompt(kind))).value;
  return stored ? { prompt: stored.prompt, version: stored.version } : { prompt: DEFAULTS[kind], version: 0 };
}

/** The current prompt as staff see it. */
export async function readSystemPrompt(kv: Deno.Kv, kind: PromptKind): Promise<SystemPromptView> {
  return viewOf(kind, (await kv.get<StoredPrompt>(keys.systemPrompt(kind))).value);
}

/** One saved version (0: the default), or null for a version that was never saved. */
export async function readSystemPromptVersion(
  kv: Deno.Kv,
  kind: PromptKind,
  version: number,
): Promise<SystemPromptView | null> {
  if (version === 0) return viewOf(kind, null);
  const stored = (await kv.get<StoredPrompt>(keys.systemPromptVersion(kind, version))).value;
  return stored && viewOf(kind, stored);
}

/**
 * Saves `prompt` as the next version. The version record and the current pointer are one write,
 * checked against the pointer that was read, so two saves at once get two different versions.
 */
export function saveSystemPrompt(
  kv: Deno.Kv,
  kind: PromptKind,
  prompt: string,
  by: string,
  now: number,
): Promise<SystemPromptView> {
  return retryOnConflict(`the ${kind} prompt`, async () => {
    const current = await kv.get<StoredPrompt>(keys.systemPrompt(kind));
    const version = (current.value?.version ?? 0) + 1;
    const saved: StoredPrompt = { prompt, version, updatedAt: new Date(now).toISOString(), updatedBy: by };
    const result = await kv.atomic()
      .check(current)
      .check({ key: keys.systemPromptVersion(kind, version), versionstamp: null })
      .set(keys.systemPromptVersion(kind, version), saved)
      .set(keys.systemPrompt(kind), saved)
      .commit();
    return result.ok ? viewOf(kind, saved) : CONFLICT;
  });
}

function viewOf(kind: PromptKind, stored: StoredPrompt | null): SystemPromptView {
  return stored
    ? { kind, ...stored, isDefault: false }
    : { kind, prompt: DEFAULTS[kind], version: 0, updatedAt: null, updatedBy: null, isDefault: true };
}
