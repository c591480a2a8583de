import { PauseIcon, PlayIcon, VolumeOffIcon, VolumeOnIcon } from "../components/icons.tsx";
import { HERO_VIDEO } from "./hero/media.ts";

const CONTROL_CLASS =
  "grid h-11 w-11 place-items-center rounded-full bg-white/90 text-violet-700 shadow-lg hover:bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-violet-700";

/**
 * The hero's looping video with its sound and motion controls, as the server sends it: paused and
 * muted, each button holding both of its icons with the other one hidden. It fills the square box the
 * hero gives it, so nothing moves when it loads. Neither `autoplay` nor preloading: the page's own
 * scripts come first on a slow connection, and a visitor who prefers reduced motion never downloads
 * the video at all. HeroVideo.client.ts starts it and runs the buttons, without React.
 */
export default function HeroVideo() {
  return (
    <>
      <video
        src={HERO_VIDEO.src}
        poster={HERO_VIDEO.poster}
        width={HERO_VIDEO.size}
        height={HERO_VIDEO.size}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        className="h-full w-full object-cover"
      />
      <div className="absolute bottom-4 right-4 flex gap-3">
        <button type="button" data-hero-play aria-label="Play hero video" className={CONTROL_CLASS}>
          <span data-shows="paused">
            <PlayIcon className="h-5 w-5" />
          </span>
          <span data-shows="playing" hidden>
            <PauseIcon className="h-5 w-5" />
          </span>
        </button>
        <div data-hero-tip-holder className="group relative">
          <button
            type="button"
            data-hero-mute
            aria-label="Unmute hero video"
            aria-describedby="hero-video-tip"
            className={CONTROL_CLASS}
          >
            <span data-shows="muted">
              <VolumeOffIcon />
            </span>
            <span data-shows="sounding" hidden>
              <VolumeOnIcon />
            </span>
          </button>
          <span
            role="tooltip"
            id="hero-video-tip"
            className="invisible absolute bottom-full right-0 mb-2 whitespace-nowrap rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white shadow-lg group-hover:visible group-focus-within:visible"
          >
            Click to unmute
          </span>
        </div>
      </div>
    </>
  );
}
