import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { type ChangeEvent, type InputHTMLAttributes, useId, useRef } from "react";
import type { AdminOrder } from "../../../domain/admin/order_list.ts";
import { AlertCircleIcon } from "../../../components/icons.tsx";
import { buttonClass } from "../../../components/ui.ts";
import { EMAIL_MAX_CHARS } from "../../../domain/email/address.ts";
import {
  MANUAL_CHILD_NAME_MAX_CHARS,
  MANUAL_SONG_TITLE_MAX_CHARS,
} from "../../../domain/admin/manual_order.ts";
import { api, serverMessage } from "../../lib/api.ts";
import { Dialog } from "../../lib/Dialog.tsx";
import { DialogActions } from "../../lib/DialogActions.tsx";
import { toast } from "../../lib/toast.ts";
import { keepKnownEvents } from "./answered_order.ts";
import { fieldClass, FieldLabel } from "../FieldLabel.tsx";
import {
  checkManualOrder,
  duplicateWarning,
  type ManualOrderField,
  type ManualOrderFields,
  MAX_CHILD_AGE,
  MIN_CHILD_AGE,
} from "./manual_order.ts";
import { SongFileField } from "./SongFileField.tsx";
import { MANUAL_ORDER_ACCEPT } from "./song_file.ts";
import { UploadProgress } from "./UploadProgress.tsx";
import { refuseUnfitSong, useSongUpload } from "./use_song_upload.ts";

export interface CreateOrderDialogProps {
  onClose(): void;
  onCreated(order: AdminOrder): void;
}

const EMPTY: ManualOrderFields = {
  childName: "",
  childAge: "",
  parentEmail: "",
  songTitle: "",
  songLyrics: "",
};

/**
 * Staff-side §2, Create Manual Order: a song made outside the pipeline becomes a completed order
 * that waits for approval like any other. The MP3 is uploaded first, then the order is created.
 */
