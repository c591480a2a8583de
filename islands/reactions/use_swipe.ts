import { type MouseEvent, type PointerEvent, useRef } from "react";
import { swipeAction } from "../../domain/site/carousel.ts";

/** A pointer that moved further than this was dragged, not tapped, even when it is no swipe. */
const TAP_SLOP = 10;

/**
 * Pointer handlers for swiping the track (touch and mouse drag alike). The track sets
 * `touch-action: pan-y`, so a vertical drag still scrolls the page and only reaches us as a cancel.
 * A drag must not also count as a tap on the tile under the pointer (a mouse still clicks there).
 */
export function useSwipe(enabled: boolean, onSwipe: (direction: "previous" | "next") => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const dragged = useRef(false);
  return {
    onPointerDown(event: PointerEvent) {
      dragged.current = false;
      start.current = enabled && event.isPrimary && event.button === 0
        ? { x: event.clientX, y: event.clientY }
        : null;
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x, dy = event.clientY - from.y;
      dragged.current = Math.hypot(dx, dy) > TAP_SLOP;
      const action = swipeAction(dx, dy);
      if (action !== "none") onSwipe(action);
    },
    onPointerCancel() {
      start.current = null;
    },
    onClickCapture(event: MouseEvent) {
      if (!dragged.current) return;
      dragged.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
