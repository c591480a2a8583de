import { cleanLyrics, cleanTags, cleanTitle } from "../../domain/prompts/defaults.ts";
import { type CallFacts, ProviderCallError, stopwatch } from "../calls.ts";
import { songShape } from "./local/instructions.ts";
import { composeLyrics } from "./local/lyrics.ts";
import { composeTags, composeTitle } from "./local/tags.ts";
import type { Lyricist } from "./mod.ts";

export { phrasesOf, type SongShape, songShape } from "./local/instructions.ts";
export { composeLyrics } from "./local/lyrics.ts";
export { fnv1a } from "./local/text.ts";

/**
 * The local lyricist (ARCHITECTURE.md §3): real, child-specific lyrics with no network and no
 * randomness, so the same brief and prompts always give the same song.
 *
 * Lines come from small tables of rhyming couplets, one per filled detail (age, birthday, favorite
 * color, toy, place, activity, activities, best friend, friends, pet, what the child calls the
 * parent, favorite saying, talent, dream), sung in the second person so no pronoun can be wrong,
 * and a gift's dedication from its giver by first name. Free prose (extra and additional details)
 * is not sung: without a model it cannot be turned into lines faithfully; nor is a gift's message,
 * which is its recipient's to read (the same rule the lyrics prompt gives the real lyricist). The `user` message is not parsed; the brief holds the same
 * facts.
 *
 * What it honours of the prompts (the admin's instruction wins over the system prompt):
 * - a number of verses: "one", "a single", "two", "three", "four" (or a digit) "verse(s)"; 1 to 4;
 * - a bridge: included when the text mentions a bridge, left out for "no bridge", "without a
 *   bridge", "skip/omit/leave out/remove the bridge", "don't include a bridge";
 * - an outro, the same way ("outro" / "no outro");
 * - "short song", "keep it short", "shorter": one verse and no bridge, unless the same text names a
 *   verse count or asks for a bridge; "longer", "long song": one more verse and a bridge;
 * - rhyme: every verse is rhyming couplets anyway; a request not to rhyme is not honoured;
 * - the admin's instruction only: a mood word (calmer, gentle, sleepy; sillier, funny; energetic,
 *   upbeat; heartfelt, tender; happy, cheerful) changes the chorus and filler lines;
 * - the admin's instruction only: each quoted phrase ("…", “…”, '…'), and the words after "mention"
 *   or "include" when nothing is quoted, is sung in the bridge (or the last verse without one).
 * The phonetic spelling is never written: any occurrence is replaced by the name.
 */
export function createLocalLyricist(): Lyricist {
  return {
    kind: "local",
    writeLyrics(request, signal) {
      return answer("local:lyrics", signal, () => {
        const lyrics = cleanLyrics(composeLyrics(request.brief, songShape(request.system, request.brief)));
        return { lyrics, raw: JSON.stringify({ lyrics }) };
      });
    },
    writeTags(request, signal) {
      return answer("local:tags", signal, () => {
        const tags = cleanTags(composeTags(request.brief));
        const title = cleanTitle(composeTitle(request.brief));
        return { tags, title, raw: JSON.stringify({ tags, title }) };
      });
    },
  };
}

/** Answers as a remote lyricist would: timed, and a cancelled call is a call that gave no answer. */
function answer<T>(
  endpoint: string,
  signal: AbortSignal | undefined,
  write: () => T,
): Promise<T & { call: CallFacts }> {
  const elapsed = stopwatch();
  if (signal?.aborted) {
    return Promise.reject(
      new ProviderCallError("The local lyricist was cancelled.", callFacts(endpoint, 0, elapsed()), {
        cause: signal.reason,
      }),
    );
  }
  const written = write();
  return Promise.resolve({ ...written, call: callFacts(endpoint, 200, elapsed()) });
}

function callFacts(endpoint: string, httpStatus: number, durationMs: number): CallFacts {
  return { provider: "local-lyricist", endpoint, method: "LOCAL", httpStatus, durationMs };
}
