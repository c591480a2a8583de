import type { ReactNode } from "react";

/** A narrowing box's own look: one height with the selects beside it, full width of its cell. */
export const NARROW_CONTROL =
  "block h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-violet-600 focus:outline-none focus:ring-2 focus:ring-violet-200";

/** One narrowing of a staff list (the orders', the activity log's): its name above its box. */
export function NarrowField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="grid min-w-0 gap-1 text-sm font-medium text-slate-700">
      {label}
      {children}
    </label>
  );
}

export interface NarrowSelectProps<V extends string> {
  label: string;
  value: V;
  choices: readonly V[];
  labelOf(choice: V): string;
  onChange(choice: V): void;
}

/** A narrowing chosen from a list. */
export function NarrowSelect<V extends string>(
  { label, value, choices, labelOf, onChange }: NarrowSelectProps<V>,
) {
  return (
    <NarrowField label={label}>
      <select
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as V)}
        className={NARROW_CONTROL}
      >
        {choices.map((choice) => <option key={choice} value={choice}>{labelOf(choice)}</option>)}
      </select>
    </NarrowField>
  );
}
