import { useEffect, useRef, useState } from "react";
import { VolumeOffIcon, VolumeOnIcon } from "../components/icons.tsx";
import {
  clampIndex,
  DESKTOP_PER_PAGE,
  indexAfterResize,
  itemsPerPage,
  NEXT_VIDEO_DELAY_MS,
  nextAfterEnd,
  pageCount,
  positionLabel,
  PROGRESS_POLL_MS,
} from "../domain/site/carousel.ts";
import type { ReactionVideo } from "../domain/site/reactions.ts";
import { track } from "./lib/analytics.ts";
import { PagerControls } from "./reactions/PagerControls.tsx";
import { playWithRetry } from "./reactions/play.ts";
import { type MediaState, ReactionTile } from "./reactions/ReactionTile.tsx";
import { useSwipe } from "./reactions/use_swipe.ts";

/** Media may start loading this far before the section scrolls into view. */
const NEAR_MARGIN = "300px 0px";

/**
 * The Kid Reactions carousel (customer-side §2, §4). Layout is CSS-driven so the server's HTML is
 * right at any width: the track moves by whole viewport widths, which is a page of three tiles on
 * desktop and one tile on mobile. Sound is on by default: every play starts from a tap (or follows
 * one when a video ends), and a shared toggle mutes them all.
 */
