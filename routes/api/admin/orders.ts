import { Hono } from "hono";
import { z } from "zod";
import { plainString } from "../../../domain/text_schema.ts";
import { readListQuery } from "../../../domain/admin/list_query.ts";
import { STREAMING_STATUSES } from "../../../domain/song/streaming_status.ts";
import { BadRequestError, NotFoundError } from "../../../domain/errors.ts";
import { adminOrderView } from "../../../domain/order/views.ts";
import { isOrderId } from "../../../domain/order/orders.ts";
import { MAX_REJECTION_REASON_CHARS } from "../../../domain/admin/staff_actions.ts";
import { MESSAGES as LYRICS_MESSAGES, regenerateLyrics } from "../../../orders/lyrics_regeneration.ts";
import { MESSAGES as REGENERATION_MESSAGES, regenerateOrder, rejectSong } from "../../../orders/restart.ts";
import { setStreamingStatus } from "../../../orders/streaming_status.ts";
import { getAdminOrderDetail, listAdminOrders } from "../../../kv/admin_orders.ts";
import { readBacklog } from "../../../kv/backlog.ts";
import type { AppEnv } from "../../request_context.ts";
import { currentUser, requireAdmin } from "../../middleware/session.ts";
import { valid } from "../validate.ts";

/**
 * Staff's order list and the order changes that are not about delivery (staff-side §7): the list,
 * one order in full, streaming status, lyrics regeneration, and making the song again: Regenerate,
 * and Reject (made again with the reason staff give).
 */
export const ordersAdminApi = new Hono<AppEnv>();

ordersAdminApi.use("/orders", requireAdmin);
ordersAdminApi.use("/orders/*", requireAdmin);
ordersAdminApi.use("/backlog", requireAdmin);

/** Staff-side §5: the instruction for new lyrics is at most 500 characters. */
const CUSTOM_INPUT_LIMIT = 500;

ordersAdminApi.get("/orders", async (c) => {
  const { query, problem } = readListQuery({ getAll: (name) => c.req.queries(name) ?? [] });
  if (problem) throw new BadRequestError(problem);
  c.header("cache-control", "private, no-store");
  return c.json(await listAdminOrders(c.var.deps.kv, query));
});

/** The studio's background work at a glance: the dashboard warns when emails are late. */
ordersAdminApi.get("/backlog", async (c) => {
  const { kv, clock } = c.var.deps;
  const now = clock.now();
  const backlog = await readBacklog(kv, now);
  const at = (time: number | null) => (time === null ? null : new Date(time).toISOString());
  c.header("cache-control", "private, no-store");
  return c.json({
    generating: backlog.generating,
    longestWaiting: backlog.longestWaiting && {
      id: backlog.longestWaiting.orderId,
      orderNumber: backlog.longestWaiting.orderNumber,
      since: at(backlog.longestWaiting.since),
      filter: backlog.longestWaiting.filter,
    },
    oldestDueAt: { emails: at(backlog.oldestDue.customer), generation: at(backlog.oldestDue.generation) },
    overdueSends: backlog.overdueSends,
    lastHour: backlog.lastHour,
    checkedAt: new Date(now).toISOString(),
  });
});

ordersAdminApi.get("/orders/:id", async (c) => {
  const id = c.req.param("id");
  const order = isOrderId(id) ? await getAdminOrderDetail(c.var.deps.kv, id) : null;
  if (!order) throw new NotFoundError("Order not found.");
  c.header("cache-control", "private, no-store");
  return c.json(order);
});

const streamingBody = z.object({
  streamingStatus: z.enum(STREAMING_STATUSES, {
    error: `streamingStatus must be one of: ${STREAMING_STATUSES.join(", ")}.`,
  }),
});

ordersAdminApi.patch("/orders/:id/streaming-status", valid("json", streamingBody), async (c) => {
  const { streamingStatus } = c.req.valid("json");
  const order = await setStreamingStatus(
    c.var.deps,
    c.req.param("id"),
    streamingStatus,
    currentUser(c).username,
  );
  return c.json({ message: "Status updated", order: adminOrderView(order) });
});

const regenerateLyricsBody = z.object({
  customInput: plainString({ error: "customInput must be text." }, { lines: true })
    .max(CUSTOM_INPUT_LIMIT, `The instructions can be at most ${CUSTOM_INPUT_LIMIT} characters.`)
    .optional().default(""),
}).optional().default({ customInput: "" });

ordersAdminApi.post("/orders/:id/regenerate-lyrics", valid("json", regenerateLyricsBody), async (c) => {
  const order = await regenerateLyrics(
    c.var.deps,
    c.req.param("id"),
    c.req.valid("json").customInput,
    currentUser(c).username,
  );
  return c.json({
    message: LYRICS_MESSAGES.success,
    lyricsRegenerationCount: order.lyricsRegenerationCount,
    order: adminOrderView(order),
  });
});

ordersAdminApi.post("/orders/:id/regenerate", async (c) => {
  const id = c.req.param("id");
  if (!isOrderId(id)) throw new NotFoundError("Order not found.");
  const order = await regenerateOrder(c.var.deps, id, currentUser(c).username);
  return c.json({ message: REGENERATION_MESSAGES.regenerating, order: adminOrderView(order) });
});

const REJECTION_REASON_MISSING = "Please say why the song is rejected.";

const rejectBody = z.object({
  reason: plainString({ error: REJECTION_REASON_MISSING }, { lines: true })
    .min(1, REJECTION_REASON_MISSING)
    .max(MAX_REJECTION_REASON_CHARS, `The reason can be at most ${MAX_REJECTION_REASON_CHARS} characters.`),
}).strict();

ordersAdminApi.post("/orders/:id/reject", valid("json", rejectBody), async (c) => {
  const order = await rejectSong(
    c.var.deps,
    c.req.param("id"),
    c.req.valid("json").reason,
    currentUser(c).username,
  );
  return c.json({ message: REGENERATION_MESSAGES.regenerating, order: adminOrderView(order) });
});
