import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useRef, useState } from "react";
import type { AdminOrder } from "../../../domain/admin/order_list.ts";
import { readSongWords, wordsWanted } from "../../../domain/song/upload_words.ts";
import { api, serverMessage } from "../../lib/api.ts";
import { Dialog } from "../../lib/Dialog.tsx";
import { DialogActions } from "../../lib/DialogActions.tsx";
import { toast } from "../../lib/toast.ts";
import { keepKnownEvents } from "./answered_order.ts";
import { SongFileField } from "./SongFileField.tsx";
import { UPLOAD_ACCEPT } from "./song_file.ts";
import { UploadProgress } from "./UploadProgress.tsx";
import { UploadWordsFields } from "./UploadWordsFields.tsx";
import { refuseUnfitSong, useSongUpload } from "./use_song_upload.ts";

export interface UploadSongDialogProps {
  order: AdminOrder;
  onClose(): void;
  onUploaded(order: AdminOrder): void;
}

/**
 * Staff-side §2, Upload Song: an MP3 made elsewhere becomes the order's song, waiting for approval.
 * An order without a title or lyrics (its generation stopped first) may get them with it.
 */
export function UploadSongDialog({ order, onClose, onUploaded }: UploadSongDialogProps) {
  useSignals();
  const file = useSignal<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { progress, phase, uploadOrExplain, saveFailed } = useSongUpload();
  // Decided once, from the order as the dialog opened: the fields do not vanish while staff type.
  const [wanted] = useState(() => wordsWanted(order));
  const title = useSignal("");
  const lyrics = useSignal("");

  const choose = (chosen: File | null) => {
    file.value = refuseUnfitSong(chosen, input.current) ? null : chosen;
  };

  const submit = async () => {
    const chosen = file.value;
    if (!chosen || phase.value !== "idle") return;
    const words = readSongWords(wanted.title ? title.value : null, wanted.lyrics ? lyrics.value : null);
    if (!words.ok) {
      return toast({ title: "Upload failed", description: words.message, variant: "destructive" });
    }

    const songUrl = await uploadOrExplain(
      chosen,
      "Upload failed",
      "Failed to upload song file. Please try again.",
      words.words,
    );
    if (songUrl === null) return;
    try {
      const answer = await api<{ message: string; order: AdminOrder }>(
        "POST",
        `/api/admin/orders/${encodeURIComponent(order.id)}/upload`,
        { songUrl },
      );
      toast({
        title: answer.message || "Song uploaded",
        description: `${order.childName}'s song is ready for approval.`,
      });
      onUploaded(keepKnownEvents(answer.order, order.events));
    } catch (error) {
      saveFailed();
      toast({
        title: "Warning",
        description: serverMessage(error) ??
          "Song uploaded but failed to update order. Please contact admin.",
        variant: "destructive",
      });
    }
  };

  const busy = phase.value !== "idle";
  return (
    <Dialog
      title="Upload Song"
      description={`Upload an MP3 for ${order.childName}'s song (order #${order.orderNumber}). ` +
        "The order is completed with it and waits for approval."}
      onClose={onClose}
      size="lg"
    >
      <form
        className="grid gap-5"
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <SongFileField
          label="Audio file"
          accept={UPLOAD_ACCEPT}
          file={file.value}
          disabled={busy}
          inputRef={input}
          autoFocus
          onChange={choose}
        />
        <UploadWordsFields
          wanted={wanted}
          title={title.value}
          lyrics={lyrics.value}
          disabled={busy}
          onTitle={(value) => (title.value = value)}
          onLyrics={(value) => (lyrics.value = value)}
        />
        {progress.value !== null && (
          <UploadProgress
            percent={progress.value}
            label={phase.value === "saving" ? "Uploaded, updating the order…" : "Uploading song…"}
          />
        )}
        <DialogActions
          label={{ idle: "Upload Song", uploading: "Uploading...", saving: "Saving..." }[phase.value]}
          onCancel={onClose}
          busy={busy}
          holdFocus
          disabled={!file.value}
        />
      </form>
    </Dialog>
  );
}
