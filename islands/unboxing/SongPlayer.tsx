import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import type { PublicOrderView } from "../../domain/order_views.ts";
import { DownloadIcon, PauseIcon, PlayIcon } from "../../components/icons.tsx";
import { track } from "../lib/analytics.ts";
import { toast } from "../lib/toast.ts";
import { formatPlayTime, songFacts } from "./song_facts.ts";
import { SpinningDisc } from "./SpinningDisc.tsx";

export interface SongPlayerProps {
  order: PublicOrderView;
  /** Right after the reveal: focus the title, where the page's content now starts. */
  focusTitle: boolean;
  announce: (message: string) => void;
}

/** The music-player mock-up of the revealed song (customer-side §2 and §4, audio). */
export function SongPlayer({ order, focusTitle, announce }: SongPlayerProps) {
  useSignals();
  const audio = useRef<HTMLAudioElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const playing = useSignal(false);
  const elapsed = useSignal(0);
  const duration = useSignal(0);
  const facts = songFacts(order);

  useEffect(() => {
    if (focusTitle) title.current?.focus();
  }, []);

  const stopped = () => {
    if (playing.value) announce("Paused");
    playing.value = false;
  };

  const togglePlay = () => {
    const player = audio.current;
    if (playing.value) {
      player?.pause();
      playing.value = false;
      announce("Paused");
      track("Song Paused", { orderId: order.id, at: Math.round(player?.currentTime ?? 0) });
      return;
    }
    if (!order.songUrl || !player) {
      toast({
        title: "Unable to play song",
        description: "The song URL is not available.",
        variant: "destructive",
      });
      return;
    }
    playing.value = true;
    announce(`Playing ${facts.title}`);
    track("Song Played", { orderId: order.id });
    player.play().catch((error: unknown) => {
      // Customer-side §8: blocked or failed playback is only logged, and the button shows Play again.
      console.info("The song could not start playing:", error);
      stopped();
    });
  };

  const progress = duration.value > 0 ? Math.min(100, (elapsed.value / duration.value) * 100) : 0;

  return (
    <div className="relative overflow-hidden rounded-[2rem] bg-gradient-to-br from-violet-700 via-fuchsia-600 to-pink-500 p-5 text-white shadow-2xl shadow-fuchsia-300/50 sm:p-8">
      <div
        aria-hidden="true"
        className="absolute -right-16 -top-16 h-56 w-56 rounded-full bg-white/10 blur-2xl"
      />
      <div className="relative grid items-center gap-8 md:grid-cols-[auto_1fr] md:gap-10">
        <div className="relative mx-auto">
          <SpinningDisc playing={playing.value} initial={order.childName.slice(0, 1)} />
          <button
            type="button"
            onClick={togglePlay}
            aria-label={playing.value ? "Pause song" : "Play song"}
            className="absolute bottom-1 right-1 grid h-16 w-16 place-items-center rounded-full bg-white text-violet-700 shadow-xl ring-4 ring-violet-700/30 transition hover:bg-pink-50 focus:outline-none focus-visible:ring-4 focus-visible:ring-yellow-300 motion-safe:hover:scale-105"
          >
            {playing.value ? <PauseIcon className="h-7 w-7" /> : <PlayIcon className="ml-1 h-7 w-7" />}
          </button>
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
            <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-white/25">
              <div
                className="h-full rounded-full bg-gradient-to-r from-yellow-300 to-pink-200"
                style={{ width: `${progress}%` }}
              />
            </div>
            <p className="flex justify-between text-sm font-semibold tabular-nums text-pink-50">
              <span>
                <span className="sr-only">Elapsed</span> {formatPlayTime(elapsed.value)}
              </span>
              <span>
                <span className="sr-only">Length</span> {formatPlayTime(duration.value)}
              </span>
            </p>
          </div>

          <div className="grid gap-3 sm:grid-cols-2">
            <button
              type="button"
              onClick={togglePlay}
              data-playing={playing.value ? "true" : "false"}
              className="inline-flex items-center justify-center gap-3 rounded-full bg-white px-8 py-4 font-display text-2xl font-extrabold tracking-widest text-violet-700 shadow-lg transition hover:bg-yellow-50 focus:outline-none focus-visible:ring-4 focus-visible:ring-yellow-300 motion-safe:hover:scale-[1.03]"
            >
              {playing.value ? <PauseIcon className="h-6 w-6" /> : <PlayIcon className="h-6 w-6" />}
              {playing.value ? "PAUSE" : "PLAY"}
            </button>
            <a
              href={`/api/download/${encodeURIComponent(order.id)}`}
              download
              onClick={() => track("Song Downloaded", { orderId: order.id })}
              className="inline-flex items-center justify-center gap-2 rounded-full border-2 border-white/80 px-6 py-4 text-lg font-bold text-white transition hover:bg-white/15 focus:outline-none focus-visible:ring-4 focus-visible:ring-yellow-300"
            >
              <DownloadIcon className="h-5 w-5" />
              Download Song
            </a>
          </div>
        </div>
      </div>

      <audio
        ref={audio}
        src={order.songUrl ?? undefined}
        crossOrigin="anonymous"
        preload="auto"
        onPlay={() => (playing.value = true)}
        onPause={stopped}
        onEnded={() => {
          playing.value = false;
          elapsed.value = 0;
          announce("The song has finished");
        }}
        onError={() => {
          console.info("The song could not be loaded:", audio.current?.error?.message ?? "unknown error");
          stopped();
        }}
        onTimeUpdate={(event) => (elapsed.value = event.currentTarget.currentTime)}
        onDurationChange={(event) => (duration.value = event.currentTarget.duration)}
      />
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
