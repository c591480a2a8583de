/**
 * The two system prompts staff edit (staff-side §2, Admin Settings; §5 validation), their words and
 * limits. Zod-free, so the prompt editor island shares them with the server (domain/prompt_form.ts
 * adds the schema of a save).
 */
export const PROMPT_KINDS = ["lyrics", "tags"] as const;
export type PromptKind = typeof PROMPT_KINDS[number];

/** ARCHITECTURE.md §10: lyrics and prompts are at most 20,000 characters. */
export const PROMPT_MAX_CHARS = 20_000;

/** The prompt's name at the start of a sentence: 'Lyrics prompt …', 'Tags Prompt Updated'. */
export const PROMPT_LABELS: Record<PromptKind, string> = { lyrics: "Lyrics", tags: "Tags" };

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

/** Staff-side §5: an empty or whitespace-only prompt is refused, in the editor and by the API. */
export const emptyPromptMessage = (kind: PromptKind) => `${PROMPT_LABELS[kind]} prompt cannot be empty`;

export const promptSavedMessage = (kind: PromptKind, version: number) =>
  `${PROMPT_LABELS[kind]} prompt saved as version ${version}.`;
