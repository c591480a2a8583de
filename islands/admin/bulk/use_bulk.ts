import { useSignal } from "@preact/signals-react";
import { useEffect } from "react";
import type { BulkAction, BulkConfirmations, BulkResult } from "../../../domain/admin/bulk_actions.ts";
import { api, ApiError } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { keptOnPage, pageToggled, toggled } from "./bulk_selection.ts";
import type { ListedOrder } from "../types.ts";

/** What the last bulk call answered, kept on screen until staff dismiss it. */
export interface BulkAnswer {
  action: BulkAction;
  message: string;
  results: BulkResult[];
}

/**
 * The ticked rows and the bulk calls on them (POST /api/admin/orders/bulk). Rows leaving the page
 * (another page, tab or search) are unticked, so an action only ever runs on rows staff can see.
 */
export function useBulk({ orders, reload }: { orders: ListedOrder[]; reload(): Promise<void> }) {
  const pageIds = orders.map((order) => order.id);
  const selected = useSignal<ReadonlySet<string>>(new Set());
  const busy = useSignal<BulkAction | null>(null);
  const answer = useSignal<BulkAnswer | null>(null);
  const confirming = useSignal<BulkAction | null>(null);
  const pageKey = pageIds.join(",");

  useEffect(() => {
    const kept = keptOnPage(selected.value, pageIds);
    if (kept.size !== selected.value.size) selected.value = kept;
  }, [pageKey]);

  /** `said`: the confirmations the rows' own buttons would ask for (orders/bulk.ts). */
  async function run(action: BulkAction, ids: string[], said: BulkConfirmations = {}) {
    busy.value = action;
    try {
      const body = await api<Omit<BulkAnswer, "action">>("POST", "/api/admin/orders/bulk", {
        action,
        ids,
        ...(said.override && { override: true }),
        ...(said.sendEarly && Object.keys(said.sendEarly).length > 0 && { sendEarly: said.sendEarly }),
      });
      answer.value = { action, ...body };
      // What was done is unticked; what was refused stays ticked for another try.
      const done = new Set(body.results.filter((result) => result.ok).map((result) => result.id));
      selected.value = new Set([...selected.value].filter((id) => !done.has(id)));
      toast({ title: body.message });
    } catch (error) {
      toast({
        title: "Bulk action failed",
        description: error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : "Could not reach the server. Please check your connection and try again.",
        variant: "destructive",
      });
    } finally {
      busy.value = null;
      confirming.value = null;
      reload();
    }
  }

  return {
    selected,
    busy,
    answer,
    confirming,
    toggle: (id: string) => (selected.value = toggled(selected.value, id)),
    togglePage: () => (selected.value = pageToggled(selected.value, pageIds)),
    clear: () => (selected.value = new Set()),
    /** The ticked rows as the page shows them, for the questions asked before an action. */
    ticked: () => orders.filter((order) => selected.value.has(order.id)),
    run,
  };
}

export type BulkState = ReturnType<typeof useBulk>;
