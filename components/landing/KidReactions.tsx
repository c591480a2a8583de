import type { ReactNode } from "react";
import { SECTIONS } from "../../domain/site/site.ts";

/** Frames the reactions carousel island (passed in by the route, since components never import islands). */
export function KidReactions({ children }: { children: ReactNode }) {
  return (
    <section id={SECTIONS.kidReactions} aria-labelledby="reactions-title" className="bg-violet-50">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 text-center md:py-24">
        <h2 id="reactions-title" className="font-display text-3xl font-extrabold text-slate-900 sm:text-4xl">
          Kids Love Their Personalized Songs!
        </h2>
        <p className="mx-auto max-w-2xl text-lg text-slate-600">
          Nothing beats the moment a child hears their own name in a song. Tap a video to watch.
        </p>
        {children}
      </div>
    </section>
  );
}
