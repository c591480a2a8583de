import { type PromptKind, type SystemPromptView } from "../domain/prompts/kinds.ts";
import type { PromptScope } from "../domain/prompts/scope.ts";
import { DEFAULT_LYRICS_PROMPT, DEFAULT_TAGS_PROMPT } from "../domain/prompts/defaults.ts";
import { CONFLICT, retryOnConflict } from "./atomic.ts";
import { keys } from "./keys.ts";
import { addPromptEvent } from "./prompt_events.ts";

/**
 * The two system prompts (staff-side §3). What an admin saved last is the single source of truth;
 * until then the defaults that ship with the app are used (version 0). Every save is kept under its
 * version number, so the text behind an order's `promptVersions` can always be read again.
 *
 * Demo users' saves live in a scope of their own (domain/prompts/scope.ts) with its own versions;
 * where it has no prompt of a kind, the live one applies. A demo order's `promptVersions` therefore
 * name a demo version once a demo user has saved that kind.
 */
export type { PromptKind } from "../domain/prompts/kinds.ts";
export type { PromptScope } from "../domain/prompts/scope.ts";

export interface StoredPrompt {
  prompt: string;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
  /** Set on a restore: the earlier version whose text this save brought back. */
  restoredFrom?: number;
}

const DEFAULTS: Record<PromptKind, string> = { lyrics: DEFAULT_LYRICS_PROMPT, tags: DEFAULT_TAGS_PROMPT };

export const SCOPE_KEYS = {
  live: {
    current: keys.systemPrompt,
    version: keys.systemPromptVersion,
    versions: keys.systemPromptVersions,
  },
  demo: {
    current: keys.demoSystemPrompt,
    version: keys.demoSystemPromptVersion,
    versions: keys.demoSystemPromptVersions,
  },
} as const;

/** The prompt `scope` sees now, and which scope it comes from (a demo scope without one: live). */
export async function currentIn(kv: Deno.Kv, kind: PromptKind, scope: PromptScope) {
  if (scope === "demo") {
    const demo = (await kv.get<StoredPrompt>(keys.demoSystemPrompt(kind))).value;
    if (demo) return { from: "demo" as const, stored: demo };
  }
  return { from: "live" as const, stored: (await kv.get<StoredPrompt>(keys.systemPrompt(kind))).value };
}

/** The prompt the pipeline uses now for an order of `scope`, with its version to record on it. */
export async function getSystemPrompt(
  kv: Deno.Kv,
  kind: PromptKind,
  scope: PromptScope,
): Promise<{ prompt: string; version: number }> {
  const { stored } = await currentIn(kv, kind, scope);
  return stored ? { prompt: stored.prompt, version: stored.version } : { prompt: DEFAULTS[kind], version: 0 };
}

/** The current prompt as staff of `scope` see it. */
export async function readSystemPrompt(
  kv: Deno.Kv,
  kind: PromptKind,
  scope: PromptScope,
): Promise<SystemPromptView> {
  return viewOf(kind, (await currentIn(kv, kind, scope)).stored);
}

/**
 * One saved version (0: the default), or null for a version that was never saved, counted in the
 * scope whose prompt the reader sees now, so the numbers match the editor's.
 */
export async function readSystemPromptVersion(
  kv: Deno.Kv,
  kind: PromptKind,
  version: number,
  scope: PromptScope,
): Promise<SystemPromptView | null> {
  if (version === 0) return viewOf(kind, null);
  const { from } = await currentIn(kv, kind, scope);
  const stored = (await kv.get<StoredPrompt>(SCOPE_KEYS[from].version(kind, version))).value;
  return stored && viewOf(kind, stored);
}

/**
 * Saves `prompt` as the next version of `scope`. The version record, the current pointer and the
 * staff event naming who saved it are one write, checked against the pointer that was read, so two
 * saves at once get two different versions. A restore is such a save too, of an earlier version's
 * text (`restoredFrom`): history only ever grows.
 */
export function saveSystemPrompt(
  kv: Deno.Kv,
  kind: PromptKind,
  prompt: string,
  by: string,
  now: number,
  scope: PromptScope,
  restoredFrom?: number,
): Promise<SystemPromptView> {
  const { current: currentKey, version: versionKey } = SCOPE_KEYS[scope];
  return retryOnConflict(`the ${scope} ${kind} prompt`, async () => {
    const current = await kv.get<StoredPrompt>(currentKey(kind));
    const version = (current.value?.version ?? 0) + 1;
    const saved: StoredPrompt = {
      prompt,
      version,
      updatedAt: new Date(now).toISOString(),
      updatedBy: by,
      ...(restoredFrom === undefined ? {} : { restoredFrom }),
    };
    const operation = kv.atomic()
      .check(current)
      .check({ key: versionKey(kind, version), versionstamp: null })
      .set(versionKey(kind, version), saved)
      .set(currentKey(kind), saved);
    addPromptEvent(
      operation,
      scope,
      kind,
      by,
      restoredFrom === undefined
        ? { action: "prompt-save", version }
        : { action: "prompt-restore", version, restoredFrom },
      now,
    );
    const result = await operation.commit();
    return result.ok ? viewOf(kind, saved) : CONFLICT;
  });
}

function viewOf(kind: PromptKind, stored: StoredPrompt | null): SystemPromptView {
  if (stored) {
    const { restoredFrom: _restoredFrom, ...view } = stored;
    return { kind, ...view, isDefault: false };
  }
  return { kind, prompt: DEFAULTS[kind], version: 0, updatedAt: null, updatedBy: null, isDefault: true };
}
