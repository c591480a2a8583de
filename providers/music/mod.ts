import type { SingerGender } from "../../domain/orders.ts";
import type { CallFacts } from "../calls.ts";

/**
 * The music studio: turns lyrics and style tags into audio. Two implementations: the sunoapi.org-style
 * HTTP API (create a task, poll it, download the audio) and the local synthesiser, which renders a
 * short real MP3 offline through the same three calls.
 */
export interface SongRequest {
  lyrics: string;
  /** Style tags from the tags step. */
  style: string;
  title: string;
  singer: SingerGender;
  /** Where the service may POST progress; only ever a trigger to check again. */
  callbackUrl: string;
}

export interface CreatedSong {
  taskId: string;
  call: CallFacts;
}

/** A task's state, in our words. `providerStatus` keeps the service's own (e.g. "TEXT_SUCCESS"). */
export type SongCheck =
  | { state: "pending"; providerStatus: string; call: CallFacts }
  | {
    state: "succeeded";
    providerStatus: string;
    audioUrl: string;
    title: string | null;
    durationSeconds: number | null;
    call: CallFacts;
  }
  | {
    state: "failed";
    providerStatus: string;
    message: string;
    /** The task's own error code, when the service gave one (a refusal's 400, for example). */
    errorCode: number | null;
    call: CallFacts;
  };

export interface DownloadedAudio {
  bytes: Uint8Array;
  contentType: string;
  call: CallFacts;
}

export interface MusicStudio {
  readonly kind: "suno" | "local";
  /** Throws ProviderCallError on an HTTP failure or a body `code` other than 200. */
  createSong(request: SongRequest, signal?: AbortSignal): Promise<CreatedSong>;
  checkSong(taskId: string, signal?: AbortSignal): Promise<SongCheck>;
  /** Fetches the finished audio (provider URLs expire, so it is copied into our blob store). */
  downloadAudio(audioUrl: string, signal?: AbortSignal): Promise<DownloadedAudio>;
  /** Ends what it keeps running (the local synthesiser's render workers). */
  close?(): void;
}
