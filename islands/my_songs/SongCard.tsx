import {
  ClockIcon,
  DownloadIcon,
  MusicNoteIcon,
  PlayCircleIcon,
  RefreshIcon,
  TrashIcon,
} from "../../components/icons.tsx";
import { buttonClass } from "../../components/ui.ts";
import type { MySongsItem } from "../../domain/order/views.ts";
import { track } from "../lib/analytics.ts";
import { createdDate, type SongStage, songStatusView } from "./status.ts";

/** What the page is doing to a card right now, so its buttons cannot be pressed twice. */
export type CardBusy = "deleting" | "retrying" | null;

export interface SongCardProps {
  song: MySongsItem;
  busy: CardBusy;
  onDelete(song: MySongsItem): void;
  onRetry(song: MySongsItem): void;
  /** Opens the change of delivery time; offered while the server says it may still move. */
  onChangeDelivery(song: MySongsItem): void;
}

const BADGE_CLASS: Record<SongStage, string> = {
  pending: "bg-amber-100 text-amber-900",
  generating: "bg-violet-100 text-violet-800",
  ready: "bg-green-100 text-green-800",
  "in-review": "bg-sky-100 text-sky-900",
  scheduled: "bg-sky-100 text-sky-900",
  failed: "bg-red-100 text-red-800",
  other: "bg-slate-100 text-slate-800",
};

export function songCardId(id: string): string {
  return `song-${id}`;
}

/** One song in My Songs (customer-side §4, order status card behaviour). */
export function SongCard({ song, busy, onDelete, onRetry, onChangeDelivery }: SongCardProps) {
  const status = songStatusView(song);
  // Not on a failed card, which is about retrying; the day can be changed once the song is under way.
  const changeable = song.deliveryTimeChangeable && status.stage !== "failed" && status.stage !== "ready";
  const cardId = songCardId(song.id);
  return (
    <article
      id={cardId}
      // Focus lands here after a delete next door or a retry, so keyboard users keep their place.
      tabIndex={-1}
      aria-labelledby={`${cardId}-name`}
      aria-busy={busy === "deleting" ? true : undefined}
      data-song-status={status.stage}
      className={`flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 ${
        busy === "deleting" ? "opacity-60" : ""
      }`}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 id={`${cardId}-name`} className="font-display text-xl font-bold break-words text-slate-900">
            {song.childName}
          </h2>
          {song.songTitle && <p className="font-medium break-words text-violet-700">“{song.songTitle}”</p>}
          <p className="flex flex-wrap gap-x-2 text-sm text-slate-500">
            <span>#{song.orderNumber}</span>
            <span aria-hidden="true">·</span>
            <span>
              Created <time dateTime={song.createdAt}>{createdDate(song.createdAt)}</time>
            </span>
          </p>
        </div>
        <button
          type="button"
          aria-label={`Delete song for ${song.childName}`}
          // Not `disabled` while deleting: the dialog hands focus back to this button as it closes.
          aria-disabled={busy === "deleting" ? true : undefined}
          disabled={busy === "retrying"}
          onClick={() => busy === null && onDelete(song)}
          className="-mr-2 -mt-1 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-red-50 hover:text-red-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <TrashIcon />
        </button>
      </header>

      {/* Polite: the poll changes this text while the parent may be reading another card. */}
      <div aria-live="polite" className="grid justify-items-start gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span
            data-song-badge=""
            className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ${
              BADGE_CLASS[status.stage]
            }`}
          >
            {status.badge}
          </span>
          {song.access === "shared" && (
            <span className="inline-flex items-center rounded-full border border-slate-200 px-3 py-1 text-xs font-medium text-slate-600">
              Shared with you
            </span>
          )}
        </div>
        {status.arrival && (
          <p data-song-arrival="" className="flex items-start gap-2 text-sm font-semibold text-violet-800">
            <ClockIcon className="mt-0.5 h-4 w-4 shrink-0" />
            {status.arrival}
          </p>
        )}
        {status.step && <p className="text-sm font-medium text-slate-900">{status.step}</p>}
        {status.message && (
          <p className={status.stage === "failed" ? "text-sm text-red-700" : "text-sm text-slate-600"}>
            {status.message}
          </p>
        )}
      </div>

      {status.stage === "generating" && <Working childName={song.childName} />}

      {changeable && (
        <div className="mt-auto">
          <button
            type="button"
            aria-label={`Change delivery time for ${song.childName}`}
            disabled={busy !== null}
            onClick={() => onChangeDelivery(song)}
            className={`${buttonClass("outline", "sm")} w-full sm:w-auto`}
          >
            <ClockIcon />
            Change delivery time
          </button>
        </div>
      )}

      {status.stage === "ready" && song.songUrl && (
        <div className="mt-auto grid gap-3">
          <audio
            controls
            // Its length only (a few KB), so the player says how long the song is before it is played.
            preload="metadata"
            crossOrigin="anonymous"
            src={song.songUrl}
            aria-label={`Play ${song.childName}'s song`}
            onPlay={() => track("Song Played", { orderId: song.id, source: "my-songs" })}
            onPause={() => track("Song Paused", { orderId: song.id, source: "my-songs" })}
            className="w-full"
          />
          {song.anotherVersion && (
            <AnotherVersionPlayer
              orderId={song.id}
              childName={song.childName}
              version={song.anotherVersion}
            />
          )}
          <a
            href={`/unboxing/${encodeURIComponent(song.id)}?skip=true`}
            className={buttonClass("outline", "sm")}
          >
            <PlayCircleIcon />
            View Full Experience
          </a>
        </div>
      )}

      {status.stage === "failed" && song.access === "owner" && (
        <div className="mt-auto">
          <button
            type="button"
            disabled={busy !== null}
            onClick={() => onRetry(song)}
            className={`${buttonClass("primary", "sm")} w-full sm:w-auto`}
          >
            <RefreshIcon />
            {busy === "retrying" ? "Retrying..." : "Retry Generation"}
          </button>
        </div>
      )}
    </article>
  );
}

