import { type Signal, useSignal } from "@preact/signals-react";
import { useRef } from "react";
import { sortOnTab } from "../list/list_query.ts";
import { awaitsReview, nextInReview } from "./review_queue.ts";
import type { ListedOrder } from "../types.ts";
import type { OrderListState } from "../list/use_order_list.ts";

/** Where "Next in Review" stands: looking past this page, found nothing, or could not look. */
export type NextSearch = "idle" | "finding" | "none" | "failed";

export interface ReviewFlow {
  search: Signal<NextSearch>;
  /** A sitting starts at `order` (the preview opened from a row): what "next" means starts here. */
  begin(order: ListedOrder): void;
  /**
   * The song awaiting review after `from`: on this page, else on the Review tab (from its page the
   * list shows, or its first), whose pages the list then shows. Songs passed in this sitting (decided
   * or skipped) are not offered again, though a reload puts the skipped ones back on the page.
   */
  next(from: ListedOrder): Promise<ListedOrder | null>;
}

export function useReviewFlow(state: OrderListState): ReviewFlow {
  const search = useSignal<NextSearch>("idle");
  const passed = useRef(new Set<string>());

  const unpassed = (orders: readonly ListedOrder[]) =>
    orders.find((order) => awaitsReview(order) && !passed.current.has(order.id)) ?? null;

  const fromReviewTab = async (): Promise<ListedOrder | null | "failed"> => {
    const { query } = state;
    let page = query.value.filter === "review" ? query.value.page : 1;
    const sort = sortOnTab(query.value, "review");
    for (;;) {
      await state.change({ filter: "review", page, sort });
      const shown = state.list.value;
      if (state.failed.value || !shown || shown.filter !== "review") return "failed";
      const found = unpassed(shown.orders);
      if (found || shown.page >= shown.totalPages) return found;
      page = shown.page + 1;
    }
  };

  return {
    search,
    begin(order) {
      passed.current = new Set([order.id]);
      search.value = "idle";
    },
    async next(from) {
      if (search.value === "finding") return null;
      passed.current.add(from.id);
      let found: ListedOrder | null | "failed" = nextInReview(
        state.list.value?.orders ?? [],
        from.id,
        passed.current,
      );
      if (!found) {
        search.value = "finding";
        found = await fromReviewTab();
      }
      if (found === "failed") {
        search.value = "failed";
        return null;
      }
      search.value = found ? "idle" : "none";
      if (found) passed.current.add(found.id);
      return found;
    },
  };
}
