/**
 * The sizes, lengths and byte budgets of the landing page's media, in one place: the generator
 * (`tools/media/make.ts`) renders to them and `tests/integration/landing_media_test.ts` holds the
 * files to them, so the page's width/height attributes, the files and the checks cannot drift apart.
 * Budgets are in bytes (1 KB = 1000 bytes, the stricter reading).
 */

export const FPS = 24;

export interface VideoSpec {
  width: number;
  height: number;
  /** Whole seconds of animation; a multiple of 1/FPS so loops close on a frame boundary. */
  seconds: number;
  maxBytes: number;
  audioKbps: number;
}

export interface ImageSpec {
  width: number;
  height: number;
  maxBytes: number;
}

/** Square, looping, autoplaying and muted at first (the page has an unmute toggle). */
export const HERO_VIDEO: VideoSpec & { path: string } = {
  path: "static/hero-video.mp4",
  width: 540,
  height: 540,
  seconds: 7,
  maxBytes: 250_000,
  audioKbps: 48,
};

/** The hero video's first frame, shown until the video plays: same box, so nothing jumps. */
export const HERO_POSTER: ImageSpec & { path: string } = {
  path: "static/images/hero-poster.webp",
  width: 540,
  height: 540,
  maxBytes: 25_000,
};

/** One per item of `domain/site/reactions.ts`, portrait 3:4 like a phone held upright. */
export const REACTION_VIDEO: VideoSpec = {
  width: 360,
  height: 480,
  seconds: 9,
  maxBytes: 350_000,
  audioKbps: 64,
};

/** The reaction tile's still (and the video's poster): the video's first frame. */
export const REACTION_THUMBNAIL: ImageSpec = {
  width: 360,
  height: 480,
  maxBytes: 15_000,
};

/** The Open Graph / Twitter card image (1.91:1, the size the networks recommend). */
export const OG_IMAGE: ImageSpec & { path: string } = {
  path: "static/images/og-image.jpg",
  width: 1200,
  height: 630,
  maxBytes: 100_000,
};

/** Where a URL of the site (`/videos/x.mp4`) lives in the repository. */
export function staticPathOf(url: string): string {
  return `static${url}`;
}

/**
 * Written into every generated file (an MP4 comment, a JPEG comment segment): the generator only
 * overwrites files that carry it, so real videos dropped in under the same names are never replaced.
 */
export const PLACEHOLDER_MARK = "little-hits-placeholder";
