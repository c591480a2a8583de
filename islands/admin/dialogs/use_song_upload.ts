import { useSignal } from "@preact/signals-react";
import { useEffect, useRef } from "react";
import type { SongWords } from "../../../domain/song/upload_words.ts";
import { toast } from "../../lib/toast.ts";
import { songFileProblem } from "./song_file.ts";
import { SongUploadError, uploadFailureText, uploadSongFile } from "./song_upload.ts";

/**
 * One song upload at a time for a dialog: its progress (null when none is running), its phase (sending
 * the file, then saving what it is for) and the upload itself. Closing the dialog cancels the transfer,
 * so a closed dialog does not keep sending 30 MB.
 */
export function useSongUpload() {
  const progress = useSignal<number | null>(null);
  const phase = useSignal<"idle" | "uploading" | "saving">("idle");
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  async function upload(file: File, words?: SongWords | null) {
    controller.current = new AbortController();
    progress.value = 0;
    try {
      return await uploadSongFile(
        file,
        (percent) => (progress.value = percent),
        controller.current.signal,
        words,
      );
    } catch (error) {
      progress.value = null;
      throw error;
    }
  }

  /**
   * The uploaded song's address, or null when the upload failed: quietly when it was cancelled (the
   * dialog closed), otherwise with a toast headed `title`, in the server's words or `fallback`.
   * `words`: the song's title and lyrics, sent with the file (Upload Song, for an order without them).
   */
  async function uploadOrExplain(
    file: File,
    title: string,
    fallback: string,
    words?: SongWords | null,
  ): Promise<string | null> {
    phase.value = "uploading";
    try {
      const { songUrl } = await upload(file, words);
      phase.value = "saving";
      return songUrl;
    } catch (error) {
      phase.value = "idle";
      if (!(error instanceof SongUploadError && error.aborted)) {
        toast({ title, description: uploadFailureText(error, fallback), variant: "destructive" });
      }
      return null;
    }
  }

  /** The save after the upload failed: the dialog is back to before its submit. */
  const saveFailed = () => {
    phase.value = "idle";
    progress.value = null;
  };
  return { progress, phase, uploadOrExplain, saveFailed };
}

/**
 * Whether a chosen file is refused before any upload (staff-side §5): the problem is toasted and the
 * input emptied, so choosing the same (now trimmed) file again fires a change.
 */
export function refuseUnfitSong(chosen: File | null, input: HTMLInputElement | null): boolean {
  const problem = chosen && songFileProblem(chosen);
  if (!problem) return false;
  toast({ ...problem, variant: "destructive" });
  if (input) input.value = "";
  return true;
}
