import { keys } from "../keys.ts";
import type { Migration } from "../migrations.ts";
import { backfillOrders } from "./backfill.ts";

/**
 * Migration 8: the dashboard's search finds a gift by its recipient's name and address
 * (domain/admin/search.ts, searchTermsOf), which writeOrder now indexes with each order. The search
 * index is written afresh from every order, so gifts written before get their recipient's entries
 * and nothing stale is left behind.
 */
export const searchGiftRecipients: Migration = {
  version: 8,
  name: "search-gift-recipients",
  up: (kv, context) =>
    backfillOrders(kv, context, {
      clear: [keys.orderSearchIndex("word"), keys.orderSearchIndex("email"), keys.orderSearchIndex("domain")],
    }),
};