/** An indeterminate progress bar: it moves only for visitors who did not ask for less motion. */
function Working({ childName }: { childName: string }) {
  return (
    <div className="mt-auto flex items-center gap-3">
      <MusicNoteIcon className="h-5 w-5 shrink-0 text-violet-600 motion-safe:animate-bounce" />
      <div
        role="progressbar"
        aria-label={`Creating ${childName}'s song`}
        aria-valuetext="In progress"
        className="h-2 flex-1 overflow-hidden rounded-full bg-violet-100"
      >
        <div className="h-full w-2/3 rounded-full bg-gradient-to-r from-violet-400 to-fuchsia-500 motion-safe:animate-pulse" />
      </div>
    </div>
  );
}

/**
 * The second recording staff gave the family as well, as the reveal offers it ("Another version"): in
 * My Songs too, so it is not found only by opening the full experience again.
 */
function AnotherVersionPlayer({ orderId, childName, version }: {
  orderId: string;
  childName: string;
  version: NonNullable<MySongsItem["anotherVersion"]>;
}) {
  const titleId = `${songCardId(orderId)}-another-version`;
  return (
    <section
      aria-labelledby={titleId}
      data-another-version=""
      className="grid gap-2 rounded-xl bg-violet-50 p-3"
    >
      <h3 id={titleId} className="text-sm font-bold text-violet-800">Another version</h3>
      <p className="text-sm text-slate-700">
        {childName}'s song sung a little differently, yours to keep too.
      </p>
      <audio
        controls
        preload="metadata"
        crossOrigin="anonymous"
        src={version.songUrl}
        aria-label={`Play another version of ${childName}'s song`}
        onPlay={() => track("Song Played", { orderId, source: "my-songs", version: 2 })}
        onPause={() => track("Song Paused", { orderId, source: "my-songs", version: 2 })}
        className="w-full"
      />
      <a
        href={version.downloadUrl}
        download
        onClick={() => track("Song Downloaded", { orderId, source: "my-songs", version: 2 })}
        className={buttonClass("outline", "sm")}
      >
        <DownloadIcon />
        Download <span className="sr-only">another version of {childName}'s song</span>
      </a>
    </section>
  );
}
