import { useEffect, useRef, useState } from "react";
import { PauseIcon, PlayIcon, VolumeOffIcon, VolumeOnIcon } from "../components/icons.tsx";
import { HERO_VIDEO } from "./hero/media.ts";

const CONTROL_CLASS =
  "grid h-11 w-11 place-items-center rounded-full bg-white/90 text-violet-700 shadow-lg hover:bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-violet-700";

const ignoreRefusal = () => {};

/**
 * The hero's looping video with its sound and motion controls. It fills the square box the hero gives
 * it, so nothing moves when it loads. The server renders the element with its poster but neither
 * `autoplay` nor preloading: the page's own scripts come first on a slow connection, and a visitor who
 * prefers reduced motion never downloads the video at all. Playback starts here, muted, unless the
 * visitor prefers reduced motion: they see the poster and can start it with the play button. A refused
 * autoplay leaves the poster.
 */
export default function HeroVideo() {
  const video = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [playing, setPlaying] = useState(false);
  // WCAG 1.4.13: a tooltip can be dismissed without moving the pointer or focus; it returns on the next visit.
  const [tipDismissed, setTipDismissed] = useState(false);

  useEffect(() => {
    const element = video.current!;
    // Browsers autoplay only muted video, and React does not reliably reflect `muted` to the DOM.
    element.muted = true;
    const reduce = matchMedia("(prefers-reduced-motion: reduce)");
    const follow = () => reduce.matches ? element.pause() : element.play().catch(ignoreRefusal);
    follow();
    reduce.addEventListener("change", follow);
    return () => reduce.removeEventListener("change", follow);
  }, []);

  const togglePlaying = () => {
    const element = video.current!;
    if (element.paused) element.play().catch(ignoreRefusal);
    else element.pause();
  };

  const toggleMuted = () => {
    const element = video.current!;
    element.muted = !element.muted;
    setMuted(element.muted);
    // Asking for sound means wanting to hear it, also where the video waited for a click.
    if (!element.muted && element.paused) element.play().catch(ignoreRefusal);
  };

  return (
    <>
      <video
        ref={video}
        src={HERO_VIDEO.src}
        poster={HERO_VIDEO.poster}
        width={HERO_VIDEO.size}
        height={HERO_VIDEO.size}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        className="h-full w-full object-cover"
      />
      <div className="absolute bottom-4 right-4 flex gap-3">
        <button
          type="button"
          aria-label={playing ? "Pause hero video" : "Play hero video"}
          onClick={togglePlaying}
          className={CONTROL_CLASS}
        >
          {playing ? <PauseIcon className="h-5 w-5" /> : <PlayIcon className="h-5 w-5" />}
        </button>
        <div
          className="group relative"
          onKeyDown={(event) => event.key === "Escape" && setTipDismissed(true)}
          onMouseLeave={() => setTipDismissed(false)}
          onBlur={() => setTipDismissed(false)}
        >
          <button
            type="button"
            aria-label={muted ? "Unmute hero video" : "Mute hero video"}
            aria-describedby={muted && !tipDismissed ? "hero-video-tip" : undefined}
            onClick={toggleMuted}
            className={CONTROL_CLASS}
          >
            {muted ? <VolumeOffIcon /> : <VolumeOnIcon />}
          </button>
          {muted && !tipDismissed && (
            <span
              role="tooltip"
              id="hero-video-tip"
              className="invisible absolute bottom-full right-0 mb-2 whitespace-nowrap rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white shadow-lg group-hover:visible group-focus-within:visible"
            >
              Click to unmute
            </span>
          )}
        </div>
      </div>
    </>
  );
}
