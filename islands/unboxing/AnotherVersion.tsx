import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import type { AnotherVersion as AnotherVersionView } from "../../domain/order/views.ts";
import { DownloadIcon, MusicNoteIcon } from "../../components/icons.tsx";
import { track } from "../lib/analytics.ts";
import { SingAlong } from "../lib/SingAlong.tsx";
import type { SongAudio } from "./song_audio.ts";
import { PlayProgress } from "./PlayProgress.tsx";
import { PlayToggle } from "./PlayToggle.tsx";
import { disclosure } from "../lib/disclosure.ts";

const TITLE_ID = "another-version-title";
const WORDS_ID = "another-version-words";

export interface AnotherVersionProps {
  orderId: string;
  childName: string;
  version: AnotherVersionView;
  /** Its own audio element: starting it pauses the reveal's song, and the other way round. */
  song: SongAudio;
}

/**
 * The second recording staff chose to give the family as well: a small player of its own, its
 * download and, when it has timing, its own sing-along behind a toggle. In a parent's words: no
 * takes, no bonus, just the song sung another way.
 */
export function AnotherVersion({ orderId, childName, version, song }: AnotherVersionProps) {
  useSignals();
  const showWords = useSignal(false);
  const { elapsed, duration } = song;

  return (
    <section
      aria-labelledby={TITLE_ID}
      data-another-version=""
      className="grid gap-4 rounded-3xl bg-white px-6 py-6 shadow-lg ring-1 ring-violet-100"
    >
      <div className="grid gap-1">
        <h2 id={TITLE_ID} className="flex items-center gap-3 font-display text-xl font-bold text-violet-800">
          <MusicNoteIcon className="h-6 w-6 text-pink-500" />
          Another version
        </h2>
        <p className="text-base text-slate-700">
          Here is {childName}'s song sung a little differently. We loved it too, so it's yours to keep.
        </p>
      </div>

      <div className="flex flex-wrap items-center gap-4">
        <PlayToggle
          song={song}
          what="another version"
          icon={{ play: "ml-0.5 h-6 w-6", pause: "h-6 w-6" }}
          className="grid h-12 w-12 shrink-0 place-items-center rounded-full bg-violet-700 text-white shadow-md hover:bg-violet-800 focus:outline-none focus-visible:ring-4 focus-visible:ring-violet-400"
        />
        <div className="grid min-w-[10rem] flex-1 gap-1">
          <PlayProgress
            elapsed={elapsed.value}
            duration={duration.value}
            look={{ track: "bg-violet-100", fill: "bg-violet-600", times: "text-slate-700" }}
          />
        </div>
        <a
          href={version.downloadUrl}
          download
          onClick={() => track("Song Downloaded", { orderId, version: 2 })}
          className="inline-flex items-center justify-center gap-2 rounded-full border-2 border-violet-700 px-5 py-2 font-bold text-violet-700 hover:bg-violet-50 focus:outline-none focus-visible:ring-4 focus-visible:ring-violet-400"
        >
          <DownloadIcon className="h-5 w-5" />
          Download <span className="sr-only">another version</span>
        </a>
      </div>

      {version.timing && (
        <div className="grid gap-3">
          <button
            {...disclosure(showWords, WORDS_ID)}
            className="justify-self-start rounded-full px-1 text-base font-semibold text-violet-800 underline decoration-2 underline-offset-4 hover:text-violet-900 focus:outline-none focus-visible:ring-4 focus-visible:ring-violet-400"
          >
            {showWords.value ? "Hide the words" : "Sing along to this one"}
          </button>
          <div id={WORDS_ID} hidden={!showWords.value}>
            <SingAlong
              lyrics={version.timing}
              elapsed={elapsed}
              seek={song.seek}
              look="reveal"
              label="Lyrics of another version"
            />
          </div>
        </div>
      )}
    </section>
  );
}
