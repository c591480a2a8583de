import { useEffect, useRef } from "react";
import { type PageSelection, pageSelection } from "../bulk/bulk_selection.ts";
import type { ListedOrder, OrderListViewProps, RowSelection } from "../types.ts";

/**
 * A bulk action's tick box, 44 px to the touch on the label around it. The page's box shows a
 * mixed state when only some of its rows are ticked.
 */
function SelectBox(
  { label, checked, onToggle }: { label: string; checked: boolean | PageSelection; onToggle(): void },
) {
  const box = useRef<HTMLInputElement>(null);
  const mixed = checked === "some";
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className="inline-flex h-11 w-11 cursor-pointer items-center justify-center">
      <input
        ref={box}
        type="checkbox"
        aria-label={label}
        checked={checked === true || checked === "all"}
        onChange={onToggle}
        className="h-5 w-5 cursor-pointer rounded border-slate-400 accent-violet-700"
      />
    </label>
  );
}

/** The page's tick box: in the table's head, above the cards. */
export function PageSelectBox({ orders, selection }: Pick<OrderListViewProps, "orders" | "selection">) {
  return (
    <SelectBox
      label="Select all orders on this page"
      checked={pageSelection(selection.selected, orders.map((order) => order.id))}
      onToggle={selection.togglePage}
    />
  );
}

export function OrderSelectBox({ order, selection }: { order: ListedOrder; selection: RowSelection }) {
  return (
    <SelectBox
      label={`Select order #${order.orderNumber}`}
      checked={selection.selected.has(order.id)}
      onToggle={() => selection.toggle(order.id)}
    />
  );
}
