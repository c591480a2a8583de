import { useSignal } from "@preact/signals-react";
import { useEffect, useRef } from "react";
import type { SongWords } from "../../../domain/song/upload_words.ts";
import { toast } from "../../lib/toast.ts";
import { songFileProblem } from "./song_file.ts";
import { SongUploadError, uploadFailureText, uploadSongFile } from "./song_upload.ts";

/**
 * One song upload at a time for a dialog: its progress (null when none is running) and the upload
 * itself. Closing the dialog cancels the transfer, so a closed dialog does not keep sending 30 MB.
 */
export function useSongUpload() {
  const progress = useSignal<number | null>(null);
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
    try {
      return (await upload(file, words)).songUrl;
    } catch (error) {
      if (!(error instanceof SongUploadError && error.aborted)) {
        toast({ title, description: uploadFailureText(error, fallback), variant: "destructive" });
      }
      return null;
    }
  }

  return { progress, uploadOrExplain, reset: () => (progress.value = null) };
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
