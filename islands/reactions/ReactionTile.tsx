import type { Ref } from "react";
import type { ReactionVideo } from "../../domain/site/reactions.ts";
import { PauseIcon, PlayIcon } from "../../components/icons.tsx";

/**
 * Where a tile's media stands: `loading` until the first frame is there (also the server's state),
 * `ready` once it is, `idle` while nothing is fetched: videos preload nothing, so each one waits for
 * its tap with the poster showing (nine files fetched on spec would cost a phone's data for nothing).
 */
export type MediaState = "loading" | "ready" | "idle";

export interface ReactionTileProps {
  item: ReactionVideo;
  /** On the page the carousel shows; other tiles are inert so focus never lands on hidden ones. */
  current: boolean;
  /** The section is near the viewport: only then may the video and its poster load. */
  near: boolean;
  playing: boolean;
  /** 0 to 1. */
  progress: number;
  media: MediaState;
  tileRef?: Ref<HTMLLIElement>;
  videoRef?: Ref<HTMLVideoElement>;
  onToggle?: () => void;
  onMedia?: (state: MediaState) => void;
  onEnded?: () => void;
  onPause?: () => void;
}

/**
 * A keyboard user must see at once which tile the focus is on. A ring drawn on the play button
 * lies over the moving video and is lost in it; this outline goes around the whole card, on the
 * section's plain background, and within the gap the carousel's clipping frame leaves (8 px).
 */
const FOCUSED_TILE =
  "[&:has(:focus-visible)]:outline [&:has(:focus-visible)]:outline-4 [&:has(:focus-visible)]:outline-offset-2 [&:has(:focus-visible)]:outline-violet-700";

/** One reaction video of the carousel (customer-side §3 "Reaction video item", §4). */
export function ReactionTile(props: ReactionTileProps) {
  const { item, playing, near, onMedia } = props;
  const loading = props.media === "loading";
  return (
    <li ref={props.tileRef} inert={!props.current} className="shrink-0 basis-full px-2 md:basis-1/3">
      <article
        className={`mx-auto h-full max-w-sm overflow-hidden rounded-3xl bg-white text-left shadow-md ring-1 ring-violet-100 ${FOCUSED_TILE}`}
      >
        <div className="relative aspect-[3/4] bg-gradient-to-br from-violet-200 via-pink-100 to-yellow-100">
          {item.videoUrl
            ? (
              <>
                <video
                  ref={props.videoRef}
                  className="absolute inset-0 h-full w-full object-cover"
                  playsInline
                  preload="none"
                  src={near ? item.videoUrl : undefined}
                  poster={near ? item.thumbnail : undefined}
                  onLoadedData={() => onMedia?.("ready")}
                  onPlaying={() => onMedia?.("ready")}
                  onWaiting={() => onMedia?.("loading")}
                  onSuspend={(event) => event.currentTarget.readyState < 2 && onMedia?.("idle")}
                  onError={() => onMedia?.("idle")}
                  onEnded={props.onEnded}
                  onPause={props.onPause}
                />
                <button
                  type="button"
                  onClick={props.onToggle}
                  aria-label={`${playing ? "Pause" : "Play"} ${item.childName}'s reaction video`}
                  className="group absolute inset-0 grid place-items-center focus:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-violet-600"
                >
                  {!loading && (
                    <span
                      className={`grid h-16 w-16 place-items-center rounded-full bg-white/90 text-violet-700 shadow-lg ${
                        playing ? "opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100" : ""
                      }`}
                    >
                      {playing ? <PauseIcon className="h-7 w-7" /> : <PlayIcon className="ml-1 h-7 w-7" />}
                    </span>
                  )}
                </button>
                {/* Beside the button, not in it: a button's visible text must be part of its name. */}
                {loading && (
                  <span className="pointer-events-none absolute inset-0 grid place-items-center">
                    <span className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-violet-900 shadow">
                      Loading...
                    </span>
                  </span>
                )}
                <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1.5 bg-white/50">
                  <div className="h-full bg-pink-500" style={{ width: `${props.progress * 100}%` }} />
                </div>
              </>
            )
            : (
              <p className="absolute inset-0 grid place-items-center font-semibold text-violet-900">
                Video coming soon
              </p>
            )}
        </div>
        <div className="grid justify-items-start gap-1 p-4">
          <span className="mb-1 rounded-full bg-yellow-300 px-3 py-0.5 text-sm font-bold text-violet-900">
            {`${item.childName}'s Song`}
          </span>
          <h3 className="font-display text-xl font-bold text-slate-900">{item.title}</h3>
          <p className="text-slate-600">{item.description}</p>
        </div>
      </article>
    </li>
  );
}
