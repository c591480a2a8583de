import type { Deps } from "../deps.ts";
import { ConflictError, NotFoundError } from "../domain/errors.ts";
import { PROMPT_LABELS, type PromptKind, type SystemPromptView } from "../domain/prompts/kinds.ts";
import { promptScopeOfUser } from "../domain/prompts/scope.ts";
import type { SessionUser } from "../domain/account/users.ts";
import { currentIn, readSystemPromptVersion, saveSystemPrompt } from "../kv/prompts.ts";

/**
 * Staff's edits of the system prompts (staff-side §7). Each goes to the scope its editor edits
 * (domain/prompts/scope.ts: a demo user's to the demo scope) and is recorded under their name.
 */
export function savePrompt(
  deps: Pick<Deps, "kv" | "clock">,
  kind: PromptKind,
  prompt: string,
  editor: SessionUser,
): Promise<SystemPromptView> {
  return saveSystemPrompt(
    deps.kv,
    kind,
    prompt,
    editor.username,
    deps.clock.now(),
    promptScopeOfUser(editor),
  );
}

/**
 * Saves version `version`'s text as the newest version, recorded as a restore: history only grows,
 * never rewinds. An unknown version is a NotFoundError; the version already in use, a ConflictError
 * (it would change nothing). Numbers are those of the scope whose prompt the editor sees now.
 */
export async function restorePromptVersion(
  deps: Pick<Deps, "kv" | "clock">,
  kind: PromptKind,
  version: number,
  editor: SessionUser,
): Promise<SystemPromptView> {
  const { kv } = deps;
  const scope = promptScopeOfUser(editor);
  const earlier = await readSystemPromptVersion(kv, kind, version, scope);
  if (!earlier) throw new NotFoundError(`The ${kind} prompt has no version ${version}.`);
  const { stored: current } = await currentIn(kv, kind, scope);
  if ((current?.version ?? 0) === version) {
    throw new ConflictError(
      `Version ${version} is already the ${PROMPT_LABELS[kind].toLowerCase()} prompt in use.`,
    );
  }
  return saveSystemPrompt(kv, kind, earlier.prompt, editor.username, deps.clock.now(), scope, version);
}
