import { SECTIONS } from "../../domain/site.ts";
import { ClockIcon, HeartIcon, MusicNoteIcon, SparkleIcon } from "../icons.tsx";
import { buttonClass } from "../ui.ts";

export function Hero() {
  return (
    <section
      id={SECTIONS.home}
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-violet-50 via-pink-50 to-white"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 md:grid-cols-2 md:py-24">
        <div className="grid gap-6">
          <p className="flex items-center gap-2 justify-self-start rounded-full bg-yellow-100 px-4 py-1 text-sm font-semibold text-yellow-800">
            <HeartIcon className="h-4 w-4 shrink-0 text-pink-600" />
            $1 from every song goes to a children's research hospital
          </p>
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
        <div
          aria-hidden="true"
          className="relative mx-auto grid aspect-square w-full max-w-md place-items-center rounded-[2rem] bg-gradient-to-br from-violet-500 via-fuchsia-500 to-pink-400 text-white shadow-2xl"
        >
          <MusicNoteIcon className="h-32 w-32" />
        </div>
      </div>
    </section>
  );
}
