import type { ReactNode } from "react";

/** The text boxes of the staff dialogs: violet when focused, red while their value is refused. */
export const fieldClass = (invalid = false) =>
  invalid
    ? "block w-full min-h-[44px] rounded-lg border border-red-500 bg-white px-3 py-2 text-base text-slate-900 placeholder-slate-400 focus:border-red-600 focus:outline-none focus:ring-2 focus:ring-red-200 disabled:bg-slate-50"
    : "block w-full min-h-[44px] rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder-slate-400 focus:border-violet-600 focus:outline-none focus:ring-2 focus:ring-violet-200 disabled:bg-slate-50";

export interface FieldLabelProps {
  htmlFor: string;
  /** The field may stay empty: said after its name, in a lighter hand, and read with it. */
  optional?: boolean;
  children: ReactNode;
}

/** The name above a field of a staff dialog. */
export function FieldLabel({ htmlFor, optional = false, children }: FieldLabelProps) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-semibold text-slate-800">
      {children}
      {optional && (
        <>
          {" "}
          <span className="font-normal text-slate-600">(optional)</span>
        </>
      )}
    </label>
  );
}
