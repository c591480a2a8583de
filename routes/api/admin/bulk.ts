import { Hono } from "hono";
import { z } from "zod";
import { BULK_ACTIONS, bulkSummary, MAX_BULK_ORDERS } from "../../../domain/admin/bulk_actions.ts";
import { runBulkAction } from "../../../orders/bulk.ts";
import type { AppEnv } from "../../request_context.ts";
import { currentUser, requireAdmin } from "../../middleware/session.ts";
import { valid } from "../validate.ts";

/** Staff's actions on the rows they ticked: each order by its own row's rules. */
export const bulkAdminApi = new Hono<AppEnv>();

/** A list of order ids, at most a bulk call's worth, refused in words that name its field. */
const orderIds = (field: string) =>
  z.array(z.string({ error: `${field} must be order ids.` }).max(100, `${field} must be order ids.`), {
    error: `${field} must be a list of order ids.`,
  }).max(MAX_BULK_ORDERS, `At most ${MAX_BULK_ORDERS} orders at a time.`);

const bulkBody = z.object({
  action: z.enum(BULK_ACTIONS, { error: `action must be one of ${BULK_ACTIONS.join(", ")}.` }),
  ids: orderIds("ids").min(1, "Choose at least one order."),
  /** Approve songs nobody has listened to: staff say so explicitly. */
  override: z.boolean({ error: "override must be true or false." }).optional(),
  /**
   * Send Now: the orders booked for a later day that staff confirmed sending early, each by id with
   * the day (its instant) the dialog showed them.
   */
  sendEarly: z.record(
    z.string().max(100, "sendEarly must map order ids to days."),
    z.string({ error: "sendEarly must map order ids to days." }).max(
      40,
      "sendEarly must map order ids to days.",
    ),
    { error: "sendEarly must map order ids to the days staff confirmed." },
  ).refine(
    (said) => Object.keys(said).length <= MAX_BULK_ORDERS,
    `At most ${MAX_BULK_ORDERS} orders at a time.`,
  )
    .optional(),
}).strict();

bulkAdminApi.post("/orders/bulk", requireAdmin, valid("json", bulkBody), async (c) => {
  const { action, ids, override, sendEarly } = c.req.valid("json");
  const results = await runBulkAction(c.var.deps, action, ids, currentUser(c).username, {
    override,
    sendEarly,
  });
  return c.json({ message: bulkSummary(action, results), results });
});
