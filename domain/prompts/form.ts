import { z } from "zod";
import { plainString } from "../text_schema.ts";
import { emptyPromptMessage, PROMPT_LABELS, PROMPT_MAX_CHARS, type PromptKind } from "./kinds.ts";

/**
 * The body of a save of a system prompt (staff-side §2, Admin Settings; §5 validation). Every save is
 * a new version; version 0 is the default that ships in domain/prompts/defaults.ts. The kinds, limits and
 * messages are in domain/prompts/kinds.ts, which the editor island shares.
 */
export {
  emptyPromptMessage,
  PROMPT_KINDS,
  PROMPT_MAX_CHARS,
  type PromptKind,
  promptSavedMessage,
  type SystemPromptView,
} from "./kinds.ts";

/** The body of a save: `{prompt}`, trimmed, not blank (the spec's messages), at most 20,000 characters. */
export function promptBodySchema(kind: PromptKind) {
  const empty = emptyPromptMessage(kind);
  return z.object({
    prompt: plainString({ error: empty }, { lines: true }).min(1, empty).max(
      PROMPT_MAX_CHARS,
      `${PROMPT_LABELS[kind]} prompt must be at most 20,000 characters`,
    ),
  }, { error: empty });
}

/**
 * A version number in a path (`…/versions/{version}/restore`): digits only, as the versions are
 * counted. Anything else names no version, so the route answers it as not found.
 */
export const promptVersionParamSchema = z.object({
  version: z.string().regex(/^\d{1,9}$/).transform(Number),
});
