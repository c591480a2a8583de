import { z } from "zod";

/**
 * The two system prompts as staff edit them (staff-side §2, Admin Settings; §5 validation). Every
 * save is a new version; version 0 is the default that ships in domain/prompts.ts.
 */
export const PROMPT_KINDS = ["lyrics", "tags"] as const;
export type PromptKind = typeof PROMPT_KINDS[number];

/** ARCHITECTURE.md §10: lyrics and prompts are at most 20,000 characters. */
export const PROMPT_MAX_CHARS = 20_000;

const LABELS: Record<PromptKind, string> = { lyrics: "Lyrics", tags: "Tags" };

/** What `GET /api/admin/system-prompt/{kind}` answers. */
export interface SystemPromptView {
  kind: PromptKind;
  prompt: string;
  version: number;
  /** null for the default, which nobody saved. */
  updatedAt: string | null;
  updatedBy: string | null;
  isDefault: boolean;
}

export const emptyPromptMessage = (kind: PromptKind) => `${LABELS[kind]} prompt cannot be empty`;

export const promptSavedMessage = (kind: PromptKind, version: number) =>
  `${LABELS[kind]} prompt saved as version ${version}.`;

/** The body of a save: `{prompt}`, trimmed, not blank (the spec's messages), at most 20,000 characters. */
export function promptBodySchema(kind: PromptKind) {
  const empty = emptyPromptMessage(kind);
  return z.object({
    prompt: z.string({ error: empty }).trim().min(1, empty).max(
      PROMPT_MAX_CHARS,
      `${LABELS[kind]} prompt must be at most 20,000 characters`,
    ),
  }, { error: empty });
}
