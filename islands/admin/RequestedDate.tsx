import { useSignals } from "@preact/signals-react/runtime";
import { clientNow, ownTimeZone } from "./clock.ts";
import {
  requestedDeliveryText,
  requestedLabel,
  requestedLong,
  requestedShort,
  staffClockText,
} from "./requested_date.ts";
import type { ListedOrder } from "./types.ts";

export interface RequestedDateProps {
  order: ListedOrder;
  /**
   * The table's narrow column shows "For 14 Mar 8:00 London" with the full words as its tooltip and for
   * screen readers; a phone's card has the room for them ("For Saturday 14 March, 8:00 in London") and
   * no pointer to hover with.
   */
  words: "short" | "full";
}

/** rounded-xl: a pill on one line, a neat box where a long place name wraps on a narrow phone. */
const CHIP =
  "inline-flex w-fit items-center rounded-xl bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200";

/**
 * The moment the family chose for the song's email, on their own clock and named by their
 * place, with the staff member's own time under it where it differs; nothing without one.
 */
export function RequestedDate({ order, words }: RequestedDateProps) {
  useSignals();
  const request = order.requestedDelivery;
  if (!request) return null;
  // Without the browser's clock (the server's render) the year and the staff's own time are left out;
  // they show once the island runs.
  const now = clientNow.value ?? undefined;
  const zone = now === undefined ? undefined : ownTimeZone();
  const ours = zone ? staffClockText(request, zone) : null;
  const chip = words === "full"
    ? <span data-requested-delivery="" className={CHIP}>{requestedLong(request, now)}</span>
    : (
      <span data-requested-delivery="" title={requestedLabel(request, now, zone)} className={CHIP}>
        <span aria-hidden="true">{requestedShort(request)}</span>
        <span className="sr-only">{requestedLabel(request, now, zone)}</span>
      </span>
    );
  return (
    <span className="grid justify-items-start gap-0.5">
      {chip}
      {ours && (
        <span
          data-requested-delivery-local=""
          aria-hidden={words === "short" ? true : undefined}
          className="text-xs text-slate-600"
        >
          {ours}
        </span>
      )}
    </span>
  );
}

/** Order Detail's "Requested Delivery": the moment in full, or "As soon as it's ready". */
export function RequestedDeliveryWords({ order }: { order: ListedOrder }) {
  useSignals();
  return <>{requestedDeliveryText(order, clientNow.value ?? undefined)}</>;
}
