import type { Enhance } from "./lib/enhance.ts";
import { HERO_PARTS } from "./hero/parts.ts";

const ignoreRefusal = () => {};

/** Shows the icon whose `data-shows` is `state` and hides the button's other one. */
function showIcon(button: HTMLElement, state: string) {
  for (const icon of button.querySelectorAll<HTMLElement>("[data-shows]")) {
    icon.hidden = icon.dataset.shows !== state;
  }
}

/**
 * Starts the hero video muted unless the visitor prefers reduced motion (they see the poster and can
 * start it with the play button), following that setting when it changes; a refused autoplay leaves
 * the poster. Runs the play and sound buttons and the "Click to unmute" tip on HeroVideo.tsx's HTML.
 */
const enhanceHeroVideo: Enhance = (marker) => {
  const video = marker.querySelector("video")!;
  const play = marker.querySelector<HTMLButtonElement>(HERO_PARTS.play)!;
  const mute = marker.querySelector<HTMLButtonElement>(HERO_PARTS.mute)!;
  const tipHolder = marker.querySelector<HTMLElement>(HERO_PARTS.tipHolder)!;
  const tip = marker.querySelector<HTMLElement>(HERO_PARTS.tip)!;
  // WCAG 1.4.13: the tip can be dismissed without moving the pointer or focus; it returns on the next visit.
  let tipDismissed = false;

  const showPlaying = () => {
    play.setAttribute("aria-label", video.paused ? "Play hero video" : "Pause hero video");
    showIcon(play, video.paused ? "paused" : "playing");
  };
  const showSound = () => {
    mute.setAttribute("aria-label", video.muted ? "Unmute hero video" : "Mute hero video");
    showIcon(mute, video.muted ? "muted" : "sounding");
    const tipShown = video.muted && !tipDismissed;
    tip.hidden = !tipShown;
    if (tipShown) mute.setAttribute("aria-describedby", tip.id);
    else mute.removeAttribute("aria-describedby");
  };

  video.addEventListener("play", showPlaying);
  video.addEventListener("pause", showPlaying);
  play.addEventListener("click", () => {
    if (video.paused) video.play().catch(ignoreRefusal);
    else video.pause();
  });
  mute.addEventListener("click", () => {
    video.muted = !video.muted;
    showSound();
    // Asking for sound means wanting to hear it, also where the video waited for a click.
    if (!video.muted && video.paused) video.play().catch(ignoreRefusal);
  });
  tipHolder.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    tipDismissed = true;
    showSound();
  });
  const bringTipBack = () => {
    tipDismissed = false;
    showSound();
  };
  tipHolder.addEventListener("mouseleave", bringTipBack);
  tipHolder.addEventListener("focusout", bringTipBack);

  // Browsers autoplay only muted video; the attribute alone is not the property.
  video.muted = true;
  const reduce = matchMedia("(prefers-reduced-motion: reduce)");
  const follow = () => reduce.matches ? video.pause() : video.play().catch(ignoreRefusal);
  reduce.addEventListener("change", follow);
  // The first play() builds the media player before it returns (10 to 35 ms here), so it runs in a task
  // of its own rather than in the one that hydrates the island. The server's video starts paused.
  if (!reduce.matches) setTimeout(follow);
  showPlaying();
  showSound();
};

export default enhanceHeroVideo;
