import { useSignal } from "@preact/signals-react";
import { useEffect, useRef } from "react";
import { uploadSongFile } from "./song_upload.ts";

/**
 * One song upload at a time for a dialog: its progress (null when none is running) and the upload
 * itself. Closing the dialog cancels the transfer, so a closed dialog does not keep sending 30 MB.
 */
export function useSongUpload() {
  const progress = useSignal<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  async function upload(file: File) {
    controller.current = new AbortController();
    progress.value = 0;
    try {
      return await uploadSongFile(file, (percent) => (progress.value = percent), controller.current.signal);
    } catch (error) {
      progress.value = null;
      throw error;
    }
  }

  return { progress, upload, reset: () => (progress.value = null) };
}
