import type { ReactNode } from "react";

const BACKGROUNDS = { white: "bg-white", violet: "bg-violet-50" } as const;
const WIDTHS = { narrow: "max-w-3xl", wide: "max-w-6xl" } as const;

/**
 * A landing-page section: the anchor the navigation scrolls to, the heading that names it for screen
 * readers, and the column its content reads in, alike on every section.
 */
export function LandingSection(
  { id, titleId, title, background, width, className, children }: {
    id: string;
    titleId: string;
    title: string;
    background: keyof typeof BACKGROUNDS;
    width: keyof typeof WIDTHS;
    /** The column's spacing and alignment. */
    className: string;
    children: ReactNode;
  },
) {
  return (
    <section id={id} aria-labelledby={titleId} className={BACKGROUNDS[background]}>
      <div className={`mx-auto grid ${WIDTHS[width]} px-4 py-16 md:py-24 ${className}`}>
        <h2
          id={titleId}
          className="text-center font-display text-3xl font-extrabold text-slate-900 sm:text-4xl"
        >
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
