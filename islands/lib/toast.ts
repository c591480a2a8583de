import { signal } from "@preact/signals-react";

/** Notification rules from customer-side §9. */
const TOAST_LIMIT = 1;
/** How long a dismissed toast stays in the DOM (for its exit) before it is removed. */
export const TOAST_REMOVE_DELAY = 5000;
/** How long a toast stays open by itself before it dismisses. */
export const TOAST_DURATION = 5000;

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

interface Timers {
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

export function createToastStore(timers: Timers = globalThis) {
  const items = signal<ToastItem[]>([]);
  const closeTimers = new Map<string, number>();
  const removeTimers = new Map<string, number>();
  let counter = 0;

  function remove(id: string) {
    items.value = items.value.filter((item) => item.id !== id);
    removeTimers.delete(id);
  }

  function dismiss(id?: string) {
    for (const item of items.value) {
      if (id !== undefined && item.id !== id) continue;
      timers.clearTimeout(closeTimers.get(item.id)!);
      closeTimers.delete(item.id);
      if (!removeTimers.has(item.id)) {
        removeTimers.set(item.id, timers.setTimeout(() => remove(item.id), TOAST_REMOVE_DELAY));
      }
    }
    items.value = items.value.map((item) =>
      id === undefined || item.id === id ? { ...item, open: false } : item
    );
  }

  /** Pauses the auto-dismiss while the user is reading (hover or focus). */
  function hold(id: string) {
    timers.clearTimeout(closeTimers.get(id)!);
    closeTimers.delete(id);
  }

  function release(id: string) {
    const item = items.value.find((candidate) => candidate.id === id);
    if (item?.open && !closeTimers.has(id)) {
      closeTimers.set(id, timers.setTimeout(() => dismiss(id), TOAST_DURATION));
    }
  }

  function toast(input: ToastInput): string {
    const id = String(++counter);
    const shown = [{ ...input, id, open: true }, ...items.value];
    for (const dropped of shown.slice(TOAST_LIMIT)) {
      timers.clearTimeout(closeTimers.get(dropped.id)!);
      timers.clearTimeout(removeTimers.get(dropped.id)!);
      closeTimers.delete(dropped.id);
      removeTimers.delete(dropped.id);
    }
    items.value = shown.slice(0, TOAST_LIMIT);
    release(id);
    return id;
  }

  return { items, toast, dismiss, hold, release };
}

/** The page-wide store: islands share it because the bundler puts this module in one shared chunk. */
export const toastStore = createToastStore();
export const toast = toastStore.toast;
