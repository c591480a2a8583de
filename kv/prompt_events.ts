import { buildEvent, type GenerationEvent } from "../domain/generation/events.ts";
import type { PromptKind } from "../domain/prompts/kinds.ts";
import type { PromptScope } from "../domain/prompts/scope.ts";
import { staffEvent } from "../domain/admin/staff_actions.ts";
import { keys } from "./keys.ts";

/** What staff did to a system prompt: a save or a restore, with its version. */
export type PromptAction =
  | { action: "prompt-save"; version: number }
  | { action: "prompt-restore"; version: number; restoredFrom: number };

/**
 * The prompt's staff event, in the write that saves the version it names: a prompt has no
 * order whose timeline could hold it, so it gets a timeline of its own per scope and kind.
 */
export function addPromptEvent(
  operation: Deno.AtomicOperation,
  scope: PromptScope,
  kind: PromptKind,
  by: string,
  facts: PromptAction,
  now: number,
) {
  const event = buildEvent(staffEvent(by, { ...facts, kind, scope }), now);
  return operation.set(keys.promptEvent(scope, kind, event.id), event);
}

/** A prompt's staff events, oldest first. */
export async function listPromptEvents(
  kv: Deno.Kv,
  scope: PromptScope,
  kind: PromptKind,
): Promise<GenerationEvent[]> {
  const events: GenerationEvent[] = [];
  for await (const entry of kv.list<GenerationEvent>({ prefix: keys.promptEvents(scope, kind) })) {
    events.push(entry.value);
  }
  return events;
}
