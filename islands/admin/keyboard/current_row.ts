import { statusView } from "../status.ts";
import type { ListedOrder } from "../types.ts";

/**
 * The list's "current row" for the keyboard (`j` and `k`). It remembers its place as well
 * as its order, because an approved song leaves the Review tab on the next reload: the row that moved
 * up into that place is then the next one down.
 */
export interface CurrentRow {
  id: string;
  index: number;
}

export function stepRow(ids: readonly string[], current: CurrentRow | null, step: 1 | -1): CurrentRow | null {
  if (ids.length === 0) return null;
  const at = (index: number) => {
    const held = Math.min(ids.length - 1, Math.max(0, index));
    return { id: ids[held], index: held };
  };
  if (!current) return at(step > 0 ? 0 : ids.length - 1);
  const found = ids.indexOf(current.id);
  if (found >= 0) return at(found + step);
  return at(step > 0 ? current.index : current.index - 1);
}

/** The current row's place on this page, or null when it is not on it. */
export function rowOf(ids: readonly string[], id: string): CurrentRow | null {
  const index = ids.indexOf(id);
  return index >= 0 ? { id, index } : null;
}

/**
 * What a screen reader hears after the row's name as the current row moves: the focus goes to the
 * row's own "Order #N details" button, described by this ("Pia, Completed, Pending Review").
 */
export function rowSummary(order: ListedOrder): string {
  const view = statusView(order);
  const status = view.detail ? `${view.label}, ${view.detail}` : view.label;
  return `${order.childName}, ${status}`;
}
