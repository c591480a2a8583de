/**
 * The hero loop and its still (customer-side §2 Hero): square, so the box they sit in is sized before
 * either loads. Kept apart from `domain/site/hero.ts` so the video island bundles it instead of sharing a
 * separate chunk with the animal island. To use a real video, replace the two files under `static/`.
 */
export const HERO_VIDEO = {
  src: "/hero-video.mp4",
  poster: "/images/hero-poster.webp",
  size: 540,
} as const;
