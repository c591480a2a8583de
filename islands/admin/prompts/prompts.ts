import {
  emptyPromptMessage as emptyMessage,
  PROMPT_KINDS,
  PROMPT_LABELS,
  type PromptKind,
  type SystemPromptView,
} from "../../../domain/prompts/kinds.ts";
import type { ToastInput } from "../../lib/toast.ts";

/** The two system prompts as the editor reads and writes them (staff-side §2, §4, §5 and §8). */
export type { PromptKind };
/** What `GET` and `POST /api/admin/system-prompt/{kind}` answer; version 0 is the prompt that ships. */
export type SystemPrompt = SystemPromptView;

/** The tab order. */
export { PROMPT_KINDS };

export const PROMPT_TAB_LABELS: Record<PromptKind, string> = {
  lyrics: "Lyrics Prompt",
  tags: "Tags/Style Prompt",
};

/** The text areas' labels (the tab names label the panels). */
export const PROMPT_EDITOR_LABELS: Record<PromptKind, string> = {
  lyrics: "Lyrics system prompt",
  tags: "Tags/style system prompt",
};

/** One tab's state: the saved prompt (null until loaded) and the text in the editor. */
export interface PromptTabState {
  status: "loading" | "ready" | "failed";
  saved: SystemPrompt | null;
  draft: string;
  saving: boolean;
}

export function promptPath(kind: PromptKind): string {
  return `/api/admin/system-prompt/${kind}`;
}

export function loadingTab(): PromptTabState {
  return { status: "loading", saved: null, draft: "", saving: false };
}

/**
 * A freshly loaded or saved prompt becomes both the saved text and the editor's text, so the tab is
 * clean again (staff-side §4: the dirty flag is false after a save).
 */
export function withSaved(state: PromptTabState, saved: SystemPrompt): PromptTabState {
  return { ...state, status: "ready", saved, draft: saved.prompt };
}

/** Staff-side §4: dirty while the text differs from the saved prompt. */
export function isDirty(state: PromptTabState): boolean {
  return state.saved !== null && state.draft !== state.saved.prompt;
}

/** Asked when the dialog is closed with unsaved text in either tab. */
export const DISCARD_QUESTION = "Your unsaved edits to the prompts will be lost if you close the editor now.";

/** Save and Reset wait for a change, and for a save under way to finish. */
export function canSaveOrReset(state: PromptTabState): boolean {
  return isDirty(state) && !state.saving;
}

/** Reset returns to the last loaded or saved text. */
export function reset(state: PromptTabState): PromptTabState {
  return state.saved ? { ...state, draft: state.saved.prompt } : state;
}

/** Staff-side §5: an empty or whitespace-only prompt is refused before it is sent. */
export function emptyPromptMessage(kind: PromptKind, draft: string): string | null {
  return draft.trim() === "" ? emptyMessage(kind) : null;
}

export function savedToast(kind: PromptKind): ToastInput {
  return {
    title: `${PROMPT_LABELS[kind]} Prompt Updated`,
    description: `This prompt is now the SINGLE SOURCE OF TRUTH for ${kind} generation.`,
  };
}

export function saveFailedToast(kind: PromptKind): ToastInput {
  return {
    title: "Update Failed",
    description: `Failed to update the ${kind} prompt. Please try again.`,
    variant: "destructive",
  };
}

export const LOAD_FAILED_TITLE = "Failed to load current prompts";

export function fetchFailedMessage(kind: PromptKind): string {
  return `Failed to fetch ${kind} system prompt`;
}

/** The toast for prompts that did not load, naming each one that failed; null when all loaded. */
export function loadFailedToast(failed: PromptKind[]): ToastInput | null {
  if (failed.length === 0) return null;
  return {
    title: LOAD_FAILED_TITLE,
    description: failed.map(fetchFailedMessage).join(". ") + ".",
    variant: "destructive",
  };
}

/**
 * 'Version 3 · saved Jan 15, 2026, 12:00 PM by boss@example.com', or 'Default prompt (version 0)'
 * for the one that ships. `formatTime` is passed in so the words are testable in any time zone.
 */
export function versionText(saved: SystemPrompt, formatTime: (iso: string) => string): string {
  if (saved.isDefault || saved.version === 0) return "Default prompt (version 0)";
  const when = saved.updatedAt ? ` · saved ${formatTime(saved.updatedAt)}` : "";
  const who = saved.updatedBy ? ` by ${saved.updatedBy}` : "";
  return `Version ${saved.version}${when}${who}`;
}
