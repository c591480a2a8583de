import { Hono } from "hono";
import { z } from "zod";
import { canonicalTimeZone } from "../../../domain/delivery/requested.ts";
import { listStaffActivity } from "../../../kv/staff_activity.ts";
import type { AppEnv } from "../../request_context.ts";
import { requireAdmin } from "../../middleware/session.ts";
import { valid } from "../validate.ts";

/**
 * The staff activity log (domain/admin/staff_activity.ts): staff actions across orders, newest first,
 * narrowed to a staff member, a day in the asker's time zone, or one order, a page at a time.
 */
export const activityAdminApi = new Hono<AppEnv>();

activityAdminApi.use("/activity", requireAdmin);

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const activityQuery = z.object({
  by: z.string().trim().max(254, "by: a staff member's address is at most 254 characters.").default(""),
  day: z.string().regex(DAY, "day must be a day written as YYYY-MM-DD.").or(z.literal("")).default(""),
  tz: z.string().default("UTC").transform((zone, context) => {
    const canonical = canonicalTimeZone(zone);
    if (!canonical) context.addIssue({ code: "custom", message: "tz must be a time zone." });
    return canonical ?? "UTC";
  }),
  order: z.string().trim().transform((text) => text.replace(/^#/, "")).pipe(
    z.string().regex(/^\d{0,9}$/, "order must be an order number."),
  ).transform((text) => (text ? Number(text) : null)).default(null),
  cursor: z.string().max(500, "cursor is not one this log gave.").default(""),
});

activityAdminApi.get("/activity", valid("query", activityQuery), async (c) => {
  c.header("cache-control", "private, no-store");
  return c.json(await listStaffActivity(c.var.deps.kv, c.req.valid("query")));
});
