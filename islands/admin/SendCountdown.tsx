import { useSignals } from "@preact/signals-react/runtime";
import { ClockIcon } from "../../components/icons.tsx";
import { clientNow } from "./clock.ts";
import { countdownOf } from "./countdown.ts";
import type { ListedOrder } from "./types.ts";

/**
 * Staff-side §2: when an approved song's email goes out. Drawn once the island runs (the server's
 * clock and the browser's may disagree by a minute) and redrawn with the 60 s client clock.
 */
export function SendCountdown({ order }: { order: ListedOrder }) {
  useSignals();
  // The clock signal says when to redraw; the time itself is read fresh, as a list refresh redraws too.
  const text = clientNow.value === null ? null : countdownOf(order, Date.now());
  if (!text) return null;
  return (
    <span
      data-countdown=""
      className="inline-flex w-fit items-center gap-1 rounded-full bg-violet-50 px-2.5 py-0.5 text-xs font-semibold text-violet-800 ring-1 ring-violet-200"
    >
      <ClockIcon className="h-3.5 w-3.5" />
      {text}
    </span>
  );
}