export default function ReactionsCarousel({ items }: { items: readonly ReactionVideo[] }) {
  const root = useRef<HTMLDivElement>(null);
  const videos = useRef(new Map<string, HTMLVideoElement>());
  const tiles = useRef<(HTMLLIElement | null)[]>([]);
  const playingNow = useRef<string | null>(null);
  const autoplay = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Unknown until the browser measures; the server renders page 0, which is right for either layout.
  const [perPage, setPerPage] = useState<number | null>(null);
  const [index, setIndex] = useState(0);
  const [near, setNear] = useState(false);
  const [playing, setPlaying] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [media, setMedia] = useState<Record<string, MediaState>>({});
  const [status, setStatus] = useState("");
  const layout = perPage ?? DESKTOP_PER_PAGE;

  useEffect(() => {
    const measure = () => setPerPage(itemsPerPage(innerWidth));
    measure();
    addEventListener("resize", measure);
    return () => {
      removeEventListener("resize", measure);
      clearTimeout(autoplay.current);
    };
  }, []);

  useEffect(() => {
    if (perPage) setIndex((current) => indexAfterResize(current, items.length, perPage));
  }, [perPage]);

  useEffect(() => {
    if (!("IntersectionObserver" in globalThis)) return setNear(true);
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      setNear(true);
      observer.disconnect();
    }, { rootMargin: NEAR_MARGIN });
    observer.observe(root.current!);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    for (const video of videos.current.values()) video.muted = muted;
  }, [muted]);

  useEffect(() => {
    const video = playing ? videos.current.get(playing) : null;
    if (!playing || !video) return;
    const timer = setInterval(() => {
      if (video.duration > 0) setProgressOf(playing, video.currentTime / video.duration);
    }, PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [playing]);

  const setProgressOf = (id: string, value: number) => setProgress((all) => ({ ...all, [id]: value }));
  const setMediaOf = (id: string, state: MediaState) => setMedia((all) => ({ ...all, [id]: state }));
  const choose = (id: string | null) => {
    playingNow.current = id;
    setPlaying(id);
  };

  const start = (id: string) => {
    const video = videos.current.get(id);
    if (!video) return;
    clearTimeout(autoplay.current);
    for (const [other, element] of videos.current) if (other !== id) element.pause();
    setNear(true);
    choose(id);
    if (video.readyState < 2) setMediaOf(id, "loading");
    playWithRetry(video, () => playingNow.current === id).then((started) => {
      if (started) return track("Sample Song Played", { videoId: id });
      if (playingNow.current !== id) return;
      choose(null);
      if (video.readyState < 2) setMediaOf(id, "idle");
    });
  };

  // §4: tapping the playing tile pauses it and resets its progress.
  const stop = (id: string) => {
    const video = videos.current.get(id)!;
    video.pause();
    video.currentTime = 0;
    setProgressOf(id, 0);
    choose(null);
  };

  const show = (target: number) => {
    const next = clampIndex(target, items.length, layout);
    setIndex(next);
    setStatus(positionLabel(next, items.length, layout));
  };

  // A visitor moving on stops whatever plays: it would be playing out of sight.
  const navigate = (target: number) => {
    clearTimeout(autoplay.current);
    if (clampIndex(target, items.length, layout) === index) return;
    if (playingNow.current) videos.current.get(playingNow.current)?.pause();
    choose(null);
    show(target);
  };

  const ended = (item: number) => {
    const id = items[item].id;
    videos.current.get(id)!.currentTime = 0;
    setProgressOf(id, 0);
    choose(null);
    const next = nextAfterEnd(item, items.map((each) => !!each.videoUrl), layout);
    if (!next) return;
    show(next.page);
    const tile = tiles.current[next.item];
    const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
    tile?.scrollIntoView({ block: "nearest", inline: "nearest", behavior: reduce ? "auto" : "smooth" });
    // A keyboard user's focus would be lost in the tile that just became inert: it follows the video.
    const followFocus = tiles.current[item]?.contains(document.activeElement);
    autoplay.current = setTimeout(() => {
      if (followFocus) tile?.querySelector("button")?.focus({ preventScroll: true });
      start(items[next.item].id);
    }, NEXT_VIDEO_DELAY_MS);
  };

  // Paused from outside (the system's media controls, a headset): show Play again, keep the position.
  const pausedElsewhere = (id: string) => {
    if (playingNow.current === id && !videos.current.get(id)?.ended) choose(null);
  };

  const swipe = useSwipe(layout === 1, (direction) => navigate(index + (direction === "next" ? 1 : -1)));
  const lastPage = pageCount(items.length, layout) - 1;
  // The label names what a press does, as the hero's toggle does; no aria-pressed with it, or a
  // screen reader would hear "Unmute videos, pressed", which says the opposite.
  const soundLabel = muted ? "Unmute videos" : "Mute videos";

  return (
    <div ref={root} className="grid gap-4">
      <div className="flex items-center justify-between gap-4">
        <p className="text-sm font-semibold text-violet-800 md:hidden">Swipe to browse</p>
        <button
          type="button"
          onClick={() => setMuted(!muted)}
          className="ml-auto inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-violet-800 shadow ring-1 ring-violet-200 hover:bg-violet-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
        >
          {muted ? <VolumeOffIcon /> : <VolumeOnIcon />}
          {soundLabel}
        </button>
      </div>
      <div className="-mx-2 min-w-0 overflow-hidden [overflow:clip]">
        <ul
          {...swipe}
          className="flex select-none py-2 [touch-action:pan-y] motion-safe:transition-transform motion-safe:duration-500 motion-safe:ease-out"
          style={index ? { transform: `translateX(-${index * 100}%)` } : undefined}
        >
          {items.map((item, itemIndex) => (
            <ReactionTile
              key={item.id}
              item={item}
              current={Math.floor(itemIndex / layout) === index}
              near={near}
              playing={playing === item.id}
              progress={progress[item.id] ?? 0}
              media={media[item.id] ?? "loading"}
              tileRef={(element) => {
                tiles.current[itemIndex] = element;
              }}
              videoRef={(element) => {
                if (element) videos.current.set(item.id, element);
                else videos.current.delete(item.id);
              }}
              onToggle={() => playingNow.current === item.id ? stop(item.id) : start(item.id)}
              onMedia={(state) => setMediaOf(item.id, state)}
              onEnded={() => ended(itemIndex)}
              onPause={() => pausedElsewhere(item.id)}
            />
          ))}
        </ul>
      </div>
      <PagerControls
        itemCount={items.length}
        firstItem={index * layout}
        canGoBack={index > 0}
        canGoForward={index < lastPage}
        onStep={(step) => navigate(index + step)}
        onGoTo={navigate}
      />
      <p aria-live="polite" className="sr-only">{status}</p>
    </div>
  );
}
