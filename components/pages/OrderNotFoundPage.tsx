import { SUPPORT_EMAIL } from "../../domain/site/site.ts";
import { MusicNoteIcon } from "../icons.tsx";
import { StatusPanel } from "../StatusPanel.tsx";
import { buttonClass, LINK_CLASS } from "../ui.ts";

/**
 * An order address that leads nowhere (a mistyped or old link): say so honestly, and offer the ways
 * on: the parent's songs, a new song, or a person to write to.
 */
export function OrderNotFoundPage() {
  return (
    <StatusPanel
      layout="page"
      icon={<MusicNoteIcon className="h-12 w-12" />}
      title="We can't find this order"
    >
      <p className="text-lg text-slate-600">
        The link may be mistyped or incomplete. If you paid for a song, it is safe: you'll find it in My
        Songs, and we'll email you when it's ready.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <a href="/my-songs" className={buttonClass("primary")}>Go to My Songs</a>
        <a href="/order" className={buttonClass("outline")}>Create a Song</a>
      </div>
      <p className="text-sm text-slate-600">
        Still stuck? Write to <a href={`mailto:${SUPPORT_EMAIL}`} className={LINK_CLASS}>{SUPPORT_EMAIL}</a>.
      </p>
    </StatusPanel>
  );
}
