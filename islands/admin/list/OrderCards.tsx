import { pageSelection } from "../bulk/bulk_selection.ts";
import { LocalTime } from "../LocalTime.tsx";
import {
  ChildCell,
  CURRENT_ROW,
  currentRowMark,
  EmailCell,
  isOwnControl,
  rowFocus,
  SentNote,
  TakeNote,
} from "./order_cells.tsx";
import { RequestedDate } from "../RequestedDate.tsx";
import { RowActions } from "../actions/RowActions.tsx";
import { SelectBox } from "./SelectBox.tsx";
import { SendCountdown } from "./SendCountdown.tsx";
import { StatusBadge } from "./StatusBadge.tsx";
import { StreamingSelect } from "./StreamingSelect.tsx";
import type { OrderListViewProps } from "../types.ts";

/** Staff-side §2, small screens: one card per order, buttons big enough for a thumb. */
export function OrderCards(
  { orders, busy, onAction, onStreaming, onOpen, currentId, selection }: OrderListViewProps,
) {
  const page = pageSelection(selection.selected, orders.map((order) => order.id));
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-1 text-sm text-slate-700">
        <SelectBox label="Select all orders on this page" checked={page} onToggle={selection.togglePage} />
        <span aria-hidden="true">Select all on this page</span>
      </div>
      <ul role="list" aria-label="Orders" className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
        {orders.map((order) => (
          <li key={order.id}>
            <article
              aria-label={`Order #${order.orderNumber}`}
              data-order-id={order.id}
              {...currentRowMark(order.id === currentId)}
              onClick={(event) => !isOwnControl(event.target) && onOpen(order)}
              className={`grid scroll-my-24 gap-3 rounded-2xl border bg-white p-4 shadow-sm ${
                order.id === currentId ? CURRENT_ROW : "border-slate-200"
              }`}
            >
              <div className="flex items-start justify-between gap-3">
                <div className="flex items-start gap-1">
                  <SelectBox
                    label={`Select order #${order.orderNumber}`}
                    checked={selection.selected.has(order.id)}
                    onToggle={() => selection.toggle(order.id)}
                  />
                  <ChildCell order={order} />
                </div>
                <button
                  type="button"
                  onClick={() => onOpen(order)}
                  aria-label={`Order #${order.orderNumber} details`}
                  {...rowFocus("card", order).button}
                  className="inline-flex min-h-[44px] items-center rounded-full px-3 font-mono text-sm font-semibold text-violet-700 hover:bg-violet-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
                >
                  #{order.orderNumber}
                </button>
                {rowFocus("card", order).summary}
              </div>
              <div className="text-sm text-slate-700">
                <EmailCell order={order} />
              </div>
              <div className="flex flex-wrap items-center gap-1.5">
                <StatusBadge order={order} />
                <SendCountdown order={order} layout="full" />
                <SentNote order={order} />
                <TakeNote order={order} />
              </div>
              <RequestedDate order={order} words="full" />
              <p className="text-xs text-slate-500">
                Created <LocalTime iso={order.createdAt} />
              </p>
              {order.addStreamingServices && (
                <div className="flex items-center gap-2 text-sm text-slate-700">
                  <span>Streaming</span>
                  <StreamingSelect
                    order={order}
                    size="full"
                    busy={busy[order.id] === "streaming"}
                    onChange={onStreaming}
                  />
                </div>
              )}
              <RowActions order={order} busy={busy[order.id] ?? null} onAction={onAction} layout="full" />
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
