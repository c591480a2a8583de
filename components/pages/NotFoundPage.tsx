import { MusicNoteIcon } from "../icons.tsx";
import { buttonClass } from "../ui.ts";

export function NotFoundPage() {
  return (
    <section className="mx-auto grid max-w-xl justify-items-center gap-6 px-4 py-24 text-center">
      <span className="flex h-24 w-24 items-center justify-center rounded-full bg-violet-100 text-violet-600">
        <MusicNoteIcon className="h-12 w-12" />
      </span>
      <h1 className="font-display text-4xl font-extrabold text-slate-900">Page Not Found</h1>
      <p className="text-lg text-slate-600">
        Oops! This page hit a wrong note. It may have moved, or the link may be mistyped.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonClass("primary")}>Back to Home</a>
        <a href="/order" className={buttonClass("outline")}>Create Your Song</a>
      </div>
    </section>
  );
}
