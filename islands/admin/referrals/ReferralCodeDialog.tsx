import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { type FormEvent, useRef } from "react";
import type { ReferralCode } from "../../../domain/referral/referrals.ts";
import { api, ApiError, serverMessage } from "../../lib/api.ts";
import { Dialog } from "../../lib/Dialog.tsx";
import { DialogActions } from "../../lib/DialogActions.tsx";
import { toast } from "../../lib/toast.ts";
import { discountText } from "./display.ts";
import {
  bodyOf,
  canSubmit,
  codeCharacterProblem,
  emptyReferralForm,
  expiryWarning,
  formOf,
  problemsOf,
  type ReferralProblems,
  valueNote,
} from "./form.ts";
import { ReferralCodeFields } from "./ReferralCodeFields.tsx";

export interface ReferralCodeDialogProps {
  /** The code to edit, or null to create a new one. */
  editing: ReferralCode | null;
  onClose(): void;
  onSaved(code: ReferralCode): void;
}

interface SavedAnswer {
  message: string;
  code: ReferralCode;
}

/** Create or edit a referral code (staff-side §2 and §5). */
export function ReferralCodeDialog({ editing, onClose, onSaved }: ReferralCodeDialogProps) {
  useSignals();
  const form = useSignal(editing ? formOf(editing) : emptyReferralForm());
  /** Problems show once a submit was tried; until then only a wrong character in the code does. */
  const submitted = useSignal(false);
  /** What the server refused about the code (taken), until the code is changed. */
  const serverProblem = useSignal<ReferralProblems>({});
  const saving = useSignal(false);
  const body = useRef<HTMLDivElement>(null);

  const characterProblem = codeCharacterProblem(form.value.code);
  const problems: ReferralProblems = submitted.value
    ? { ...problemsOf(form.value), ...serverProblem.value }
    : { ...(characterProblem ? { code: characterProblem } : {}), ...serverProblem.value };
  const action = editing ? "update" : "create";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving.value || !canSubmit(form.value)) return;
    submitted.value = true;
    if (Object.keys(problemsOf(form.value)).length > 0) {
      // After the re-render, so the first field with a message is the one that gets the focus.
      setTimeout(() => body.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    saving.value = true;
    try {
      const payload = bodyOf(form.value, editing !== null);
      const answer = editing
        ? await api<SavedAnswer>(
          "PATCH",
          `/api/admin/referral-codes/${encodeURIComponent(editing.id)}`,
          payload,
        )
        : await api<SavedAnswer>("POST", "/api/admin/referral-codes", payload);
      toast({
        title: editing ? "Referral code updated" : "Referral code created",
        description: `${answer.code.code} · ${discountText(answer.code)}`,
      });
      onSaved(answer.code);
    } catch (error) {
      const message = serverMessage(error);
      if (error instanceof ApiError && error.status === 409 && message) {
        serverProblem.value = { code: message };
      }
      toast({ title: `Failed to ${action} referral code`, description: message, variant: "destructive" });
      saving.value = false;
    }
  };

  return (
    <Dialog
      title={editing ? "Edit Referral Code" : "Create Referral Code"}
      description={editing
        ? `Changes apply to the next checkout that uses ${editing.code}.`
        : "A code customers can enter at checkout, or share as a link."}
      onClose={() => !saving.value && onClose()}
      size="lg"
    >
      <form noValidate onSubmit={submit} className="grid gap-6">
        <div ref={body}>
          <ReferralCodeFields
            form={form.value}
            problems={problems}
            notes={{ value: valueNote(form.value), expiresAt: expiryWarning(form.value, Date.now()) }}
            editing={editing !== null}
            disabled={saving.value}
            onChange={(next) => {
              if (next.code !== form.value.code) serverProblem.value = {};
              form.value = next;
            }}
          />
        </div>
        <DialogActions
          label={saving.value ? "Saving..." : editing ? "Save Changes" : "Create Code"}
          onCancel={onClose}
          busy={saving.value}
          disabled={!canSubmit(form.value)}
        />
      </form>
    </Dialog>
  );
}
