import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import type { PublicOrderView } from "../../domain/order/views.ts";
import { DownloadIcon } from "../../components/icons.tsx";
import { track } from "../lib/analytics.ts";
import type { SongAudio } from "./song_audio.ts";
import { PlayProgress } from "./PlayProgress.tsx";
import { PlayToggle } from "./PlayToggle.tsx";
import { songFacts } from "./song_facts.ts";
import { SpinningDisc } from "./SpinningDisc.tsx";

export interface SongPlayerProps {
  order: PublicOrderView;
  /** The reveal's audio element, which may already be playing: the tap that opened the box started it. */
  song: SongAudio;
  /** Right after the reveal: focus the title, where the page's content now starts. */
  focusTitle: boolean;
}

/** The music-player mock-up of the revealed song (customer-side §2 and §4, audio). */
export function SongPlayer({ order, song, focusTitle }: SongPlayerProps) {
  useSignals();
  const title = useRef<HTMLHeadingElement>(null);
  const { playing, elapsed, duration } = song;
  const facts = songFacts(order);

  useEffect(() => {
    // The song takes the box's place, so the reader is already looking at it: moving focus must not scroll
    // "Ta-da!" under the sticky navigation.
    if (focusTitle) title.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div className="relative overflow-hidden rounded-[2rem] bg-gradient-to-br from-violet-700 via-fuchsia-600 to-pink-500 p-5 text-white shadow-2xl shadow-fuchsia-300/50 sm:p-8">
      <div
        aria-hidden="true"
        className="absolute -right-16 -top-16 h-56 w-56 rounded-full bg-white/10 blur-2xl"
      />
      <div className="relative grid items-center gap-8 md:grid-cols-[auto_1fr] md:gap-10">
        <div className="relative mx-auto">
          <SpinningDisc playing={playing.value} initial={order.childName.slice(0, 1)} />
          <PlayToggle
            song={song}
            what="song"
            icon={{ play: "ml-1 h-7 w-7", pause: "h-7 w-7" }}
            className="absolute bottom-1 right-1 grid h-16 w-16 place-items-center rounded-full bg-white text-violet-700 shadow-xl ring-4 ring-violet-700/30 transition hover:bg-pink-50 focus:outline-none focus-visible:ring-4 focus-visible:ring-yellow-300 motion-safe:hover:scale-105"
          />
        </div>

        <div className="grid gap-5">
          <div className="grid gap-3 rounded-2xl bg-white/10 p-5 ring-1 ring-white/25" data-now-playing="">
            <p className="flex items-center gap-2 text-xs font-extrabold tracking-[0.3em] text-pink-100">
              <EqualizerBars playing={playing.value} />
              NOW PLAYING
            </p>
            <h1
              ref={title}
              tabIndex={-1}
              className="rounded font-display text-3xl font-extrabold leading-tight focus:outline-none focus-visible:ring-2 focus-visible:ring-yellow-300 sm:text-4xl"
            >
              {facts.title}
            </h1>
            <p className="text-lg font-semibold text-pink-50">{facts.madeFor}</p>
            <ul className="flex flex-wrap gap-2 text-sm font-semibold">
              {facts.age && <li className="rounded-full bg-white/20 px-3 py-1">Age {facts.age}</li>}
              {facts.style && <li className="rounded-full bg-white/20 px-3 py-1">{facts.style}</li>}
              {facts.featuring && (
                <li className="rounded-full bg-yellow-300 px-3 py-1 text-violet-900">{facts.featuring}</li>
              )}
            </ul>
          </div>

          <div className="grid gap-1">
            <PlayProgress
              elapsed={elapsed.value}
              duration={duration.value}
              look={{
                track: "bg-white/25",
                fill: "bg-gradient-to-r from-yellow-300 to-pink-200",
                times: "text-pink-50",
              }}
            />
          </div>

          <div className="grid gap-3 sm:grid-cols-2">
            <PlayToggle
              song={song}
              words={["PLAY", "PAUSE"]}
              icon={{ play: "h-6 w-6", pause: "h-6 w-6" }}
              className="inline-flex items-center justify-center gap-3 rounded-full bg-white px-8 py-4 font-display text-2xl font-extrabold tracking-widest text-violet-700 shadow-lg transition hover:bg-yellow-50 focus:outline-none focus-visible:ring-4 focus-visible:ring-yellow-300 motion-safe:hover:scale-[1.03]"
            />
            {
              /* hover:bg-white/20, not /15: twind has no 15 % step and drew /15 solid white, hiding the
                white words under the finger that had just tapped 'Tap to Open!' on a phone. */
            }
            <a
              href={`/api/download/${encodeURIComponent(order.id)}`}
              download
              onClick={() => track("Song Downloaded", { orderId: order.id })}
              className="inline-flex items-center justify-center gap-2 rounded-full border-2 border-white/80 px-6 py-4 text-lg font-bold text-white transition hover:bg-white/20 focus:outline-none focus-visible:ring-4 focus-visible:ring-yellow-300"
            >
              <DownloadIcon className="h-5 w-5" />
              Download Song
            </a>
          </div>
        </div>
      </div>
    </div>
  );
}

/** Three bars that dance while the song plays (pulse only, and only where motion is welcome). */
function EqualizerBars({ playing }: { playing: boolean }) {
  const bar = playing
    ? "w-1 rounded-full bg-yellow-300 motion-safe:animate-pulse"
    : "w-1 rounded-full bg-pink-200/70";
  return (
    <span aria-hidden="true" className="flex h-4 items-end gap-0.5">
      <span className={`${bar} h-2`} />
      <span className={`${bar} h-4`} style={{ animationDelay: "150ms" }} />
      <span className={`${bar} h-3`} style={{ animationDelay: "300ms" }} />
    </span>
  );
}
