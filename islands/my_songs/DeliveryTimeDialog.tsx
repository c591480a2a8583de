import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useId } from "react";
import { AlertCircleIcon } from "../../components/icons.tsx";
import type { MySongsItem } from "../../domain/order/views.ts";
import { Dialog } from "../lib/Dialog.tsx";
import { DialogActions } from "../lib/DialogActions.tsx";
import { type DeliveryPart, DeliveryTimeFields } from "../order/DeliveryTimeFields.tsx";
import {
  browserTimeZone,
  choiceOf,
  type DeliveryChoice,
  type DeliveryProblem,
  deliveryProblem,
} from "../order/delivery_time.ts";

/** What became of a save: done (saved, or the page has said why not and closed the dialog), or words to show in it. */
export type DeliverySaveOutcome =
  | { kind: "done" }
  /** The server refused the day (400): said under the date box. */
  | { kind: "refused"; message: string }
  /** Anything else that went wrong: said above the buttons. */
  | { kind: "failed"; message: string };

export interface DeliveryTimeDialogProps {
  song: MySongsItem;
  save(choice: DeliveryChoice, timeZone: string): Promise<DeliverySaveOutcome>;
  onClose(): void;
}

/**
 * "Change delivery time" on a My Songs card: the order form's question again, starting
 * from what the family asked for, checked by the same rule before it is sent.
 */
export function DeliveryTimeDialog({ song, save, onClose }: DeliveryTimeDialogProps) {
  useSignals();
  // A chosen day stays on the clock it was chosen on ("8:00 in London" wherever this page is
  // opened, a gift's recipient's perhaps); a first one starts on this browser's. Either may be changed.
  const localTimeZone = browserTimeZone();
  const timeZone = useSignal(song.requestedDelivery?.timeZone ?? localTimeZone);
  const choice = useSignal<DeliveryChoice>(choiceOf(song.requestedDelivery));
  const problem = useSignal<Pick<DeliveryProblem, "part" | "message"> | null>(null);
  const failure = useSignal<string | null>(null);
  const saving = useSignal(false);
  const idBase = useId();
  const idOf = (part: DeliveryPart) => `${idBase}-delivery-${part}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving.value) return;
    failure.value = null;
    const found = deliveryProblem(choice.value, Date.now(), timeZone.value);
    problem.value = found;
    if (found) {
      document.getElementById(idOf(found.part))?.focus();
      return;
    }
    saving.value = true;
    const outcome = await save(choice.value, timeZone.value);
    saving.value = false;
    if (outcome.kind === "refused") {
      problem.value = { part: "date", message: outcome.message };
      document.getElementById(idOf("date"))?.focus();
    } else if (outcome.kind === "failed") {
      failure.value = outcome.message;
    }
  };

  return (
    <Dialog title="Change delivery time" onClose={onClose}>
      <form noValidate onSubmit={submit} className="grid gap-5" aria-busy={saving.value || undefined}>
        <DeliveryTimeFields
          idOf={idOf}
          legend={`When should ${song.childName}'s song arrive?`}
          choice={choice.value}
          timeZone={timeZone.value}
          onTimeZoneChange={(zone) => {
            timeZone.value = zone;
            problem.value = null;
          }}
          audience={{ recipient: null, localTimeZone }}
          now={Date.now()}
          error={problem.value}
          onChange={(change) => {
            choice.value = { ...choice.value, ...change };
            problem.value = null;
          }}
        />
        {failure.value && (
          <p role="alert" className="flex items-start gap-2 text-sm font-medium text-red-700">
            <AlertCircleIcon className="mt-0.5 h-4 w-4 shrink-0" />
            {failure.value}
          </p>
        )}
        <DialogActions label={saving.value ? "Saving..." : "Save"} onCancel={onClose} busy={saving.value} />
      </form>
    </Dialog>
  );
}
