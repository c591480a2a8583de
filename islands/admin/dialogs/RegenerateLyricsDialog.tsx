import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useId, useRef } from "react";
import type { AdminOrder } from "../../../domain/admin/order_list.ts";
import { AlertCircleIcon, SpinnerIcon } from "../../../components/icons.tsx";
import { api, serverMessage } from "../../lib/api.ts";
import { Dialog } from "../../lib/Dialog.tsx";
import { DialogActions } from "../../lib/DialogActions.tsx";
import { toast } from "../../lib/toast.ts";
import { keepKnownEvents } from "./answered_order.ts";
import { fieldClass, FieldLabel } from "../FieldLabel.tsx";
import {
  instructionsState,
  regeneratedText,
  regenerateLyricsBody,
  regenerationHistoryText,
} from "./lyrics_regeneration.ts";

export interface RegenerateLyricsDialogProps {
  order: AdminOrder;
  onClose(): void;
  onRegenerated(order: AdminOrder): void;
}

interface RegenerateAnswer {
  message: string;
  lyricsRegenerationCount: number;
  order: AdminOrder;
}

/**
 * Staff-side §2, Regenerate Lyrics: new lyrics for the order, optionally steered by an instruction,
 * while its audio stays as it is. A failure is shown inside the dialog, next to the instruction that
 * may need changing, rather than in a toast that disappears.
 */
export function RegenerateLyricsDialog({ order, onClose, onRegenerated }: RegenerateLyricsDialogProps) {
  useSignals();
  const instructions = useSignal("");
  const pending = useSignal(false);
  const failure = useSignal<string | null>(null);
  const open = useRef(true);
  const fieldId = useId();
  const counterId = useId();
  const lyricsId = useId();
  const state = instructionsState(instructions.value);

  useEffect(() => () => void (open.current = false), []);

  const regenerate = async () => {
    if (pending.value || state.tooLong) return;
    pending.value = true;
    failure.value = null;
    try {
      const answer = await api<RegenerateAnswer>(
        "POST",
        `/api/admin/orders/${encodeURIComponent(order.id)}/regenerate-lyrics`,
        regenerateLyricsBody(instructions.value),
      );
      toast({
        title: answer.message || "Lyrics regenerated successfully!",
        description: regeneratedText(answer.lyricsRegenerationCount),
      });
      // Closed while waiting: the list's next refresh shows the new lyrics; nothing here to update.
      if (open.current) onRegenerated(keepKnownEvents(answer.order, order.events));
    } catch (error) {
      if (!open.current) return;
      failure.value = serverMessage(error) ?? "Failed to regenerate lyrics";
    } finally {
      pending.value = false;
    }
  };

  const lyrics = order.songLyrics?.trim();
  return (
    <Dialog
      title={`Regenerate Lyrics for ${order.childName}'s Song`}
      description={`Order #${order.orderNumber}: new lyrics are written from the order's details.`}
      onClose={onClose}
      size="lg"
    >
      <div className="grid gap-4" aria-busy={pending.value}>
        <div className="grid gap-1.5">
          <h3 id={lyricsId} className="text-sm font-semibold text-slate-800">Current lyrics</h3>
          <div
            tabIndex={0}
            role="region"
            aria-labelledby={lyricsId}
            data-current-lyrics=""
            className="max-h-56 overflow-y-auto whitespace-pre-line rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
          >
            {lyrics || <span className="italic text-slate-500">No lyrics yet.</span>}
          </div>
        </div>

        <div
          data-regeneration-notice=""
          className="grid gap-1 rounded-xl border border-violet-200 bg-violet-50 p-4 text-sm text-violet-900"
        >
          <p>{regenerationHistoryText(order.lyricsRegenerationCount ?? 0, order.lastLyricsRegeneratedAt)}</p>
          <p className="font-semibold">The song's audio stays unchanged: only the lyrics are rewritten.</p>
        </div>

        <div className="grid gap-1.5">
          <FieldLabel htmlFor={fieldId} optional>Additional instructions</FieldLabel>
          <textarea
            id={fieldId}
            data-autofocus=""
            rows={4}
            value={instructions.value}
            disabled={pending.value}
            aria-describedby={counterId}
            aria-invalid={state.tooLong || undefined}
            placeholder="For example: mention her new baby brother Sam, and make the chorus about dinosaurs."
            onChange={(event) => (instructions.value = event.currentTarget.value)}
            className={fieldClass(state.tooLong)}
          />
          <p
            id={counterId}
            data-counter=""
            data-too-long={state.tooLong ? "true" : "false"}
            className={state.tooLong
              ? "text-right text-sm font-semibold tabular-nums text-red-600"
              : "text-right text-sm tabular-nums text-slate-500"}
          >
            {state.tooLong ? `Too long: shorten it to 500 characters. ${state.counter}` : state.counter}
          </p>
        </div>

        {failure.value && (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
          >
            <AlertCircleIcon className="mt-0.5 h-5 w-5 shrink-0" />
            <p>{failure.value}</p>
          </div>
        )}

        <DialogActions
          label={pending.value
            ? (
              <>
                <SpinnerIcon className="h-5 w-5" />Regenerating...
              </>
            )
            : "Regenerate Lyrics"}
          onConfirm={regenerate}
          onCancel={onClose}
          busy={pending.value}
          holdFocus
          disabled={state.tooLong}
        />
        <p className="sr-only" aria-live="polite">{pending.value ? "Regenerating the lyrics…" : ""}</p>
      </div>
    </Dialog>
  );
}
