import { type RefObject, useId } from "react";
import { FieldLabel } from "../FieldLabel.tsx";
import { formatFileSize, MAX_SONG_MB } from "./song_file.ts";

export interface SongFileFieldProps {
  label: string;
  accept: string;
  file: File | null;
  disabled?: boolean;
  invalid?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  autoFocus?: boolean;
  onChange(file: File | null): void;
}

/** A labelled MP3 picker that says which file is chosen and how big it is. */
export function SongFileField(
  { label, accept, file, disabled, invalid, inputRef, autoFocus, onChange }: SongFileFieldProps,
) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="grid gap-1.5">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        data-autofocus={autoFocus ? "" : undefined}
        aria-describedby={hintId}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
        className={invalid
          ? "block w-full min-h-[44px] rounded-lg border border-red-500 bg-white p-2 text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-violet-100 file:px-4 file:py-2 file:font-semibold file:text-violet-700 focus:outline-none focus:ring-2 focus:ring-red-200"
          : "block w-full min-h-[44px] rounded-lg border border-slate-300 bg-white p-2 text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-violet-100 file:px-4 file:py-2 file:font-semibold file:text-violet-700 hover:file:bg-violet-200 focus:border-violet-600 focus:outline-none focus:ring-2 focus:ring-violet-200"}
      />
      <p id={hintId} className="text-sm text-slate-600">
        {file ? `${file.name} · ${formatFileSize(file.size)}` : `MP3 audio, at most ${MAX_SONG_MB} MB.`}
      </p>
    </div>
  );
}
