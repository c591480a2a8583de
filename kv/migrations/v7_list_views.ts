import { keys } from "../keys.ts";
import type { Migration } from "../migrations.ts";
import { backfillOrders } from "./backfill.ts";

/**
 * Migration 7: the list's views and days placed (filter by gift, streaming and its status,
 * referral code and date; sort oldest first), which writeOrder keeps with each order. Orders written
 * before get here what it would have written: their entries in each view and the placing-time index,
 * and the views' counters and block counters.
 */
export const listViews: Migration = {
  version: 7,
  name: "list-views",
  up: (kv, context) =>
    backfillOrders(kv, context, {
      clear: [
        keys.allOrderViews(),
        keys.allOrderViewCounts(),
        keys.allOrderViewBlockCounts(),
        keys.ordersByPlacedAt(),
      ],
    }),
};
