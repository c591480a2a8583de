/**
 * Where HeroVideo.client.ts finds what it changes in the HTML HeroVideo.tsx renders: a file of its own
 * so the browser half imports no component (and so no React).
 */
export const HERO_PARTS = {
  play: "[data-hero-play]",
  mute: "[data-hero-mute]",
  tipHolder: "[data-hero-tip-holder]",
  tip: "#hero-video-tip",
} as const;
