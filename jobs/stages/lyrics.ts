import { briefOf, cleanLyrics, lyricsUserMessage } from "../../domain/prompts/defaults.ts";
import { ProviderCallError } from "../../providers/calls.ts";
import { getSystemPrompt } from "../../kv/prompts.ts";
import { promptScopeOfOrder } from "../../domain/prompts/scope.ts";
import type { Stage } from "./mod.ts";

/** LYRICS: the admin's lyrics prompt and the child's details go to the lyricist. */
export const writeLyrics: Stage = async ({ deps, order, signal }) => {
  const { prompt: system, version } = await getSystemPrompt(deps.kv, "lyrics", promptScopeOfOrder(order));
  const brief = briefOf(order);
  const user = lyricsUserMessage(brief);
  const result = await deps.providers.words.writeLyrics({ system, user, brief }, signal);
  const lyrics = cleanLyrics(result.lyrics);
  if (!lyrics) throw new ProviderCallError("The lyrics service answered with empty lyrics.", result.call);
  return {
    kind: "advance",
    to: "TAGS",
    // Which prompt wrote these lyrics, for staff comparing songs across prompt edits.
    patch: { songLyrics: lyrics, promptVersions: { ...order.promptVersions, lyrics: version } },
    message: `Lyrics written (${lyrics.split("\n").filter(Boolean).length} lines).`,
    call: result.call,
    debug: { openaiLyricsPrompt: `${system}\n\n---\n\n${user}`, openaiLyricsResponse: result.raw },
  };
};
