import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useId, useRef } from "react";
import { buttonClass } from "../../../components/ui.ts";
import { api } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { failureToast } from "../actions/action_messages.ts";
import type { ListedOrder } from "../types.ts";
import { INVALID_EMAIL, isValidEditedEmail } from "./email.ts";

export interface EmailEditorProps {
  order: ListedOrder;
  emailType: "parent" | "gift";
  onChanged(order: ListedOrder): void;
}

const WHO = { parent: "parent email", gift: "gift recipient email" } as const;

/** Staff-side §6: an admin corrects the parent's or the gift recipient's address (PATCH update-email). */
export function EmailEditor({ order, emailType, onChanged }: EmailEditorProps) {
  useSignals();
  const editing = useSignal(false);
  const text = useSignal("");
  const invalid = useSignal(false);
  const saving = useSignal(false);
  const inputId = useId();
  const problemId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  /** Leaving the edit removes the focused field: focus goes back to Edit, inside the dialog. */
  const refocus = useRef(false);
  useEffect(() => {
    if (editing.value || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  });
  const stopEditing = () => {
    refocus.current = true;
    editing.value = false;
  };
  const current = (emailType === "parent" ? order.parentEmail : order.giftRecipientEmail) ?? "";

  const start = () => {
    text.value = current;
    invalid.value = false;
    editing.value = true;
  };

  const save = async () => {
    const newEmail = text.value.trim();
    if (!isValidEditedEmail(newEmail)) {
      invalid.value = true;
      toast({ ...INVALID_EMAIL, variant: "destructive" });
      return;
    }
    if (newEmail === current) {
      stopEditing();
      return;
    }
    saving.value = true;
    try {
      const answer = await api<{ message: string; order: ListedOrder }>(
        "PATCH",
        `/api/admin/orders/${encodeURIComponent(order.id)}/update-email`,
        { emailType, newEmail },
      );
      toast({ title: "Email updated", description: answer.message });
      stopEditing();
      onChanged(answer.order);
    } catch (error) {
      toast(failureToast("email", error));
    } finally {
      saving.value = false;
    }
  };

  if (!editing.value) {
    return (
      <span className="flex flex-wrap items-center gap-2">
        <span className="break-all">{current || <span className="text-slate-400">—</span>}</span>
        <button
          ref={editButton}
          type="button"
          onClick={start}
          aria-label={`Edit ${WHO[emailType]}`}
          className={buttonClass("ghost", "sm")}
        >
          Edit
        </button>
      </span>
    );
  }

  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label htmlFor={inputId} className="sr-only">New {WHO[emailType]}</label>
      <input
        id={inputId}
        type="email"
        value={text.value}
        autoFocus
        disabled={saving.value}
        aria-invalid={invalid.value}
        aria-describedby={invalid.value ? problemId : undefined}
        onChange={(event) => {
          text.value = event.currentTarget.value;
          invalid.value = false;
        }}
        onKeyDown={(event) => {
          // Escape leaves the edit, not the whole dialog.
          if (event.key !== "Escape") return;
          event.stopPropagation();
          stopEditing();
        }}
        className={`block h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 focus:outline-none focus:ring-2 ${
          invalid.value
            ? "border-red-500 focus:ring-red-200"
            : "border-slate-300 focus:border-violet-600 focus:ring-violet-200"
        }`}
      />
      {invalid.value && <p id={problemId} className="text-sm text-red-700">{INVALID_EMAIL.description}</p>}
      <span className="flex gap-2">
        <button type="submit" disabled={saving.value} className={buttonClass("primary", "sm")}>
          {saving.value ? "Saving..." : "Save"}
        </button>
        <button
          type="button"
          disabled={saving.value}
          onClick={stopEditing}
          className={buttonClass("outline", "sm")}
        >
          Cancel
        </button>
      </span>
    </form>
  );
}
