import type { ReactNode } from "react";
import { SECTIONS } from "../../domain/site/site.ts";

/** Frames the FAQ accordion island (passed in by the route, since components never import islands). */
export function FaqSection({ children }: { children: ReactNode }) {
  return (
    <section id={SECTIONS.faq} aria-labelledby="faq-title" className="bg-violet-50">
      <div className="mx-auto grid max-w-3xl gap-8 px-4 py-16 md:py-24">
        <h2
          id="faq-title"
          className="text-center font-display text-3xl font-extrabold text-slate-900 sm:text-4xl"
        >
          Frequently Asked Questions
        </h2>
        {children}
      </div>
    </section>
  );
}
