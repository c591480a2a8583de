import { MusicNoteIcon } from "../icons.tsx";
import { StatusPanel } from "../StatusPanel.tsx";
import { buttonClass } from "../ui.ts";

export function NotFoundPage() {
  return (
    <StatusPanel layout="page" icon={<MusicNoteIcon className="h-12 w-12" />} title="Page Not Found">
      <p className="text-lg text-slate-600">
        Oops! This page hit a wrong note. It may have moved, or the link may be mistyped.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonClass("primary")}>Back to Home</a>
        <a href="/order" className={buttonClass("outline")}>Create Your Song</a>
      </div>
    </StatusPanel>
  );
}
