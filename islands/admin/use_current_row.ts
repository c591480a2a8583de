import { type Signal, useSignal } from "@preact/signals-react";
import { type CurrentRow, rowOf, stepRow } from "./current_row.ts";
import type { ListedOrder } from "./types.ts";

export interface CurrentRowState {
  current: Signal<CurrentRow | null>;
  /** `j` (down) and `k` (up). */
  step(step: 1 | -1): void;
  /** Makes the order the current row (the preview moved to it, or `n` chose it). */
  set(order: ListedOrder): void;
  /** The current row's order, when it is on this page. */
  order(): ListedOrder | null;
}

/** The row (table) or card (phone) of an order that is on screen: both are rendered, one is hidden. */
function shownRow(id: string): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>(`[data-order-id="${CSS.escape(id)}"]`)]
    .find((element) => element.offsetParent !== null);
}

/** The keyboard's current row of the order list (issue 23), kept in view as it moves. */
export function useCurrentRow(orders: () => readonly ListedOrder[]): CurrentRowState {
  const current = useSignal<CurrentRow | null>(null);
  const ids = () => orders().map((order) => order.id);
  const show = (row: CurrentRow | null) => {
    current.value = row;
    // After the render that marks it.
    if (row) requestAnimationFrame(() => shownRow(row.id)?.scrollIntoView({ block: "nearest" }));
  };
  return {
    current,
    step: (step) => show(stepRow(ids(), current.value, step)),
    set: (order) => show(rowOf(ids(), order.id) ?? { id: order.id, index: current.value?.index ?? 0 }),
    order: () => orders().find((order) => order.id === current.value?.id) ?? null,
  };
}
