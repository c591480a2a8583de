import type { AdminFilter } from "../../domain/admin/order_list.ts";
import { keys } from "../keys.ts";
import type { Migration } from "../migrations.ts";
import { searchEntriesOf } from "../orders.ts";
import { backfillOrders } from "./backfill.ts";

/**
 * Migration 5: the dashboard's In Progress and Failed tabs, which writeOrder keeps with
 * each order as it keeps the others. Orders written before get here what it would have written: their
 * entries in the two filter indexes, the tabs' counters and block counters, and their search entries
 * again, now holding the two new filter bits.
 *
 * The two tabs' entries and counters are cleared first: migration 1, run by this code on an older
 * store, has already counted its orders under them. Only an order in one of the two tabs changes: any
 * other's search bits are the same as before.
 */
const NEW_FILTERS: readonly AdminFilter[] = ["in-progress", "failed"];

export const inProgressAndFailedTabs: Migration = {
  version: 5,
  name: "in-progress-and-failed-tabs",
  up: (kv, context) =>
    backfillOrders(kv, context, {
      clear: NEW_FILTERS.flatMap((filter) => [keys.ordersByFilter(filter), keys.orderBlockCounts(filter)]),
      clearKeys: NEW_FILTERS.map((filter) => keys.orderCount(filter)),
      entriesOf: (order, listed) => listed.length ? [...listed, ...searchEntriesOf(order)] : [],
    }),
};
