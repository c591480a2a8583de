import { MusicNoteIcon } from "../../components/icons.tsx";
import { buttonClass } from "../../components/ui.ts";

/** Shown when the order is missing, not completed or its song not delivered yet (customer-side §2). */
export function SongNotReady() {
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-5 rounded-3xl bg-white px-6 py-10 text-center shadow-lg ring-1 ring-violet-100">
      <span className="grid h-20 w-20 place-items-center rounded-full bg-violet-100 text-violet-600">
        <MusicNoteIcon className="h-10 w-10" />
      </span>
      <h1 className="font-display text-3xl font-extrabold text-slate-900 sm:text-4xl">Song Not Ready</h1>
      <p className="text-lg text-slate-600">This song is still being created.</p>
      <a href="/my-songs" className={buttonClass("primary", "lg")}>Go to My Songs</a>
    </div>
  );
}
