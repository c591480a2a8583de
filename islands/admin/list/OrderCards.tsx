import { LocalTime } from "../LocalTime.tsx";
import { ChildCell, EmailCell, OrderNumber, rowProps, StatusNotes } from "./order_cells.tsx";
import { OrderSelectBox, PageSelectBox } from "./SelectBox.tsx";
import { RequestedDate } from "../RequestedDate.tsx";
import { RowActions } from "../actions/RowActions.tsx";
import { StreamingSelect } from "./StreamingSelect.tsx";
import type { OrderListViewProps } from "../types.ts";

/** Staff-side §2, small screens: one card per order, buttons big enough for a thumb. */
export function OrderCards(
  { orders, busy, onAction, onStreaming, onOpen, currentId, selection }: OrderListViewProps,
) {
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-1 text-sm text-slate-700">
        <PageSelectBox orders={orders} selection={selection} />
        <span aria-hidden="true">Select all on this page</span>
      </div>
      <ul role="list" aria-label="Orders" className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
        {orders.map((order) => (
          <li key={order.id}>
            <article
              aria-label={`Order #${order.orderNumber}`}
              {...rowProps(order, { currentId, onOpen }, {
                always: "grid scroll-my-24 gap-3 rounded-2xl border bg-white p-4 shadow-sm",
                notCurrent: "border-slate-200",
              })}
            >
              <div className="flex items-start justify-between gap-3">
                <div className="flex items-start gap-1">
                  <OrderSelectBox order={order} selection={selection} />
                  <ChildCell order={order} />
                </div>
                <OrderNumber
                  order={order}
                  layout="full"
                  onOpen={onOpen}
                  className="inline-flex min-h-[44px] items-center rounded-full px-3 text-sm hover:bg-violet-50"
                />
              </div>
              <div className="text-sm text-slate-700">
                <EmailCell order={order} />
              </div>
              <div className="flex flex-wrap items-center gap-1.5">
                <StatusNotes order={order} layout="full" />
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
