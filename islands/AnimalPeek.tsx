import { useEffect, useRef, useState } from "react";
import {
  ANIMAL_PEEK_CYCLE_MS,
  ANIMAL_PEEK_DURATION_MS,
  type HeroAnimal,
  type Peek,
  peekTop,
  pickPeek,
} from "../domain/hero.ts";

/** The emoji's box: `text-5xl leading-none` below. */
const ANIMAL_SIZE = 48;
/** Just past the edge, and in far enough to show the face, tilted as if looking around. */
const HIDDEN = { left: "translateX(-100%)", right: "translateX(100%)" };
const SHOWN = { left: "translateX(-30%) rotate(20deg)", right: "translateX(30%) rotate(-20deg)" };

interface ShownPeek extends Peek {
  top: number;
}

/**
 * A decorative animal that peeks in from the left or right edge of the hero every 12 seconds, at a
 * random height within what is on screen. Hidden from screen readers, never in the way of a pointer,
 * moved by transforms only inside a clipped layer (no layout shift, no sideways scroll), and still while
 * the visitor prefers reduced motion (following that setting when it changes).
 */
export default function AnimalPeek() {
  const layer = useRef<HTMLDivElement>(null);
  const animal = useRef<HTMLSpanElement>(null);
  const [peek, setPeek] = useState<ShownPeek | null>(null);

  useEffect(() => {
    const reduce = matchMedia("(prefers-reduced-motion: reduce)");
    let previous: HeroAnimal | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    const showNext = () => {
      const next = pickPeek(Math.random, previous);
      const hero = layer.current!.getBoundingClientRect();
      const coveredTop = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
      const top = peekTop(next.height, hero, { height: innerHeight, coveredTop }, ANIMAL_SIZE);
      if (top === null) return;
      previous = next.animal;
      setPeek({ ...next, top });
    };
    const follow = () => {
      clearInterval(timer);
      setPeek(null);
      if (!reduce.matches) timer = setInterval(showNext, ANIMAL_PEEK_CYCLE_MS);
    };
    follow();
    reduce.addEventListener("change", follow);
    return () => {
      clearInterval(timer);
      reduce.removeEventListener("change", follow);
    };
  }, []);

  useEffect(() => {
    if (!peek) return;
    const hidden = HIDDEN[peek.side];
    const shown = SHOWN[peek.side];
    const motion = animal.current!.animate(
      [
        { transform: hidden, easing: "ease-out" },
        { transform: shown, offset: 0.2 },
        { transform: shown, offset: 0.8, easing: "ease-in" },
        { transform: hidden },
      ],
      ANIMAL_PEEK_DURATION_MS,
    );
    motion.onfinish = () => setPeek(null);
    return () => motion.cancel();
  }, [peek]);

  return (
    <div ref={layer} aria-hidden="true" className="pointer-events-none absolute inset-0 z-10 overflow-hidden">
      {peek && (
        <span
          ref={animal}
          data-animal-peek={peek.side}
          className={`absolute select-none text-5xl leading-none drop-shadow ${
            peek.side === "left" ? "left-0" : "right-0"
          }`}
          style={{ top: peek.top, transform: HIDDEN[peek.side] }}
        >
          {peek.animal}
        </span>
      )}
    </div>
  );
}
