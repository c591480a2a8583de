import { SECTIONS } from "../../domain/site/site.ts";

export function OurStory() {
  return (
    <section id={SECTIONS.ourStory} aria-labelledby="story-title" className="bg-white">
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-16 md:py-24">
        <h2
          id="story-title"
          className="text-center font-display text-3xl font-extrabold text-slate-900 sm:text-4xl"
        >
          Our Story
        </h2>
        <p className="text-lg leading-relaxed text-slate-600">
          We're parents and musicians with over a decade in the music industry. When our own kids lit up
          hearing their names in a silly song we made up at bedtime, we knew every child deserved a song of
          their own.
        </p>
        <p className="text-lg leading-relaxed text-slate-600">
          Little Hits pairs that studio experience with a lot of heart: every song is reviewed by our team
          before it reaches you, and $1 from every song supports a children's research hospital.
        </p>
      </div>
    </section>
  );
}
