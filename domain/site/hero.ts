/**
 * The landing hero's decorative peeking animal (customer-side §2 Hero, §9 "Hero animal cycle"). Pure,
 * so the island stays small and the rules are tested without a browser.
 */

export const HERO_ANIMALS = ["🐶", "🐱", "🐰", "🦊", "🐼", "🐨", "🦁", "🐸"] as const;
export type HeroAnimal = (typeof HERO_ANIMALS)[number];

/** One animal peeks in every 12 seconds. */
export const ANIMAL_PEEK_CYCLE_MS = 12_000;
/** One peek, sliding in, staying and sliding out: short, so it charms rather than distracts. */
export const ANIMAL_PEEK_DURATION_MS = 3_000;

export type PeekSide = "left" | "right";

export interface Peek {
  animal: HeroAnimal;
  side: PeekSide;
  /** Where in the visible part of the hero it appears: 0 at the top of that band, 1 at its bottom. */
  height: number;
}

/**
 * The next peek from a random source like `Math.random` (numbers in [0, 1)). The animal just seen is
 * skipped, so two peeks in a row always show different animals.
 */
export function pickPeek(random: () => number, previous?: HeroAnimal): Peek {
  const count = previous ? HERO_ANIMALS.length - 1 : HERO_ANIMALS.length;
  let index = Math.min(Math.floor(random() * count), count - 1);
  if (previous && index >= HERO_ANIMALS.indexOf(previous)) index += 1;
  return {
    animal: HERO_ANIMALS[index],
    side: random() < 0.5 ? "left" : "right",
    height: Math.min(Math.max(random(), 0), 1),
  };
}

export interface HeroBox {
  /** The hero's top edge relative to the viewport, as `getBoundingClientRect().top` gives it. */
  top: number;
  height: number;
}

/**
 * The animal's top edge in px from the hero's top: inside the part of the hero a visitor can see right
 * now (below the sticky header, above the viewport's bottom), so a peek is never wasted off screen.
 * Null when that part is too short to fit the animal: the cycle then skips this peek.
 */
export function peekTop(
  height: number,
  hero: HeroBox,
  viewport: { height: number; coveredTop: number },
  animalSize: number,
): number | null {
  const visibleFrom = Math.max(0, viewport.coveredTop - hero.top);
  const visibleTo = Math.min(hero.height, viewport.height - hero.top);
  const room = visibleTo - visibleFrom - animalSize;
  if (room < 0) return null;
  return Math.round(visibleFrom + height * room);
}
