import type { SongBrief } from "../../domain/generation/song_brief.ts";
import type { CallFacts } from "../calls.ts";

export type { SongBrief } from "../../domain/generation/song_brief.ts";

/**
 * The lyricist: writes a song's lyrics, then its style tags and title. Two implementations: OpenAI
 * through the real SDK (the Responses API, or chat completions for a compatible server) and the local
 * lyricist that works offline. Both receive the same
 * prompts the admin edits, so the local one can honour their intent.
 */

export interface LyricsRequest {
  /** The admin's lyrics system prompt (or the shipped default). */
  system: string;
  /** The order's details written out for the model (domain/prompts/defaults.ts). */
  user: string;
  brief: SongBrief;
}

export interface LyricsResult {
  lyrics: string;
  /** The raw answer, kept as the debug text "lyrics response". */
  raw: string;
  call: CallFacts;
}

export interface TagsRequest {
  system: string;
  user: string;
  brief: SongBrief;
  lyrics: string;
}

export interface TagsResult {
  /** Comma-separated style tags for the music API, e.g. "upbeat pop, female vocals, ukulele". */
  tags: string;
  title: string;
  raw: string;
  call: CallFacts;
}

export interface Lyricist {
  readonly kind: "openai" | "local";
  /** Throws ProviderCallError when the service fails or answers something unusable. */
  writeLyrics(request: LyricsRequest, signal?: AbortSignal): Promise<LyricsResult>;
  writeTags(request: TagsRequest, signal?: AbortSignal): Promise<TagsResult>;
}
