import { Hono } from "hono";
import { readListQuery } from "../../../domain/admin/list_query.ts";
import { contentDisposition } from "../../../domain/song/download.ts";
import { BadRequestError } from "../../../domain/errors.ts";
import { csvFileName, csvHeader, csvRow } from "../../../domain/admin/orders_csv.ts";
import { listedOrderIds } from "../../../kv/admin_orders.ts";
import { getOrders } from "../../../kv/orders.ts";
import type { AppEnv } from "../../request_context.ts";
import { requireAdmin } from "../../middleware/session.ts";

/**
 * The dashboard's list as CSV: the tab and search the list shows, every page of it. The
 * body is pulled a batch of orders at a time, so a slow reader holds at most one batch in memory and
 * one that leaves stops the reading.
 */
export const exportAdminApi = new Hono<AppEnv>();

exportAdminApi.get("/orders.csv", requireAdmin, (c) => {
  const { query, problem } = readListQuery({ getAll: (name) => c.req.queries(name) ?? [] });
  if (problem) throw new BadRequestError(problem);
  const { kv, config, clock } = c.var.deps;
  const batches = listedOrderIds(kv, query);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark, so a spreadsheet opened by double-click reads the names as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${csvHeader()}`));
    },
    async pull(controller) {
      const next = await batches.next();
      if (next.done) return controller.close();
      const orders = await getOrders(kv, next.value);
      controller.enqueue(encoder.encode(orders.map((order) => csvRow(order, config.appUrl)).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  }, { highWaterMark: 1 });
  return c.body(body, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": contentDisposition(csvFileName(query.filter, clock.now())),
    "cache-control": "private, no-store",
  });
});
