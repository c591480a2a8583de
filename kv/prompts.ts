import { DEFAULT_LYRICS_PROMPT, DEFAULT_TAGS_PROMPT } from "../domain/prompts.ts";
import { keys } from "./keys.ts";

/**
 * The two system prompts (staff-side §3). What an admin saved is the single source of truth; until
 * then the defaults that ship with the app are used.
 */
export type PromptKind = "lyrics" | "tags";

export interface StoredPrompt {
  prompt: string;
  updatedAt: string;
  updatedBy: string | null;
}

const DEFAULTS: Record<PromptKind, string> = { lyrics: DEFAULT_LYRICS_PROMPT, tags: DEFAULT_TAGS_PROMPT };

export async function getSystemPrompt(kv: Deno.Kv, kind: PromptKind): Promise<string> {
  return (await kv.get<StoredPrompt>(keys.systemPrompt(kind))).value?.prompt ?? DEFAULTS[kind];
}

export async function saveSystemPrompt(kv: Deno.Kv, kind: PromptKind, prompt: StoredPrompt): Promise<void> {
  const result = await kv.set(keys.systemPrompt(kind), prompt);
  if (!result.ok) throw new Error(`Could not save the ${kind} prompt.`);
}
