/**
 * The two system prompts staff edit (staff-side §2, Admin Settings; §5 validation), their words and
 * limits. The prompt editor island shares them with the server (domain/prompts/form.ts
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

/** One saved version in `GET /api/admin/system-prompt/{kind}/versions`; 0 is the default. */
export interface PromptVersionEntry {
  version: number;
  text: string;
  /** The staff member's email; null for the default, which nobody saved. */
  author: string | null;
  savedAt: string | null;
  /** The earlier version whose text this one brought back, when it was a restore. */
  restoredFrom: number | null;
}

/** The history of one prompt, newest first: at most the newest HISTORY_LIMIT saves, then the default. */
export interface PromptVersionList {
  kind: PromptKind;
  /** The version in use now. */
  current: number;
  versions: PromptVersionEntry[];
  /** Older saves exist than the ones listed (each can still be read on its own). */
  truncated: boolean;
}

/** Each version carries its text (up to 20,000 characters), so the list is kept to a readable length. */
export const PROMPT_HISTORY_LIMIT = 30;

export const promptRestoredMessage = (kind: PromptKind, from: number, version: number) =>
  `${PROMPT_LABELS[kind]} prompt version ${from} restored as version ${version}.`;

/**
 * Which system prompts apply (domain/prompts/scope.ts says who reads which). Here, with the kinds, so
 * staff events can name a scope without importing orders.
 */
export type PromptScope = "live" | "demo";
