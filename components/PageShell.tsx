import type { ReactNode } from "react";

export interface PageShellProps {
  title: string;
  lead?: string;
  children?: ReactNode;
}

/** A centred page frame with a heading: the common shape of the app's single-purpose pages. */
export function PageShell({ title, lead, children }: PageShellProps) {
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-16 text-center">
      <h1 className="font-display text-3xl font-extrabold text-slate-900 sm:text-4xl">{title}</h1>
      {lead && <p className="text-lg text-slate-600">{lead}</p>}
      {children}
    </section>
  );
}
