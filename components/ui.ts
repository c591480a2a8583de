/** Shared class strings so buttons and links look the same on every page and in every island. */
const BUTTON_BASE =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-violet-600 disabled:opacity-60 disabled:cursor-not-allowed";

const BUTTON_VARIANTS = {
  primary: "bg-violet-600 text-white hover:bg-violet-700",
  // green-700: white on green-600 is 3.3:1, under WCAG AA's 4.5:1 for button-sized text.
  success: "bg-green-700 text-white hover:bg-green-800",
  // For actions that cannot be undone; white on red-700 is 6.5:1.
  destructive: "bg-red-700 text-white hover:bg-red-800",
  outline: "border-2 border-violet-600 text-violet-700 bg-white hover:bg-violet-50",
  ghost: "text-slate-700 hover:bg-slate-100",
} as const;

const BUTTON_SIZES = {
  sm: "px-4 py-2 text-sm",
  md: "px-5 py-2.5 text-base",
  lg: "px-8 py-4 text-lg",
} as const;

export function buttonClass(
  variant: keyof typeof BUTTON_VARIANTS = "primary",
  size: keyof typeof BUTTON_SIZES = "md",
): string {
  return `${BUTTON_BASE} ${BUTTON_VARIANTS[variant]} ${BUTTON_SIZES[size]}`;
}

export const LINK_CLASS =
  "text-violet-700 underline underline-offset-2 hover:text-violet-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 rounded";

export const INPUT_CLASS =
  "block w-full rounded-lg border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 placeholder-slate-400 focus:border-violet-600 focus:outline-none focus:ring-2 focus:ring-violet-200";
