import { briefOf, cleanTags, cleanTitle, tagsUserMessage } from "../../domain/prompts/defaults.ts";
import { ProviderCallError } from "../../providers/calls.ts";
import { getSystemPrompt } from "../../kv/prompts.ts";
import { promptScopeOfOrder } from "../../domain/prompts/scope.ts";
import type { Stage } from "./mod.ts";

/** TAGS: style tags and a title from the genre, singer, style and the lyrics just written. */
export const writeTags: Stage = async ({ deps, order, signal }) => {
  const lyrics = order.songLyrics ?? "";
  const { prompt: system, version } = await getSystemPrompt(deps.kv, "tags", promptScopeOfOrder(order));
  const brief = briefOf(order);
  const user = tagsUserMessage(brief, lyrics);
  const result = await deps.providers.words.writeTags({ system, user, brief, lyrics }, signal);
  const tags = cleanTags(result.tags);
  if (!tags) throw new ProviderCallError("The lyrics service answered without style tags.", result.call);
  const title = cleanTitle(result.title) || `${order.childName}'s Song`;
  return {
    kind: "advance",
    to: "SUNO_CREATE",
    patch: { songTags: tags, songTitle: title, promptVersions: { ...order.promptVersions, tags: version } },
    message: `Style: ${tags}. Title: ${title}.`,
    call: result.call,
    debug: { openaiTagsInput: `${system}\n\n---\n\n${user}`, openaiTagsOutput: result.raw },
  };
};
