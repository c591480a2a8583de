import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import { SpinnerIcon } from "../../../components/icons.tsx";
import { buttonClass } from "../../../components/ui.ts";
import { api, serverMessage } from "../../lib/api.ts";
import { ConfirmDialog } from "../../lib/ConfirmDialog.tsx";
import { toast } from "../../lib/toast.ts";
import {
  defaultSelection,
  diffToCurrent,
  hasChanges,
  historyFailedMessage,
  type PromptVersionEntry,
  type PromptVersionList,
  restoredToast,
  restoreFailedToast,
  restorePath,
  restoreQuestion,
  versionByline,
  versionName,
  versionNotes,
  versionsPath,
} from "./prompt_history.ts";
import { PromptDiff } from "./PromptDiff.tsx";
import type { PromptKind, SystemPrompt } from "./prompts.ts";

export interface PromptHistoryProps {
  kind: PromptKind;
  /** The prompt in use, as last loaded or saved: a new version here reloads the list. */
  saved: SystemPrompt;
  /** The tab has unsaved edits, which a restore replaces. */
  dirty: boolean;
  onRestored(saved: SystemPrompt): void;
}

type View = { status: "loading" } | { status: "failed" } | { status: "ready"; list: PromptVersionList };

// Versions are only ever shown in the browser, so its own zone is the one to write.
const TIME_FORMAT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const localTime = (iso: string) => TIME_FORMAT.format(new Date(iso));

/**
 * The versions of one prompt with who saved each and when; choosing one shows how it
 * differs from the prompt in use, and Restore (after a question) saves its text as a new version.
 */
export function PromptHistory({ kind, saved, dirty, onRestored }: PromptHistoryProps) {
  useSignals();
  const view = useSignal<View>({ status: "loading" });
  const selected = useSignal<number | null>(null);
  const confirming = useSignal(false);
  const restoring = useSignal(false);
  const root = useRef<HTMLDivElement>(null);
  const shown = useRef(false);

  const load = async () => {
    view.value = { status: "loading" };
    try {
      const list = await api<PromptVersionList>("GET", versionsPath(kind));
      view.value = { status: "ready", list };
      const still = list.versions.some((entry) => entry.version === selected.value);
      if (!still || selected.value === list.current) selected.value = defaultSelection(list);
    } catch {
      view.value = { status: "failed" };
    }
  };

  useEffect(() => {
    load();
  }, [saved.version]);

  // It opens below the editor, mostly out of sight in the dialog's scroll: once, show all of it.
  useEffect(() => {
    if (view.value.status !== "ready" || shown.current) return;
    shown.current = true;
    root.current?.scrollIntoView({ block: "nearest" });
  }, [view.value.status]);

  const restore = async (version: number) => {
    restoring.value = true;
    try {
      const restored = await api<SystemPrompt>("POST", restorePath(kind, version));
      toast(restoredToast(kind, version, restored.version));
      confirming.value = false;
      onRestored(restored);
    } catch (error) {
      toast(restoreFailedToast(kind, serverMessage(error)));
      confirming.value = false;
    } finally {
      restoring.value = false;
    }
  };

  const state = view.value;
  if (state.status === "loading") {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <SpinnerIcon className="h-4 w-4 motion-safe:animate-spin" /> Loading the versions...
      </p>
    );
  }
  if (state.status === "failed") {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <p className="font-medium text-red-700">{historyFailedMessage(kind)}</p>
        <button type="button" className={buttonClass("outline", "sm")} onClick={load}>Try Again</button>
      </div>
    );
  }

  const { list } = state;
  const chosen = list.versions.find((entry) => entry.version === selected.value) ?? null;
  const currentName = `${versionName(list.current).toLowerCase()} (in use)`;
  // The server's text of the version in use, which another admin may have saved since the tab loaded.
  const currentText = list.versions.find((entry) => entry.version === list.current)?.text ?? saved.prompt;
  const diff = chosen && chosen.version !== list.current ? diffToCurrent(currentText, chosen) : null;
  const headingId = `prompt-history-${kind}-compare`;
  return (
    <div ref={root} className="grid gap-4 sm:grid-cols-3">
      <fieldset className="grid min-w-0 content-start gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-800">
          Versions, newest first{list.truncated ? ` (the newest ${list.versions.length})` : ""}
        </legend>
        <div className="grid max-h-80 gap-2 overflow-y-auto pr-1">
          {list.versions.map((entry) => (
            <VersionOption
              key={entry.version}
              kind={kind}
              entry={entry}
              current={list.current}
              checked={entry.version === selected.value}
              onChoose={() => (selected.value = entry.version)}
            />
          ))}
        </div>
      </fieldset>

      <section aria-labelledby={headingId} className="grid min-w-0 content-start gap-3 sm:col-span-2">
        {chosen
          ? (
            <>
              <h3 id={headingId} className="text-sm font-semibold text-slate-800">
                {versionName(chosen.version)} compared with {currentName}
              </h3>
              {chosen.version === list.current
                ? <p className="text-sm text-slate-700">This is the version in use now.</p>
                : (
                  <>
                    <PromptDiff
                      diff={diff!}
                      chosen={versionName(chosen.version).toLowerCase()}
                      current={currentName}
                    />
                    {/* The same text again would only add a version that changes nothing. */}
                    {hasChanges(diff!) && (
                      <div>
                        <button
                          type="button"
                          className={buttonClass("outline", "sm")}
                          onClick={() => (confirming.value = true)}
                        >
                          Restore {versionName(chosen.version).toLowerCase()}
                        </button>
                      </div>
                    )}
                  </>
                )}
            </>
          )
          : (
            <h3 id={headingId} className="text-sm text-slate-600">
              Only one version so far: save a change to start the history.
            </h3>
          )}
      </section>

      {confirming.value && chosen && (
        <ConfirmDialog
          title={`Restore ${versionName(chosen.version).toLowerCase()}?`}
          message={restoreQuestion(kind, chosen.version, list.current, dirty)}
          confirmLabel={`Restore ${versionName(chosen.version).toLowerCase()}`}
          cancelLabel="Cancel"
          busyLabel={restoring.value ? "Restoring..." : null}
          onConfirm={() => restore(chosen.version)}
          onCancel={() => !restoring.value && (confirming.value = false)}
        />
      )}
    </div>
  );
}

interface VersionOptionProps {
  kind: PromptKind;
  entry: PromptVersionEntry;
  current: number;
  checked: boolean;
  onChoose(): void;
}

/** One version as a radio choice: arrow keys move through the list, as in any radio group. */
function VersionOption({ kind, entry, current, checked, onChoose }: VersionOptionProps) {
  const id = `prompt-version-${kind}-${entry.version}`;
  const notes = versionNotes(entry, current);
  return (
    <label
      htmlFor={id}
      data-prompt-version-option={entry.version}
      className={`flex cursor-pointer gap-2 rounded-lg border p-2 text-sm ${
        checked ? "border-violet-600 bg-violet-50" : "border-slate-200 hover:bg-slate-50"
      }`}
    >
      <input
        id={id}
        type="radio"
        name={`prompt-version-${kind}`}
        checked={checked}
        onChange={onChoose}
        className="mt-1 h-4 w-4 shrink-0 accent-violet-700"
      />
      <span className="grid min-w-0 gap-0.5">
        <span className="font-semibold text-slate-900">
          {versionName(entry.version)}
          {notes.length > 0 && <span className="font-normal text-slate-600">{` (${notes.join(", ")})`}</span>}
        </span>
        <span className="break-words text-slate-600">{versionByline(entry, localTime)}</span>
      </span>
    </label>
  );
}
