import { MusicNoteIcon } from "../../components/icons.tsx";
import { StatusPanel } from "../../components/StatusPanel.tsx";
import { buttonClass } from "../../components/ui.ts";

/** Shown when the order is missing, not completed or its song not delivered yet (customer-side §2). */
export function SongNotReady() {
  return (
    <StatusPanel layout="card" icon={<MusicNoteIcon className="h-10 w-10" />} title="Song Not Ready">
      <p className="text-lg text-slate-600">This song is still being created.</p>
      <a href="/my-songs" className={buttonClass("primary", "lg")}>Go to My Songs</a>
    </StatusPanel>
  );
}
