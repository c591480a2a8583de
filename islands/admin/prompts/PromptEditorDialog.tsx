import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { buttonClass } from "../../../components/ui.ts";
import { api, ApiError, serverMessage } from "../../lib/api.ts";
import { ConfirmDialog } from "../../lib/ConfirmDialog.tsx";
import { Dialog } from "../../lib/Dialog.tsx";
import { toast } from "../../lib/toast.ts";
import { PromptPanel } from "./PromptPanel.tsx";
import {
  canSaveOrReset,
  DISCARD_QUESTION,
  emptyPromptMessage,
  fetchFailedMessage,
  isDirty,
  LOAD_FAILED_TITLE,
  loadFailedToast,
  loadingTab,
  PROMPT_KINDS,
  type PromptKind,
  promptPath,
  type PromptTabState,
  reset,
  savedToast,
  saveFailedToast,
  type SystemPrompt,
  withSaved,
} from "./prompts.ts";
import { PromptTabs } from "./PromptTabs.tsx";

export interface PromptEditorDialogProps {
  onClose(): void;
}

type Tabs = Record<PromptKind, PromptTabState>;
type Problems = Record<PromptKind, string | null>;

const fetchPrompt = (kind: PromptKind) => api<SystemPrompt>("GET", promptPath(kind));

/**
 * The Admin Settings dialog (staff-side §2, system prompt editor): both prompts load when it opens;
 * each tab edits, resets and saves its own prompt, which then becomes the single source of truth.
 * Every way out (Escape, a click outside, Close) asks first while either tab has unsaved text,
 * in the page rather than window.confirm, which would block the page and its focus.
 */
export function PromptEditorDialog({ onClose }: PromptEditorDialogProps) {
  useSignals();
  const selected = useSignal<PromptKind>("lyrics");
  const tabs = useSignal<Tabs>({ lyrics: loadingTab(), tags: loadingTab() });
  const problems = useSignal<Problems>({ lyrics: null, tags: null });
  const askingToDiscard = useSignal(false);

  const setTab = (kind: PromptKind, state: PromptTabState) => (tabs.value = { ...tabs.value, [kind]: state });
  const setProblem = (
    kind: PromptKind,
    problem: string | null,
  ) => (problems.value = { ...problems.value, [kind]: problem });

  useEffect(() => {
    (async () => {
      const results = await Promise.allSettled(PROMPT_KINDS.map(fetchPrompt));
      const failed: PromptKind[] = [];
      results.forEach((result, index) => {
        const kind = PROMPT_KINDS[index];
        if (result.status === "fulfilled") setTab(kind, withSaved(tabs.value[kind], result.value));
        else {
          setTab(kind, { ...tabs.value[kind], status: "failed" });
          failed.push(kind);
        }
      });
      const failure = loadFailedToast(failed);
      if (failure) toast(failure);
    })();
  }, []);

  const retry = async (kind: PromptKind) => {
    setTab(kind, loadingTab());
    try {
      setTab(kind, withSaved(tabs.value[kind], await fetchPrompt(kind)));
    } catch {
      setTab(kind, { ...tabs.value[kind], status: "failed" });
      toast({ title: LOAD_FAILED_TITLE, description: fetchFailedMessage(kind), variant: "destructive" });
    }
  };

  const save = async (kind: PromptKind) => {
    const tab = tabs.value[kind];
    if (!canSaveOrReset(tab)) return;
    const empty = emptyPromptMessage(kind, tab.draft);
    if (empty) {
      setProblem(kind, empty);
      toast({ title: empty, variant: "destructive" });
      return;
    }
    setTab(kind, { ...tab, saving: true });
    let saved: SystemPrompt;
    try {
      saved = await api<SystemPrompt>("POST", promptPath(kind), { prompt: tab.draft });
    } catch (error) {
      const refusal = error instanceof ApiError && error.status === 400 ? serverMessage(error) : undefined;
      toast(refusal ? { ...saveFailedToast(kind), description: refusal } : saveFailedToast(kind));
      setTab(kind, { ...tabs.value[kind], saving: false });
      return;
    }
    toast(savedToast(kind));
    try {
      // Staff-side §4: after a save the prompt is read again, so the tab shows what the server holds.
      saved = await fetchPrompt(kind);
    } catch {
      // The save's own answer is the stored prompt; the re-read only confirms it.
    }
    setTab(kind, { ...withSaved(tabs.value[kind], saved), saving: false });
  };

  const dirty = { lyrics: isDirty(tabs.value.lyrics), tags: isDirty(tabs.value.tags) };
  const requestClose = () => {
    if (PROMPT_KINDS.some((kind) => isDirty(tabs.value[kind]))) askingToDiscard.value = true;
    else onClose();
  };
  return (
    <>
      <Dialog
        title="Admin Settings - Song Generation Prompts"
        description="Each saved prompt is used for every song generated from then on."
        onClose={requestClose}
        size="xl"
      >
        <div className="grid gap-4">
          <PromptTabs selected={selected.value} dirty={dirty} onSelect={(kind) => (selected.value = kind)} />
          {PROMPT_KINDS.map((kind) => (
            <PromptPanel
              key={kind}
              kind={kind}
              state={tabs.value[kind]}
              selected={selected.value === kind}
              problem={problems.value[kind]}
              onEdit={(draft) => {
                setProblem(kind, null);
                setTab(kind, { ...tabs.value[kind], draft });
              }}
              onSave={() => save(kind)}
              onReset={() => {
                setProblem(kind, null);
                setTab(kind, reset(tabs.value[kind]));
              }}
              onRetry={() => retry(kind)}
              onRestored={(saved) => {
                setProblem(kind, null);
                setTab(kind, { ...withSaved(tabs.value[kind], saved), saving: false });
              }}
            />
          ))}
          <div className="flex justify-end border-t border-slate-100 pt-4">
            <button type="button" className={buttonClass("ghost", "sm")} onClick={requestClose}>Close</button>
          </div>
        </div>
      </Dialog>
      {askingToDiscard.value && (
        <ConfirmDialog
          title="Discard your changes?"
          message={DISCARD_QUESTION}
          confirmLabel="Discard"
          cancelLabel="Keep editing"
          destructive
          onConfirm={() => {
            askingToDiscard.value = false;
            onClose();
          }}
          onCancel={() => (askingToDiscard.value = false)}
        />
      )}
    </>
  );
}
