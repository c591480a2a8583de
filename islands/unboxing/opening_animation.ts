import { UNBOX_ANIMATION_MS } from "./song_facts.ts";

/**
 * The gift box's opening, with the Web Animations API: a lid that wiggles, lifts and then flies off
 * needs keyframes per part and timings in step with the reveal's own timer, which CSS classes cannot
 * carry (its idle float, one plain loop, is CSS: `animate-float`, components/css.ts). The island's
 * timer, not these animations, decides when the song is revealed, so a browser without `animate`
 * still gets there.
 */
export interface GiftBoxParts {
  box: HTMLElement | null;
  lid: HTMLElement | null;
  glow: HTMLElement | null;
  sparks: HTMLElement[];
}

const EASE_OUT = "cubic-bezier(0.22, 1, 0.36, 1)";

export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/**
 * The three seconds of opening: the box wiggles, the lid rattles, lifts and flies off while light and
 * sparks burst out. With reduced motion nothing moves: the lid fades away and the light fades in.
 */
export function openBox({ box, lid, glow, sparks }: GiftBoxParts, reduced: boolean): Animation[] {
  const timing = { duration: UNBOX_ANIMATION_MS, fill: "forwards" as const };
  const animations: Animation[] = [];
  const play = (element: HTMLElement | null, keyframes: Keyframe[], options: KeyframeAnimationOptions) => {
    if (canAnimate(element)) animations.push(element.animate(keyframes, options));
  };

  if (reduced) {
    play(lid, [{ opacity: 1 }, { opacity: 1, offset: 0.4 }, { opacity: 0 }], timing);
    play(glow, [{ opacity: 0 }, { opacity: 0, offset: 0.4 }, { opacity: 0.9 }], timing);
    return animations;
  }

  play(
    box,
    [
      { transform: "rotate(0) scale(1)" },
      { transform: "rotate(-5deg) scale(1)", offset: 0.06 },
      { transform: "rotate(5deg) scale(1)", offset: 0.12 },
      { transform: "rotate(-4deg) scale(1)", offset: 0.18 },
      { transform: "rotate(4deg) scale(1)", offset: 0.24 },
      { transform: "rotate(0) scale(1)", offset: 0.3 },
      { transform: "rotate(0) scale(1.06, 0.9)", offset: 0.42 },
      { transform: "rotate(0) scale(0.96, 1.06)", offset: 0.5 },
      { transform: "rotate(0) scale(1)", offset: 0.58 },
      { transform: "rotate(0) scale(1)" },
    ].map(easedBy("ease-in-out")),
    timing,
  );

  play(
    lid,
    [
      { transform: "translate(0, 0) rotate(0)", opacity: 1 },
      { transform: "translate(0, -6%) rotate(-3deg)", opacity: 1, offset: 0.33 },
      { transform: "translate(0, 0) rotate(0)", opacity: 1, offset: 0.38 },
      { transform: "translate(0, -10%) rotate(3deg)", opacity: 1, offset: 0.43 },
      { transform: "translate(0, 0) rotate(0)", opacity: 1, offset: 0.48 },
      { transform: "translate(-4%, -70%) rotate(-10deg)", opacity: 1, offset: 0.58 },
      { transform: "translate(45%, -260%) rotate(28deg)", opacity: 1, offset: 0.8 },
      { transform: "translate(70%, -360%) rotate(48deg)", opacity: 0 },
    ].map(easedBy(EASE_OUT)),
    timing,
  );

  play(
    glow,
    [
      { opacity: 0, transform: "scale(0.4)" },
      { opacity: 0, transform: "scale(0.4)", offset: 0.5 },
      { opacity: 1, transform: "scale(1.5)", offset: 0.75 },
      { opacity: 0.85, transform: "scale(1.9)" },
    ].map(easedBy(EASE_OUT)),
    timing,
  );

  sparks.forEach((spark, index) => {
    const angle = (index / sparks.length) * Math.PI * 2 - Math.PI / 2;
    const distance = 110 + (index % 3) * 35;
    const x = Math.round(Math.cos(angle) * distance);
    // Sparks mostly rise out of the open box.
    const y = Math.round(Math.sin(angle) * distance * 0.8 - 40);
    play(
      spark,
      [
        { opacity: 0, transform: "translate(0, 0) scale(0.2) rotate(0)" },
        { opacity: 0, transform: "translate(0, 0) scale(0.2) rotate(0)", offset: 0.52 + (index % 4) * 0.03 },
        {
          opacity: 1,
          transform: `translate(${x * 0.7}px, ${y * 0.7}px) scale(1.3) rotate(90deg)`,
          offset: 0.78,
        },
        { opacity: 0, transform: `translate(${x}px, ${y}px) scale(0.6) rotate(180deg)` },
      ].map(easedBy(EASE_OUT)),
      timing,
    );
  });
  return animations;
}

/** The player arrives with a small pop, unless motion is reduced. */
export function popIn(element: HTMLElement | null): Animation[] {
  if (!canAnimate(element) || prefersReducedMotion()) return [];
  return [
    element.animate(
      [
        { opacity: 0, transform: "scale(0.9) translateY(24px)" },
        { opacity: 1, transform: "scale(1.02) translateY(0)", offset: 0.7 },
        { opacity: 1, transform: "scale(1) translateY(0)" },
      ],
      { duration: 700, easing: EASE_OUT },
    ),
  ];
}

/**
 * Easing per keyframe (towards the next one): an `easing` in the options would bend the whole three
 * seconds at once and run the late keyframes early.
 */
function easedBy(easing: string) {
  return (keyframe: Keyframe): Keyframe => ({ ...keyframe, easing });
}

function canAnimate(element: HTMLElement | null): element is HTMLElement {
  return typeof element?.animate === "function";
}
