import { keys } from "../keys.ts";
import type { Migration } from "../migrations.ts";
import { backfillOrders } from "./backfill.ts";

/**
 * Migration 9: the families still waiting on the 24-hour promise, by when they ordered
 * (`orders_awaiting_song`), which writeOrder keeps with each order for the backlog's "Longest waiting"
 * and the "Past the 24-hour promise" group. Orders written before get their entry here.
 */
export const ordersAwaitingSong: Migration = {
  version: 9,
  name: "orders-awaiting-song",
  up: (kv, context) =>
    backfillOrders(kv, context, {
      clear: [keys.ordersAwaitingSong()],
    }),
};
