/** Where a line sits inside the sing-along's scroll box, in the box's own pixels. */
export interface LinePlace {
  /** From the top of the box's content (the line's `offsetTop` when the box is its offset parent). */
  top: number;
  height: number;
}

/** The box's size: what shows at once, and all there is. */
export interface BoxSize {
  visibleHeight: number;
  contentHeight: number;
}

/**
 * The box's scrollTop that puts the sung line in its middle, so the lines coming next are in sight
 * as well as the one being sung. No line (before the first is sung): the top. The result stays
 * within what the box can scroll, so a caller can compare it with where the box already is.
 */
export function scrollTopCentring(line: LinePlace | null, box: BoxSize): number {
  const furthest = Math.max(0, box.contentHeight - box.visibleHeight);
  if (!line) return 0;
  const centred = line.top - (box.visibleHeight - line.height) / 2;
  return Math.round(Math.min(furthest, Math.max(0, centred)));
}

/**
 * Following playback glides, unless the reader asked for less motion: then the box jumps, which is
 * what they asked for (WCAG 2.3.3).
 */
export function followBehaviour(reducedMotion: boolean): ScrollBehavior {
  return reducedMotion ? "auto" : "smooth";
}
