import { type Signal, useSignal } from "@preact/signals-react";
import { type CurrentRow, rowOf, stepRow } from "./current_row.ts";
import type { ListedOrder } from "../types.ts";

export interface CurrentRowState {
  current: Signal<CurrentRow | null>;
  /** `j` (down) and `k` (up): the focus goes to the row. */
  step(step: 1 | -1): void;
  /**
   * Makes the order the current row: `n` chose it (`focus`: the focus goes to it), or the preview moved
   * to it (the focus stays in the dialog).
   */
  set(order: ListedOrder, focus?: boolean): void;
  /** The current row's order, when it is on this page. */
  order(): ListedOrder | null;
}

/** The row (table) or card (phone) of an order that is on screen: both are rendered, one is hidden. */
function shownRow(id: string): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>(`[data-order-id="${CSS.escape(id)}"]`)]
    .find((element) => element.offsetParent !== null);
}

/**
 * The keyboard's current row of the order list, kept in view as it moves. Moved by the
 * list's keys, it takes the focus too (its "Order #N details" button), so a screen reader says which
 * order it is, and Enter opens it.
 */
export function useCurrentRow(orders: () => readonly ListedOrder[]): CurrentRowState {
  const current = useSignal<CurrentRow | null>(null);
  const ids = () => orders().map((order) => order.id);
  const show = (row: CurrentRow | null, focus: boolean) => {
    current.value = row;
    if (!row) return;
    // After the render that marks it.
    requestAnimationFrame(() => {
      const shown = shownRow(row.id);
      shown?.scrollIntoView({ block: "nearest" });
      if (focus) shown?.querySelector<HTMLElement>("[data-row-focus]")?.focus({ preventScroll: true });
    });
  };
  return {
    current,
    step: (step) => show(stepRow(ids(), current.value, step), true),
    set: (order, focus = false) =>
      show(rowOf(ids(), order.id) ?? { id: order.id, index: current.value?.index ?? 0 }, focus),
    order: () => orders().find((order) => order.id === current.value?.id) ?? null,
  };
}
