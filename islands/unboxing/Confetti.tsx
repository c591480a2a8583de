import { useEffect, useRef } from "react";
import { prefersReducedMotion } from "./opening_animation.ts";

const COLOURS = ["#f472b6", "#a78bfa", "#facc15", "#34d399", "#60a5fa", "#fb923c"];
const PIECES = 36;

/**
 * A shower of paper from the top of the screen as the song appears. Decorative, played once with the
 * Web Animations API (see opening_animation.ts for why), and left out entirely with reduced motion.
 * Positions come from the piece's index, not Math.random, so the layout is the same on every visit.
 */
export function Confetti() {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const pieces = [...(host.current?.children ?? [])] as HTMLElement[];
    if (prefersReducedMotion() || typeof pieces[0]?.animate !== "function") return;
    const animations = pieces.map((piece, index) => {
      const drift = ((index * 37) % 120) - 60;
      const spin = 360 + ((index * 53) % 540);
      return piece.animate(
        [
          { transform: "translate(0, -10vh) rotate(0)", opacity: 1 },
          { transform: `translate(${drift}px, 105vh) rotate(${spin}deg)`, opacity: 0.9 },
        ],
        {
          duration: 2600 + ((index * 211) % 1600),
          delay: (index * 97) % 700,
          easing: "cubic-bezier(0.25, 0.6, 0.5, 1)",
          fill: "both",
        },
      );
    });
    return () => animations.forEach((animation) => animation.cancel());
  }, []);

  return (
    <div ref={host} aria-hidden="true" className="pointer-events-none fixed inset-0 z-40 overflow-hidden">
      {Array.from({ length: PIECES }, (_, index) => (
        <span
          key={index}
          className={index % 3 === 0
            ? "absolute top-0 h-3 w-3 rounded-full opacity-0"
            : "absolute top-0 h-4 w-2 opacity-0"}
          style={{ left: `${(index * 29) % 100}%`, backgroundColor: COLOURS[index % COLOURS.length] }}
        />
      ))}
    </div>
  );
}
