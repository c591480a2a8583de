/**
 * How the order form's boxes look, shared with the other forms that ask the same questions (My Songs'
 * delivery time), without the form's field table.
 */

// Not INPUT_CLASS from components/ui.ts: an invalid field swaps the border and ring colours, and two
// colour classes of the same kind on one element would leave the winner to stylesheet order.
const CONTROL =
  "block w-full rounded-lg border bg-white px-4 py-3 text-base text-slate-900 placeholder-slate-400 focus:outline-none focus:ring-2";
const CONTROL_OK = "border-slate-300 focus:border-violet-600 focus:ring-violet-200";
const CONTROL_BAD = "border-red-500 focus:border-red-600 focus:ring-red-200";

/** A box's classes: its border and ring turn red while it is in error. */
export const controlClass = (bad: boolean) => `${CONTROL} ${bad ? CONTROL_BAD : CONTROL_OK}`;
export const LABEL = "text-sm font-semibold text-slate-700";
export const HINT = "text-sm text-slate-600";
// red-700: red-600 is under 4.5:1 on the violet-50 of the delivery box.
export const ERROR = "text-sm font-medium text-red-700";

/** A choice shown as a pill around its radio button. */
const PILL_ON =
  "flex cursor-pointer items-center gap-2 rounded-full border-2 border-violet-600 bg-violet-50 px-4 py-2 text-sm font-semibold text-violet-800";
const PILL_OFF =
  "flex cursor-pointer items-center gap-2 rounded-full border-2 border-slate-200 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:border-violet-300";
export const pillClass = (checked: boolean) => checked ? PILL_ON : PILL_OFF;
export const RADIO = "h-4 w-4 accent-violet-600";
