import { Hono } from "hono";
import { z } from "zod";
import { ADMIN_FILTERS, STREAMING_STATUSES } from "../../../domain/admin_orders.ts";
import { NotFoundError } from "../../../domain/errors.ts";
import { adminOrderView } from "../../../domain/order_views.ts";
import { isOrderId } from "../../../domain/orders.ts";
import { MESSAGES as LYRICS_MESSAGES, regenerateLyrics } from "../../../jobs/lyrics_regeneration.ts";
import { MESSAGES as REGENERATION_MESSAGES, regenerateOrder } from "../../../jobs/restart.ts";
import { setStreamingStatus } from "../../../jobs/streaming_status.ts";
import { getAdminOrderDetail, listAdminOrders } from "../../../kv/admin_orders.ts";
import { readBacklog } from "../../../kv/backlog.ts";
import type { AppEnv } from "../../env.ts";
import { currentUser, requireAdmin } from "../../middleware/session.ts";
import { valid } from "../validate.ts";

/**
 * Staff's order list and the order changes that are not about delivery (staff-side §7): the list,
 * one order in full, streaming status, lyrics regeneration and regenerating the whole order.
 */
export const ordersAdminApi = new Hono<AppEnv>();

ordersAdminApi.use("/orders", requireAdmin);
ordersAdminApi.use("/orders/*", requireAdmin);
ordersAdminApi.use("/backlog", requireAdmin);

/** Staff-side §5: the instruction for new lyrics is at most 500 characters. */
export const CUSTOM_INPUT_LIMIT = 500;
/** The lyricist may take this long before staff are told to try again (real models take ~10–30 s). */
const LYRICS_TIMEOUT_MS = 90_000;

const listQuery = z.object({
  page: z.preprocess(
    (value) => (value === "" || value === undefined ? undefined : Number(value)),
    z.number({ error: "page must be a whole number from 1." }).int("page must be a whole number from 1.")
      .min(1, "page must be a whole number from 1.").max(1_000_000, "page is too large.").optional(),
  ),
  filter: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(ADMIN_FILTERS, { error: `filter must be one of ${ADMIN_FILTERS.join(", ")}.` }).optional(),
  ),
  q: z.string().max(200, "The search is too long (200 characters at most).").optional(),
});

ordersAdminApi.get("/orders", valid("query", listQuery), async (c) => {
  const query = c.req.valid("query");
  c.header("cache-control", "private, no-store");
  return c.json(await listAdminOrders(c.var.deps.kv, query));
});

/** The studio's background work at a glance (issue 17): the dashboard warns when emails are late. */
ordersAdminApi.get("/backlog", async (c) => {
  const { kv, clock } = c.var.deps;
  const now = clock.now();
  const backlog = await readBacklog(kv, now);
  const at = (time: number | null) => (time === null ? null : new Date(time).toISOString());
  c.header("cache-control", "private, no-store");
  return c.json({
    generating: backlog.generating,
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
    c.var.deps.kv,
    c.req.param("id"),
    streamingStatus,
    c.var.deps.clock.now(),
  );
  return c.json({ message: "Status updated", order: adminOrderView(order) });
});

const regenerateLyricsBody = z.object({
  customInput: z.string({ error: "customInput must be text." }).trim()
    .max(CUSTOM_INPUT_LIMIT, `The instructions can be at most ${CUSTOM_INPUT_LIMIT} characters.`)
    .optional().default(""),
}).optional().default({ customInput: "" });

ordersAdminApi.post("/orders/:id/regenerate-lyrics", valid("json", regenerateLyricsBody), async (c) => {
  const { kv, providers, clock } = c.var.deps;
  const order = await regenerateLyrics(
    { kv, words: providers.words, now: () => clock.now(), timeoutMs: LYRICS_TIMEOUT_MS },
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
  const { kv, jobs, clock } = c.var.deps;
  const id = c.req.param("id");
  if (!isOrderId(id)) throw new NotFoundError("Order not found.");
  const order = await regenerateOrder(kv, jobs, id, clock.now());
  return c.json({ message: REGENERATION_MESSAGES.regenerating, order: adminOrderView(order) });
});
