import { diffLines, hasChanges, type LineDiff } from "../../../domain/prompts/line_diff.ts";
import {
  PROMPT_LABELS,
  type PromptKind,
  type PromptVersionEntry,
  type PromptVersionList,
} from "../../../domain/prompts/kinds.ts";
import type { ToastInput } from "../../lib/toast.ts";
import { promptPath } from "./prompts.ts";

/** The prompt editor's history: the words and calls of the version list and its restore. */
export type { PromptVersionEntry, PromptVersionList };

export function versionsPath(kind: PromptKind): string {
  return `${promptPath(kind)}/versions`;
}

export function restorePath(kind: PromptKind, version: number): string {
  return `${versionsPath(kind)}/${version}/restore`;
}

/** 'Version 3', or 'Default (version 0)' for the prompt that ships. */
export function versionName(version: number): string {
  return version === 0 ? "Default (version 0)" : `Version ${version}`;
}

/** Who saved it and when ('boss@example.com · Jan 15, 2026, 12:00 PM'), or that it ships with the app. */
export function versionByline(entry: PromptVersionEntry, formatTime: (iso: string) => string): string {
  if (entry.version === 0) return "Ships with the app";
  const who = entry.author ?? "Unknown";
  return entry.savedAt ? `${who} · ${formatTime(entry.savedAt)}` : who;
}

/** A note beside the name: in use now, and what a restore brought back. */
export function versionNotes(entry: PromptVersionEntry, current: number): string[] {
  const notes: string[] = [];
  if (entry.version === current) notes.push("in use");
  if (entry.restoredFrom !== null) notes.push(`restored from version ${entry.restoredFrom}`);
  return notes;
}

/**
 * What restoring `version` would change, as lines: removed lines are the current prompt's only,
 * added ones the chosen version's only.
 */
export function diffToCurrent(currentText: string, entry: PromptVersionEntry): LineDiff {
  return diffLines(currentText, entry.text);
}

export { hasChanges };

/** The default selection: the version before the one in use, which is what staff compare most. */
export function defaultSelection(list: PromptVersionList): number | null {
  return list.versions.find((entry) => entry.version !== list.current)?.version ?? null;
}

/** The restore question; unsaved edits in the tab are named, since the restored text replaces them. */
export function restoreQuestion(kind: PromptKind, version: number, current: number, dirty: boolean): string {
  const replaced = dirty ? " Your unsaved edits in this tab will be replaced." : "";
  return `The text of ${versionName(version).toLowerCase()} becomes the ${kind} prompt in use, saved as a ` +
    `new version after version ${current}. Earlier versions stay in the history.${replaced}`;
}

export function restoredToast(kind: PromptKind, from: number, to: number): ToastInput {
  return {
    title: `${PROMPT_LABELS[kind]} Prompt Restored`,
    description: `${versionName(from)} is back in use as version ${to}.`,
  };
}

export function restoreFailedToast(kind: PromptKind, reason?: string): ToastInput {
  return {
    title: "Restore Failed",
    description: reason ?? `Failed to restore the ${kind} prompt. Please try again.`,
    variant: "destructive",
  };
}

export function historyFailedMessage(kind: PromptKind): string {
  return `Could not load the ${kind} prompt's versions.`;
}
