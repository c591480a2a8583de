import { LocalTime } from "../LocalTime.tsx";
import { ChildCell, EmailCell, OrderNumber, rowProps, StatusNotes } from "./order_cells.tsx";
import { OrderSelectBox, PageSelectBox } from "./SelectBox.tsx";
import { RequestedDate } from "../RequestedDate.tsx";
import { RowActions } from "../actions/RowActions.tsx";
import { StreamingSelect } from "./StreamingSelect.tsx";
import type { OrderListViewProps } from "../types.ts";

// px-2.5: every column of an approved row (Send Now, Hold and the icons) fits in 1,280 px.
const HEAD =
  "whitespace-nowrap px-2.5 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500";
const CELL = "px-2.5 py-3 align-top";

/** Staff-side §2, wide screens: order number, child, email, streaming, status, date, actions. */
export function OrderTable(
  { orders, busy, onAction, onStreaming, onOpen, currentId, selection }: OrderListViewProps,
) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-sm text-slate-700">
        <caption className="sr-only">Orders (select a row to see its details)</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className="w-12 px-1">
              <PageSelectBox orders={orders} selection={selection} />
            </th>
            <th scope="col" className={HEAD}>Order #</th>
            <th scope="col" className={HEAD}>Child</th>
            <th scope="col" className={HEAD}>Email</th>
            <th scope="col" className={HEAD}>Streaming</th>
            <th scope="col" className={HEAD}>Status</th>
            <th scope="col" className={HEAD}>Date</th>
            <th scope="col" className={HEAD}>Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {orders.map((order) => (
            <tr
              key={order.id}
              {...rowProps(order, { currentId, onOpen }, {
                always: "cursor-pointer scroll-my-24",
                notCurrent: "hover:bg-violet-50/40",
              })}
            >
              <td className="px-1 align-top">
                <OrderSelectBox order={order} selection={selection} />
              </td>
              <td className={CELL}>
                <OrderNumber
                  order={order}
                  layout="compact"
                  onOpen={onOpen}
                  className="rounded underline-offset-2 hover:underline"
                />
              </td>
              <td className={CELL}>
                <ChildCell order={order} />
              </td>
              {/* Room for a usual address on one line; a longer one breaks before its "@". */}
              <td className={CELL}>
                <div className="min-w-[14rem]">
                  <EmailCell order={order} />
                </div>
              </td>
              <td className={CELL}>
                <StreamingSelect
                  order={order}
                  size="compact"
                  busy={busy[order.id] === "streaming"}
                  onChange={onStreaming}
                />
              </td>
              <td className={CELL}>
                <span className="grid gap-1">
                  <StatusNotes order={order} layout="compact" />
                </span>
              </td>
              {/* When it was ordered, and the moment the family chose for its email (if they did). */}
              <td className={`${CELL} whitespace-nowrap text-slate-600`}>
                <span className="grid gap-1">
                  <LocalTime iso={order.createdAt} />
                  <RequestedDate order={order} words="short" />
                </span>
              </td>
              <td className={CELL}>
                <RowActions
                  order={order}
                  busy={busy[order.id] ?? null}
                  onAction={onAction}
                  layout="compact"
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
