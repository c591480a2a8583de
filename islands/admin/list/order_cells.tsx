import { GiftIcon } from "../../../components/icons.tsx";
import { childAgeLabel } from "../../../domain/order/child_age.ts";
import { bonusTakeOf, deliveredTakeNumber, hasTwoTakes, takeLabel } from "../../../domain/song/takes.ts";
import { rowSummary } from "../keyboard/current_row.ts";
import type { MouseEvent } from "react";
import type { ListedOrder, OrderListViewProps } from "../types.ts";
import { SendCountdown } from "./SendCountdown.tsx";
import { StatusBadge } from "./StatusBadge.tsx";

/** Pieces the table and the cards both show, so the two layouts say the same thing. */

type Layout = "compact" | "full";

/**
 * What marks a row or card as the order's: its id, the keyboard's current row (`data-current` for the
 * page, `aria-current` for a screen reader, which the list also says aloud as it moves) and a click
 * that opens the order, except one that landed on one of its own controls.
 */
export function rowProps(
  order: ListedOrder,
  { currentId, onOpen }: Pick<OrderListViewProps, "currentId" | "onOpen">,
  className: { always: string; notCurrent: string },
) {
  const current = order.id === currentId;
  return {
    "data-order-id": order.id,
    ...(current ? { "data-current": "", "aria-current": true as const } : {}),
    className: `${className.always} ${current ? CURRENT_ROW : className.notCurrent}`,
    onClick: (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Element && target.closest("button, a, select, input, textarea, label"))) {
        onOpen(order);
      }
    },
  };
}

/**
 * The row's "Order #N details" button is where `j` and `k` put the focus (moving only the ring said
 * nothing to a screen reader): it is marked, and described by the row's child and status. The table
 * and the cards are both drawn (one hidden), so each layout has its own ids.
 */
export function OrderNumber(
  { order, layout, onOpen, className }: {
    order: ListedOrder;
    layout: Layout;
    onOpen(order: ListedOrder): void;
    className: string;
  },
) {
  const id = `${layout === "compact" ? "table" : "card"}-row-${order.id}`;
  return (
    <>
      <button
        type="button"
        onClick={() => onOpen(order)}
        aria-label={`Order #${order.orderNumber} details`}
        data-row-focus=""
        aria-describedby={id}
        className={`font-mono font-semibold text-violet-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 ${className}`}
      >
        #{order.orderNumber}
      </button>
      <span id={id} className="sr-only">{rowSummary(order)}</span>
    </>
  );
}

/** Where the order is: its status, its send countdown, whether its email went, which take it gets. */
export function StatusNotes({ order, layout }: { order: ListedOrder; layout: Layout }) {
  return (
    <>
      <StatusBadge order={order} />
      <SendCountdown order={order} layout={layout} />
      <SentNote order={order} />
      <TakeNote order={order} />
    </>
  );
}

/** No tint: the rows' grey small print is only just dark enough on white. */
const CURRENT_ROW = "border-violet-600 outline outline-2 -outline-offset-2 outline-violet-600";

export function ChildCell({ order }: { order: ListedOrder }) {
  const age = childAgeLabel(order.childAge ?? undefined);
  return (
    <span className="grid">
      <span className="font-semibold text-slate-900">{order.childName}</span>
      {/* "5 years" stays whole when a wide status column squeezes this one. */}
      {age && <span className="whitespace-nowrap text-xs text-slate-500">{age}</span>}
    </span>
  );
}

/**
 * Staff paste and compare whole addresses, so one never ends in an ellipsis. Where the column is
 * narrow it breaks only before the "@", keeping the name and the domain whole.
 */
function Address({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <span className="break-all">{email}</span>;
  return (
    <span>
      <span className="whitespace-nowrap">{email.slice(0, at)}</span>
      <wbr />
      <span className="whitespace-nowrap">{email.slice(at)}</span>
    </span>
  );
}

export function EmailCell({ order }: { order: ListedOrder }) {
  return (
    <span className="grid min-w-0">
      <Address email={order.parentEmail} />
      {order.isGift && order.giftRecipientEmail && (
        <span className="flex items-start gap-1 text-xs text-slate-500">
          <GiftIcon className="h-3.5 w-3.5 shrink-0" />
          <span className="sr-only">Gift for</span>
          <Address email={order.giftRecipientEmail} />
        </span>
      )}
    </span>
  );
}

function SentNote({ order }: { order: ListedOrder }) {
  if (!order.emailSentAt) return null;
  return <span className="text-xs font-semibold text-green-700">Email sent</span>;
}

/** A song made in two takes: which one the family gets, so a choice made in the preview shows here. */
function TakeNote({ order }: { order: ListedOrder }) {
  if (!hasTwoTakes(order)) return null;
  const take = deliveredTakeNumber(order);
  return (
    <span data-delivered-take={take} className="text-xs text-slate-600">
      {takeLabel(take)}
      {bonusTakeOf(order) && " + bonus"}
    </span>
  );
}
