import type { ReactNode } from "react";
import { SUPPORT_EMAIL } from "../../domain/site/site.ts";

/** A bulleted list inside a legal section. */
export const LIST = "list-disc pl-6 space-y-2";
const LINK = "font-medium text-slate-900 underline underline-offset-2";

/** The support address as a mail link, as the legal pages name it in their text. */
export function SupportEmail() {
  return (
    <a href={`mailto:${SUPPORT_EMAIL}`} className={LINK}>
      {SUPPORT_EMAIL}
    </a>
  );
}

export interface LegalSection {
  /** Anchor id used by the "On this page" links; must be unique on the page. */
  id: string;
  heading: string;
  body: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}

/**
 * Shared layout for the legal pages (privacy policy, terms and conditions).
 * Purely presentational and server-rendered: no hooks, no scripts, no inline styles.
 */
export function LegalDocument(props: LegalDocumentProps) {
  const { title, updated, intro, sections } = props;
  return (
    <article className="max-w-3xl mx-auto px-4 py-12 text-slate-700 leading-relaxed">
      <header className="mb-8">
        <h1 className="text-3xl sm:text-4xl font-bold tracking-tight text-slate-900">
          {title}
        </h1>
        <p className="mt-2 text-sm text-slate-500">Last updated: {updated}</p>
      </header>

      <div className="space-y-4">{intro}</div>

      <nav
        aria-label="On this page"
        className="mt-8 mb-10 rounded-lg border border-slate-200 bg-slate-50 px-5 py-4"
      >
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-900">
          On this page
        </p>
        <ol className="mt-3 space-y-1 text-sm list-decimal list-inside">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="text-slate-700 underline underline-offset-2 hover:text-slate-900"
              >
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="space-y-10">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="scroll-mt-24"
          >
            <h2
              id={`${section.id}-heading`}
              className="text-xl sm:text-2xl font-semibold text-slate-900"
            >
              {`${index + 1}. ${section.heading}`}
            </h2>
            <div className="mt-3 space-y-4">{section.body}</div>
          </section>
        ))}
      </div>
    </article>
  );
}
