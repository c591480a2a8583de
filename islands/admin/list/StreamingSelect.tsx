import { useId } from "react";
import { DEFAULT_STREAMING_STATUS, STREAMING_STATUSES } from "../../../domain/song/streaming_status.ts";
import { streamingArtistOf } from "./streaming_artist.ts";
import type { ListedOrder } from "../types.ts";

export interface StreamingSelectProps {
  order: ListedOrder;
  busy: boolean;
  onChange(order: ListedOrder, status: string): void;
  /** Taller for the phone's cards (44 px touch target). */
  size: "compact" | "full";
}

/**
 * Staff-side §4: the streaming add-on's status, set by an admin, with the artist name the family
 * chose beside it; orders without the add-on show a dash.
 */
export function StreamingSelect({ order, busy, onChange, size }: StreamingSelectProps) {
  const artistId = useId();
  if (!order.addStreamingServices) {
    return (
      <span className="text-slate-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No streaming add-on</span>
      </span>
    );
  }
  const value = order.streamingStatus ?? DEFAULT_STREAMING_STATUS;
  const artist = streamingArtistOf(order);
  return (
    <span
      className={size === "full"
        ? "flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1"
        : "grid justify-items-start gap-1"}
    >
      <select
        aria-label={`Streaming status of order #${order.orderNumber}`}
        aria-describedby={artist ? artistId : undefined}
        value={value}
        disabled={busy}
        onChange={(event) => onChange(order, event.currentTarget.value)}
        className={`rounded-lg border border-slate-300 bg-white text-slate-900 focus:border-violet-600 focus:outline-none focus:ring-2 focus:ring-violet-200 disabled:opacity-60 ${
          size === "full" ? "h-11 px-3 text-base" : "h-8 px-2 text-xs"
        }`}
      >
        {STREAMING_STATUSES.map((status) => <option key={status} value={status}>{status}</option>)}
        {!(STREAMING_STATUSES as readonly string[]).includes(value) && <option value={value}>{value}</option>}
      </select>
      {artist && (
        <span
          id={artistId}
          data-streaming-artist=""
          className={`min-w-0 max-w-[14rem] break-words text-slate-600 ${
            size === "full" ? "text-sm" : "text-xs"
          }`}
        >
          Artist: <span className="font-semibold text-slate-800">{artist}</span>
        </span>
      )}
    </span>
  );
}
