import { useSignals } from "@preact/signals-react/runtime";
import { Fragment } from "react";
import { ClockIcon } from "../../../components/icons.tsx";
import { clientNow } from "../clock.ts";
import { countdownDetailOf, countdownOf } from "../countdown.ts";
import type { ListedOrder } from "../types.ts";

export interface SendCountdownProps {
  order: ListedOrder;
  /**
   * The table's status column is narrow: a badge of two phrases ("Sends 14 Mar 8:00 · family's date")
   * stacks them, so it neither widens the table nor breaks mid-phrase. A card has the room for one line
   * (but for the narrowest phones, where the second phrase wraps whole).
   */
  layout: "compact" | "full";
}

/** rounded-xl: a pill on one line, a neat box on two. */
const BADGE =
  "w-fit items-center gap-x-1 rounded-xl bg-violet-50 px-2.5 py-0.5 text-xs font-semibold text-violet-800 ring-1 ring-violet-200";

/**
 * Staff-side §2: when an approved song's email goes out, and whether the family's chosen moment or the
 * delay after approval decides it. Drawn once the island runs (the server's clock and the browser's
 * may disagree by a minute) and redrawn with the 60 s client clock.
 */
export function SendCountdown({ order, layout }: SendCountdownProps) {
  useSignals();
  // The clock signal says when to redraw; the time itself is read fresh, as a list refresh redraws too.
  const now = clientNow.value === null ? null : Date.now();
  const text = now === null ? null : countdownOf(order, now);
  if (!text) return null;
  // The moment in full, for the pointer (title) and for screen readers (the hidden words after it).
  const detail = countdownDetailOf(order, now!);
  const [first, ...rest] = text.split(" · ");
  const stacked = layout === "compact" && rest.length > 0;
  return (
    <span
      data-countdown=""
      title={detail ?? undefined}
      className={`${BADGE} ${stacked ? "inline-grid grid-cols-[auto_auto]" : "inline-flex flex-wrap"}`}
    >
      <ClockIcon className="h-3.5 w-3.5 shrink-0" />
      <span className="whitespace-nowrap">{first}</span>
      {rest.map((phrase) =>
        stacked
          ? (
            <Fragment key={phrase}>
              {/* Said, not drawn: the second line is its own phrase. */}
              <span className="sr-only">·</span>
              <span className="col-start-2 whitespace-nowrap font-medium">{phrase}</span>
            </Fragment>
          )
          : (
            // On the narrowest phones the phrase moves to a second line, whole.
            <Fragment key={phrase}>
              {" "}
              <span className="whitespace-nowrap">· {phrase}</span>
            </Fragment>
          )
      )}
      {detail && <span className="sr-only">: {detail}</span>}
    </span>
  );
}
