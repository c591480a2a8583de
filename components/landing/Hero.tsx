import type { ReactNode } from "react";
import { SECTIONS } from "../../domain/site/site.ts";
import { ClockIcon, HeartIcon, SparkleIcon } from "../icons.tsx";
import { buttonClass } from "../ui.ts";

export interface HeroProps {
  /** The hero video island; it fills the square box given here. */
  video: ReactNode;
  /** The peeking-animal island; it covers the whole hero as a clipped, decorative layer. */
  peek: ReactNode;
}

/**
 * The landing page's first screen (customer-side §2 Hero). The islands come in as props, since
 * components never import islands; the route passes them.
 */
export function Hero({ video, peek }: HeroProps) {
  return (
    <section
      id={SECTIONS.home}
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-violet-50 via-pink-50 to-white"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-12 md:grid-cols-2 md:py-24">
        <div className="grid gap-6">
          <h1
            id="hero-title"
            className="font-display text-4xl font-extrabold leading-tight text-slate-900 sm:text-5xl"
          >
            Create Magical Personalized Songs For Kids
          </h1>
          <p className="text-lg leading-relaxed text-slate-600">
            Welcome to Little Hits! Tell us about your child — their name, their favorite things, their best
            friends — and our studio turns it into a one-of-a-kind song they'll want to hear again and again.
          </p>
          <div className="flex flex-wrap gap-3">
            <a href="/order" className={buttonClass("primary", "lg")}>Create Your Song</a>
            <a href={`#${SECTIONS.kidReactions}`} className={buttonClass("outline", "lg")}>
              See Kids' Reactions
            </a>
          </div>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-slate-700">
            <li className="flex items-center gap-2">
              <ClockIcon className="h-4 w-4 text-violet-600" /> Ready in 24 hours
            </li>
            <li className="flex items-center gap-2">
              <SparkleIcon className="h-4 w-4 text-violet-600" /> 100% personalized
            </li>
          </ul>
        </div>
        <div className="relative mx-auto w-full max-w-md pt-4">
          <div className="relative aspect-square overflow-hidden rounded-[2rem] bg-gradient-to-br from-violet-500 via-fuchsia-500 to-pink-400 shadow-2xl">
            {video}
          </div>
          <CharitySticker />
        </div>
      </div>
      {peek}
    </section>
  );
}

/** Stuck on the video's corner, a little askew like a real sticker, yet dark on light to stay legible. */
function CharitySticker() {
  return (
    <p className="absolute -left-2 top-0 z-10 flex max-w-[15rem] -rotate-6 items-center gap-2 rounded-2xl border-2 border-white bg-yellow-300 px-4 py-2 text-sm font-bold leading-snug text-slate-900 shadow-lg sm:-left-6">
      <HeartIcon className="h-5 w-5 shrink-0 text-pink-700" />
      $1 from every song goes to a children's research hospital
    </p>
  );
}
