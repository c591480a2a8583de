import type { ReactNode } from "react";

/** The centred icon, heading and text of the pages that open an emailed link while the reader waits. */
export function StatusPanel(
  { icon, title, children }: { icon: ReactNode; title: string; children: ReactNode },
) {
  return (
    <div className="grid justify-items-center gap-4 text-center" aria-live="polite">
      {icon}
      <h1 className="font-display text-3xl font-extrabold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}
