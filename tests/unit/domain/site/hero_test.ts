import { assertEquals } from "@std/assert";
import { ANIMAL_PEEK_CYCLE_MS, HERO_ANIMALS, peekTop, pickPeek } from "../../../../domain/site/hero.ts";

/** A random source that returns the given numbers in turn. */
function sequence(...values: number[]): () => number {
  let next = 0;
  return () => values[next++ % values.length];
}

Deno.test("the hero animal cycle is 12 seconds and 8 different animals (customer-side §9)", () => {
  assertEquals(ANIMAL_PEEK_CYCLE_MS, 12_000);
  assertEquals(HERO_ANIMALS.length, 8);
  assertEquals(new Set(HERO_ANIMALS).size, 8);
});

Deno.test("a peek takes its animal, side and height from the random source", () => {
  assertEquals(pickPeek(sequence(0, 0.2, 0.3)), { animal: HERO_ANIMALS[0], side: "left", height: 0.3 });
  assertEquals(pickPeek(sequence(0.5, 0.5, 0)), { animal: HERO_ANIMALS[4], side: "right", height: 0 });
  assertEquals(pickPeek(sequence(0.999, 0.99, 0.999)), {
    animal: HERO_ANIMALS[7],
    side: "right",
    height: 0.999,
  });
});

Deno.test("every animal can be drawn, and a random source that returns 1 stays in range", () => {
  const drawn = new Set(Array.from({ length: 8 }, (_, i) => pickPeek(sequence(i / 8, 0, 0)).animal));
  assertEquals(drawn, new Set(HERO_ANIMALS));
  const edge = pickPeek(() => 1);
  assertEquals(edge.animal, HERO_ANIMALS[7]);
  assertEquals(edge.height, 1);
});

Deno.test("the animal just seen never peeks twice in a row, and the others stay reachable", () => {
  for (const previous of HERO_ANIMALS) {
    const drawn = new Set(
      Array.from({ length: 7 }, (_, i) => pickPeek(sequence(i / 7, 0, 0), previous).animal),
    );
    assertEquals(drawn.has(previous), false);
    assertEquals(drawn.size, 7);
  }
  assertEquals(pickPeek(() => 0.99, HERO_ANIMALS[7]).animal, HERO_ANIMALS[6]);
});

const SIZE = 48;

Deno.test("a hero fully on screen: the animal fits anywhere between its top and bottom", () => {
  const hero = { top: 64, height: 600 };
  const viewport = { height: 800, coveredTop: 64 };
  assertEquals(peekTop(0, hero, viewport, SIZE), 0);
  assertEquals(peekTop(1, hero, viewport, SIZE), 600 - SIZE);
  assertEquals(peekTop(0.5, hero, viewport, SIZE), 276);
});

Deno.test("a hero taller than the screen: the animal stays in the part a visitor sees", () => {
  // A phone: the hero runs past the bottom of an 844 px screen.
  const viewport = { height: 844, coveredTop: 64 };
  assertEquals(peekTop(1, { top: 64, height: 1400 }, viewport, SIZE), 844 - 64 - SIZE);
  // Scrolled down by 500 px: the top 436 px are behind the sticky header or above the screen.
  assertEquals(peekTop(0, { top: -436, height: 1400 }, viewport, SIZE), 500);
  assertEquals(peekTop(1, { top: -436, height: 1400 }, viewport, SIZE), 844 + 436 - SIZE);
});

Deno.test("a hero scrolled (almost) out of view gets no peek", () => {
  const viewport = { height: 844, coveredTop: 64 };
  assertEquals(peekTop(0.5, { top: -1400, height: 1400 }, viewport, SIZE), null);
  assertEquals(peekTop(0.5, { top: -1300, height: 1400 }, viewport, SIZE), null);
  assertEquals(peekTop(0, { top: -1280, height: 1400 }, viewport, SIZE), 1344);
});
