import { keys } from "../keys.ts";
import type { Migration } from "../migrations.ts";
import { backfillOrders } from "./backfill.ts";

/**
 * Migration 6: each referral code's paid orders and revenue, which writeOrder keeps with
 * each order. Orders written before get here what it would have counted. The figures are cleared
 * first: migration 1, run by this code on an older store, has already counted its orders.
 */
export const referralCodeStats: Migration = {
  version: 6,
  name: "referral-code-stats",
  up: (kv, context) =>
    backfillOrders(kv, context, {
      clear: [keys.referralCodeStats()],
    }),
};
