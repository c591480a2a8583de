import type { GenerationEvent } from "../../../domain/generation/events.ts";
import { LocalTime } from "../LocalTime.tsx";
import { stageLabel } from "../status.ts";

const TYPE_CLASS: Record<string, string> = {
  START: "text-slate-600",
  SUCCESS: "text-green-700",
  ERROR: "text-red-700",
  RETRY: "text-amber-700",
};

/** The order's generation events as they happened (Error Details shows them grouped by stage). */
export function EventList({ events }: { events: GenerationEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-500">No events recorded.</p>;
  return (
    <ol className="grid gap-1 text-xs">
      {events.map((event) => (
        <li
          key={event.id}
          className="grid gap-x-3 rounded-lg bg-slate-50 px-3 py-2 sm:grid-cols-[11rem_9rem_4rem_1fr]"
        >
          <span className="text-slate-500">
            <LocalTime iso={event.occurredAt} />
          </span>
          <span className="font-semibold text-slate-700">{stageLabel(event.stage)}</span>
          <span className={`font-bold ${TYPE_CLASS[event.type] ?? "text-slate-600"}`}>{event.type}</span>
          <span className="break-words text-slate-700">
            {event.message}
            {event.httpStatus !== null && (
              <span className="text-slate-500">{` (HTTP ${event.httpStatus})`}</span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
