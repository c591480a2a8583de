import { DEFAULT_STREAMING_STATUS, STREAMING_STATUSES } from "../../domain/streaming_status.ts";
import type { ListedOrder } from "./types.ts";

export interface StreamingSelectProps {
  order: ListedOrder;
  busy: boolean;
  onChange(order: ListedOrder, status: string): void;
  /** Taller for the phone's cards (44 px touch target). */
  size: "compact" | "full";
}

/** Staff-side §4: the streaming add-on's status, set by an admin; orders without the add-on show a dash. */
export function StreamingSelect({ order, busy, onChange, size }: StreamingSelectProps) {
  if (!order.addStreamingServices) {
    return (
      <span className="text-slate-400">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No streaming add-on</span>
      </span>
    );
  }
  const value = order.streamingStatus ?? DEFAULT_STREAMING_STATUS;
  return (
    <select
      aria-label={`Streaming status of order #${order.orderNumber}`}
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
  );
}
