import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { AlertCircleIcon, SpinnerIcon } from "../../../components/icons.tsx";
import { buttonClass } from "../../../components/ui.ts";
import {
  canSaveOrReset,
  isDirty,
  PROMPT_EDITOR_LABELS,
  type PromptKind,
  type PromptTabState,
  type SystemPrompt,
  versionText,
} from "./prompts.ts";
import { PromptHistory } from "./PromptHistory.tsx";
import { promptPanelId, promptTabId } from "./PromptTabs.tsx";
import { disclosure } from "../../lib/disclosure.ts";

export interface PromptPanelProps {
  kind: PromptKind;
  state: PromptTabState;
  /** Whether this tab is the one shown; the other stays mounted, so its text is kept. */
  selected: boolean;
  /** The empty-prompt message, after a save of blank text was refused. */
  problem: string | null;
  onEdit(draft: string): void;
  onSave(): void;
  onReset(): void;
  onRetry(): void;
  /** A restore from the history saved an earlier text as the newest version. */
  onRestored(saved: SystemPrompt): void;
}

const TIME_FORMAT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * One prompt: its version line, the editor, the unsaved-changes hint, Reset and Save, and the version
 * history behind a toggle (it loads every version's text, so only when asked for).
 */
export function PromptPanel(
  { kind, state, selected, problem, onEdit, onSave, onReset, onRetry, onRestored }: PromptPanelProps,
) {
  useSignals();
  const historyOpen = useSignal(false);
  const historyId = `prompt-history-${kind}`;
  const dirty = isDirty(state);
  const enabled = canSaveOrReset(state);
  const editorId = `prompt-editor-${kind}`;
  const label = PROMPT_EDITOR_LABELS[kind];
  return (
    <div
      role="tabpanel"
      id={promptPanelId(kind)}
      aria-labelledby={promptTabId(kind)}
      hidden={!selected}
      data-prompt-panel={kind}
      // A display class would beat the hidden attribute, so the hidden panel gets `hidden` as a class too.
      className={selected ? "grid gap-3" : "hidden"}
    >
      {state.status === "loading" && (
        <p className="flex items-center justify-center gap-2 rounded-xl border border-slate-200 p-10 text-slate-600">
          <SpinnerIcon className="h-5 w-5 motion-safe:animate-spin" /> Loading the {kind} prompt...
        </p>
      )}

      {state.status === "failed" && (
        <div className="grid justify-items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-8 text-center">
          <p className="flex items-center gap-2 font-medium text-red-800">
            <AlertCircleIcon className="h-5 w-5" /> Could not load the {kind} prompt.
          </p>
          <button type="button" className={buttonClass("outline", "sm")} onClick={onRetry}>Try Again</button>
        </div>
      )}

      {state.status === "ready" && state.saved && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <label htmlFor={editorId} className="font-semibold text-slate-800">{label}</label>
            <p data-prompt-version="" className="text-slate-500">
              {versionText(state.saved, (iso) => TIME_FORMAT.format(new Date(iso)))}
            </p>
          </div>
          <textarea
            id={editorId}
            value={state.draft}
            readOnly={state.saving}
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${editorId}-status`}
            onChange={(event) => onEdit(event.currentTarget.value)}
            className="h-[calc(90vh_-_29rem)] min-h-[12rem] sm:h-[calc(90vh_-_23rem)] w-full resize-y rounded-xl border border-slate-300 bg-slate-50 p-4 font-mono text-sm leading-relaxed text-slate-900 focus:border-violet-600 focus:outline-none focus:ring-2 focus:ring-violet-200 read-only:opacity-70"
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p id={`${editorId}-status`} aria-live="polite" className="min-h-[1.5rem] text-sm">
              {problem
                ? <span className="font-medium text-red-700">{problem}</span>
                : dirty
                ? (
                  <span data-unsaved-hint="" className="font-medium text-amber-700">
                    You have unsaved changes
                  </span>
                )
                : (
                  <span className="text-slate-500">
                    {state.draft.length.toLocaleString("en-US")} characters
                  </span>
                )}
            </p>
            <div className="flex flex-1 justify-end gap-2 sm:flex-none">
              <button
                type="button"
                className={`${buttonClass("outline", "sm")} flex-1 sm:flex-none`}
                disabled={!enabled}
                onClick={onReset}
              >
                Reset
              </button>
              <button
                type="button"
                className={`${buttonClass("primary", "sm")} flex-1 sm:flex-none`}
                disabled={!enabled}
                onClick={onSave}
              >
                {state.saving ? "Saving..." : "Save"}
              </button>
            </div>
          </div>
          <div className="grid gap-3 border-t border-slate-100 pt-3">
            <div>
              <button
                {...disclosure(historyOpen, historyId)}
                className={buttonClass("ghost", "sm")}
              >
                <span aria-hidden="true" className="font-mono">{historyOpen.value ? "▾" : "▸"}</span>
                Version history
              </button>
            </div>
            <div id={historyId} hidden={!historyOpen.value}>
              {historyOpen.value && (
                <PromptHistory kind={kind} saved={state.saved} dirty={dirty} onRestored={onRestored} />
              )}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
