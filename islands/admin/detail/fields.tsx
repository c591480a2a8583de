import type { ReactNode } from "react";

/** Labelled values for the Order Detail tabs: a definition list per section, a dash for what is empty. */

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h3 className="font-display text-base font-bold text-slate-900">{title}</h3>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

export interface FieldProps {
  label: string;
  value: ReactNode;
  /** Long text takes the whole width and keeps its line breaks. */
  wide?: boolean;
}

export function Field({ label, value, wide = false }: FieldProps) {
  const empty = value === null || value === undefined || value === "";
  return (
    <div
      className={wide ? "grid content-start gap-0.5 sm:col-span-2" : "grid content-start gap-0.5"}
      data-field={label}
    >
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className={`break-words text-sm text-slate-900 ${wide ? "whitespace-pre-wrap" : ""}`}>
        {empty ? <span className="text-slate-400">—</span> : value}
      </dd>
    </div>
  );
}

export const yesNo = (value: boolean | null | undefined) => (value ? "Yes" : "No");
