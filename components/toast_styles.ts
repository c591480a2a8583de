/**
 * Class strings of the toaster. The toaster only exists in the browser (it is mounted after
 * hydration), so server renders never contain these classes; css.ts safelists them from here.
 */
export const TOAST_STYLES = {
  viewport:
    "fixed top-0 right-0 z-[100] flex flex-col-reverse w-full max-w-sm p-4 gap-2 outline-none sm:top-auto sm:bottom-0 focus-visible:ring-2 focus-visible:ring-violet-500",
  toast:
    "relative flex items-start gap-3 w-full rounded-xl border p-4 pr-10 shadow-lg touch-pan-y select-none transition-transform",
  body: "grid gap-1",
  title: "text-sm font-semibold",
  description: "text-sm opacity-90",
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-600 bg-red-600 text-white",
  close:
    "absolute right-2 top-2 rounded-md p-1 leading-none focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-500",
  closeDefault: "text-slate-500 hover:text-slate-900",
  closeDestructive: "text-red-100 hover:text-white",
} as const;
