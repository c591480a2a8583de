import {
  ANIMAL_PEEK_CYCLE_MS,
  ANIMAL_PEEK_DURATION_MS,
  type HeroAnimal,
  peekTop,
  pickPeek,
} from "../domain/site/hero.ts";
import type { Enhance } from "./lib/enhance.ts";

/** The emoji's box: `text-5xl leading-none` below. */
const ANIMAL_SIZE = 48;
/** Just past the edge, and in far enough to show the face, tilted as if looking around. */
const HIDDEN = { left: "translateX(-100%)", right: "translateX(100%)" };
const SHOWN = { left: "translateX(-30%) rotate(20deg)", right: "translateX(30%) rotate(-20deg)" };
const ANIMAL_CLASS = "absolute select-none text-5xl leading-none drop-shadow";
const EDGE_CLASS = { left: "left-0", right: "right-0" };

/**
 * Every 12 seconds one animal slides in, looks around and slides back out, by transforms only, inside
 * the layer AnimalPeek.tsx renders. Still while the visitor prefers reduced motion, following that
 * setting when it changes.
 */
const enhanceAnimalPeek: Enhance = (marker) => {
  const layer = marker.querySelector<HTMLElement>("[data-animal-layer]")!;
  const reduce = matchMedia("(prefers-reduced-motion: reduce)");
  let previous: HeroAnimal | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let shown: { animal: HTMLElement; motion: Animation } | null = null;

  const removeShown = () => {
    shown?.motion.cancel();
    shown?.animal.remove();
    shown = null;
  };

  const showNext = () => {
    const next = pickPeek(Math.random, previous);
    const coveredTop = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    const viewport = { height: innerHeight, coveredTop };
    const top = peekTop(next.height, layer.getBoundingClientRect(), viewport, ANIMAL_SIZE);
    if (top === null) return;
    previous = next.animal;
    removeShown();
    const animal = document.createElement("span");
    animal.dataset.animalPeek = next.side;
    animal.className = `${ANIMAL_CLASS} ${EDGE_CLASS[next.side]}`;
    animal.style.top = `${top}px`;
    animal.style.transform = HIDDEN[next.side];
    animal.textContent = next.animal;
    layer.append(animal);
    const hidden = HIDDEN[next.side];
    const visible = SHOWN[next.side];
    const motion = animal.animate(
      [
        { transform: hidden, easing: "ease-out" },
        { transform: visible, offset: 0.2 },
        { transform: visible, offset: 0.8, easing: "ease-in" },
        { transform: hidden },
      ],
      ANIMAL_PEEK_DURATION_MS,
    );
    motion.onfinish = removeShown;
    shown = { animal, motion };
  };

  const follow = () => {
    clearInterval(timer);
    removeShown();
    if (!reduce.matches) timer = setInterval(showNext, ANIMAL_PEEK_CYCLE_MS);
  };
  follow();
  reduce.addEventListener("change", follow);
};

export default enhanceAnimalPeek;
