import { type Signal, useSignal } from "@preact/signals-react";
import { useEffect, useRef } from "react";
import { api } from "../../lib/api.ts";
import type { DetailedOrder, ListedOrder } from "../types.ts";

export interface OrderDetailState {
  detail: Signal<DetailedOrder | null>;
  failed: Signal<boolean>;
  reload(): void;
}

/**
 * `GET /api/admin/orders/{id}` for what only the detail dialog shows (debug texts, lyrics history).
 * Fetched again whenever the list brings a newer version of the order, so the dialog stays fresh
 * through the 10 s refresh without polling on its own.
 */
export function useOrderDetail(order: ListedOrder): OrderDetailState {
  const detail = useSignal<DetailedOrder | null>(null);
  const failed = useSignal(false);
  const ticket = useRef(0);

  const load = async () => {
    const mine = ++ticket.current;
    try {
      const answer = await api<DetailedOrder>("GET", `/api/admin/orders/${encodeURIComponent(order.id)}`);
      if (mine !== ticket.current) return;
      detail.value = answer;
      failed.value = false;
    } catch {
      if (mine === ticket.current) failed.value = true;
    }
  };

  useEffect(() => {
    load();
    return () => void ticket.current++; // a late answer after closing is dropped
  }, [order.id, order.updatedAt]);

  return { detail, failed, reload: load };
}
