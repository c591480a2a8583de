import { useSignals } from "@preact/signals-react/runtime";
import { clientNow } from "./clock.ts";
import { requestedDeliveryText, requestedLabel, requestedLong, requestedShort } from "./requested_date.ts";
import type { ListedOrder } from "./types.ts";

export interface RequestedDateProps {
  order: ListedOrder;
  /**
   * The table's narrow column shows "For 14 Mar 8:00" with the full words as its tooltip and for screen
   * readers; a phone's card has the room for them ("For Saturday 14 March, 8:00 in London") and no
   * pointer to hover with.
   */
  words: "short" | "full";
}

/** rounded-xl: a pill on one line, a neat box where a long place name wraps on a narrow phone. */
const CHIP =
  "inline-flex w-fit items-center rounded-xl bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200";

/** The moment the family chose for the song's email (issue 20), on their own clock; nothing without one. */
export function RequestedDate({ order, words }: RequestedDateProps) {
  useSignals();
  const request = order.requestedDelivery;
  if (!request) return null;
  // Without the browser's clock (the server's render) the year is left out; it shows once the island runs.
  const now = clientNow.value ?? undefined;
  if (words === "full") {
    return <span data-requested-delivery="" className={CHIP}>{requestedLong(request, now)}</span>;
  }
  const label = requestedLabel(request, now);
  return (
    <span data-requested-delivery="" title={label} className={CHIP}>
      <span aria-hidden="true">{requestedShort(request)}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Order Detail's "Requested Delivery": the moment in full, or "As soon as it's ready". */
export function RequestedDeliveryWords({ order }: { order: ListedOrder }) {
  useSignals();
  return <>{requestedDeliveryText(order, clientNow.value ?? undefined)}</>;
}
