/**
 * The paging rules of the landing page's reaction carousel (customer-side §2 "Kid Reactions", §4
 * "Reaction carousel", §9). Pure, so the island stays a thin layer of event wiring over it.
 *
 * "Index" is the carousel's position in the current layout: a page of three on desktop, a single
 * slide on mobile. Item numbers are positions in the list of videos.
 */

/** Widths below this are mobile: one video per slide, swipe instead of arrows. */
const MOBILE_BREAKPOINT = 768;
export const DESKTOP_PER_PAGE = 3;
const MOBILE_PER_SLIDE = 1;
/** A horizontal drag of at least this many pixels is a swipe. */
const SWIPE_THRESHOLD = 50;
/** After a video ends, the next one starts this much later (time to see the carousel move). */
export const NEXT_VIDEO_DELAY_MS = 500;
export const PROGRESS_POLL_MS = 100;
/** A refused `play()` is tried once more after this delay, then given up silently. */
export const AUTOPLAY_RETRY_MS = 100;

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT;
}

export function itemsPerPage(width: number): number {
  return isMobileWidth(width) ? MOBILE_PER_SLIDE : DESKTOP_PER_PAGE;
}

/** At least one page, so an empty carousel still has a valid index 0. */
export function pageCount(itemCount: number, perPage: number): number {
  return Math.max(1, Math.ceil(itemCount / perPage));
}

export function clampIndex(index: number, itemCount: number, perPage: number): number {
  return Math.min(Math.max(0, index), pageCount(itemCount, perPage) - 1);
}

/**
 * §2: the index "resets to 0 on resize if out of range". An index that still exists in the new
 * layout is kept as it is (it is not translated to the page showing the same videos).
 */
export function indexAfterResize(index: number, itemCount: number, perPage: number): number {
  return index >= 0 && index < pageCount(itemCount, perPage) ? index : 0;
}

export function pageOfItem(item: number, perPage: number): number {
  return Math.floor(item / perPage);
}

export type SwipeAction = "previous" | "next" | "none";

/**
 * What a drag of `dx` pixels (end minus start) does: dragging left shows the next slide. Exactly
 * SWIPE_THRESHOLD counts. A drag that is more vertical than horizontal is a scroll, not a swipe.
 */
export function swipeAction(dx: number, dy = 0): SwipeAction {
  if (Math.abs(dx) < SWIPE_THRESHOLD || Math.abs(dy) > Math.abs(dx)) return "none";
  return dx < 0 ? "next" : "previous";
}

export interface NextVideo {
  item: number;
  page: number;
}

/**
 * What follows when item `ended` finishes: the next item that has a video, and the page holding it.
 * After the last video the carousel stops (null) rather than wrapping to the first: a visitor who
 * watched them all is not looped back to the start with sound.
 */
export function nextAfterEnd(ended: number, hasVideo: readonly boolean[], perPage: number): NextVideo | null {
  for (let item = ended + 1; item < hasVideo.length; item++) {
    if (hasVideo[item]) return { item, page: pageOfItem(item, perPage) };
  }
  return null;
}

/** What the polite live region says about the current position, e.g. "Showing videos 1–3 of 9". */
export function positionLabel(index: number, itemCount: number, perPage: number): string {
  const first = index * perPage + 1;
  const last = Math.min(itemCount, first + perPage - 1);
  return first === last
    ? `Video ${first} of ${itemCount}`
    : `Showing videos ${first}–${last} of ${itemCount}`;
}
