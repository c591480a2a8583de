import type { SingerGender } from "../../domain/order/orders.ts";
import type { AlignedWord } from "../../domain/song/timed_lyrics.ts";
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
    /** The takes, in the service's order (one or two): the first has audio, a second only when it has too. */
    tracks: SongTrack[];
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

/** One take of a finished task. */
export interface SongTrack {
  /** The service's id of the track (its `audioId`), which timed lyrics are asked by. */
  audioId: string | null;
  audioUrl: string;
  title: string | null;
  durationSeconds: number | null;
}

/** A take's lyrics as aligned to its audio; empty when the service aligned nothing (an instrumental). */
export interface TimedLyricsAnswer {
  words: AlignedWord[];
  call: CallFacts;
}

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
  /**
   * The lyrics we sent, aligned word by word to one take's audio. Throws ProviderCallError like the
   * other calls; the caller decides whether to try again.
   */
  timedLyrics(take: { taskId: string; audioId: string }, signal?: AbortSignal): Promise<TimedLyricsAnswer>;
  /** Ends what it keeps running (the local synthesiser's render workers). */
  close?(): void;
}