export function CreateOrderDialog({ onClose, onCreated }: CreateOrderDialogProps) {
  useSignals();
  const fields = useSignal<ManualOrderFields>(EMPTY);
  const file = useSignal<File | null>(null);
  const invalid = useSignal<ManualOrderField[]>([]);
  /** The server's warning that this order repeats one that exists, until a field changes. */
  const duplicate = useSignal<string | null>(null);
  /** The chosen file once uploaded: "Create it anyway" sends the same upload, not the file again. */
  const uploaded = useSignal<{ file: File; songUrl: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const { progress, phase, uploadOrExplain, saveFailed } = useSongUpload();
  const busy = phase.value !== "idle";

  const set = (field: keyof ManualOrderFields) => (value: string) => {
    fields.value = { ...fields.value, [field]: value };
    duplicate.value = null;
    if (invalid.value.includes(field)) invalid.value = invalid.value.filter((name) => name !== field);
  };

  const chooseFile = (chosen: File | null) => {
    if (refuseUnfitSong(chosen, fileInput.current)) {
      file.value = null;
      return;
    }
    file.value = chosen;
    uploaded.value = null;
    invalid.value = invalid.value.filter((name) => name !== "songFile");
  };

  const submit = async (allowDuplicate = false) => {
    if (busy) return;
    const check = checkManualOrder(fields.value, !!file.value);
    if (!check.ok) {
      invalid.value = check.missing;
      toast({ title: check.title, description: check.description, variant: "destructive" });
      const first = check.missing[0];
      const target = first === "songFile"
        ? fileInput.current
        : form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
      target?.focus();
      return;
    }

    // The fields are disabled while busy: keep the focus inside the dialog, on what says what is going on.
    submitButton.current?.focus();
    const songUrl = await songUrlOf(file.value!);
    if (songUrl === null) return;
    try {
      const answer = await api<{ message: string; order: AdminOrder }>(
        "POST",
        "/api/admin/orders/create",
        { ...check.body, songUrl, ...(allowDuplicate ? { allowDuplicate: true } : {}) },
      );
      toast({
        title: "Order Created Successfully!",
        description:
          `Order #${answer.order.orderNumber} for ${answer.order.childName} is ready for approval.`,
      });
      onCreated(keepKnownEvents(answer.order, []));
    } catch (error) {
      saveFailed();
      const warning = duplicateWarning(error);
      if (warning) {
        duplicate.value = warning;
        return;
      }
      toast({
        title: "Error",
        description: serverMessage(error) ?? "Failed to create order",
        variant: "destructive",
      });
    }
  };

  const songUrlOf = async (chosen: File): Promise<string | null> => {
    if (uploaded.value?.file === chosen) {
      phase.value = "saving";
      return uploaded.value.songUrl;
    }
    const songUrl = await uploadOrExplain(chosen, "Error", "Failed to upload song");
    if (songUrl !== null) uploaded.value = { file: chosen, songUrl };
    return songUrl;
  };

  const isInvalid = (field: ManualOrderField) => invalid.value.includes(field);
  /** What every box of the form takes from it: its value, whether it is in error, and its setter. */
  const bound = <F extends keyof ManualOrderFields & ManualOrderField>(field: F) => ({
    field,
    value: fields.value[field],
    invalid: isInvalid(field),
    disabled: busy,
    onValue: set(field),
  });
  return (
    <Dialog
      title="Create Manual Order"
      description="For a song made outside the studio: the order is created with this song, ready for approval."
      onClose={onClose}
      size="lg"
    >
      <form
        ref={form}
        noValidate
        className="grid gap-4"
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Field
            label="Child's name"
            {...bound("childName")}
            maxLength={MANUAL_CHILD_NAME_MAX_CHARS}
            autoComplete="off"
            data-autofocus=""
          />
          <Field
            label="Age"
            {...bound("childAge")}
            type="number"
            inputMode="numeric"
            min={MIN_CHILD_AGE}
            max={MAX_CHILD_AGE}
            step={1}
          />
        </div>
        <Field
          label="Parent's email"
          {...bound("parentEmail")}
          type="email"
          maxLength={EMAIL_MAX_CHARS}
          autoComplete="off"
        />
        <Field
          label="Song title"
          {...bound("songTitle")}
          maxLength={MANUAL_SONG_TITLE_MAX_CHARS}
        />
        <Field label="Lyrics" {...bound("songLyrics")} rows={6} />
        <SongFileField
          label="Song file (MP3)"
          accept={MANUAL_ORDER_ACCEPT}
          file={file.value}
          disabled={busy}
          invalid={isInvalid("songFile")}
          inputRef={fileInput}
          onChange={chooseFile}
        />
        {progress.value !== null && (
          <UploadProgress
            percent={progress.value}
            label={phase.value === "saving" ? "Uploaded, creating the order…" : "Uploading song…"}
          />
        )}
        {duplicate.value && !busy && (
          <DuplicateWarning
            message={duplicate.value}
            onCreateAnyway={() => submit(true)}
          />
        )}
        <p className="text-sm text-slate-600">All fields are required.</p>
        <DialogActions
          label={{
            idle: "Create Order",
            uploading: "Uploading song...",
            saving: "Creating order...",
          }[phase.value]}
          onCancel={onClose}
          busy={busy}
          holdFocus
          confirmRef={submitButton}
        />
      </form>
    </Dialog>
  );
}

/**
 * The order looks like one that exists. Staff may know better (a second song for the same
 * child), so they can go on; changing any field asks the server again instead.
 */
function DuplicateWarning({ message, onCreateAnyway }: { message: string; onCreateAnyway(): void }) {
  return (
    <div
      role="alert"
      data-duplicate-warning=""
      className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p className="flex items-start gap-2">
        <AlertCircleIcon className="mt-0.5 h-5 w-5 shrink-0" />
        <span>
          <strong className="font-semibold">This may be a duplicate.</strong> {message}{" "}
          Change the details above, or create it anyway.
        </span>
      </p>
      <button
        type="button"
        className={`${buttonClass("outline", "sm")} min-h-[44px] justify-self-start`}
        onClick={onCreateAnyway}
      >
        Create it anyway
      </button>
    </div>
  );
}

type FieldProps =
  & { label: string; field: keyof ManualOrderFields; invalid: boolean; onValue(value: string): void }
  /** Given: a text area this many lines high (the lyrics) rather than a one-line box. */
  & { rows?: number }
  & Omit<InputHTMLAttributes<HTMLInputElement>, "onChange">
  & { "data-autofocus"?: string };

function Field({ label, field, invalid, onValue, rows, ...input }: FieldProps) {
  const id = useId();
  const box = {
    id,
    name: field,
    "data-field": field,
    required: true,
    "aria-invalid": invalid || undefined,
    className: fieldClass(invalid),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onValue(event.currentTarget.value),
  };
  return (
    <div className="grid content-start gap-1.5">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {rows
        ? <textarea {...box} rows={rows} value={input.value} disabled={input.disabled} />
        : <input {...input} {...box} />}
    </div>
  );
}
