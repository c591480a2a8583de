import { Hono } from "hono";
import { formatCents } from "../../../domain/pricing.ts";
import { adminOrderView } from "../../../domain/order_views.ts";
import { refundOrder } from "../../../jobs/refund.ts";
import type { AppEnv } from "../../env.ts";
import { currentUser, requireAdmin } from "../../middleware/session.ts";

/** Staff's refund of an order whose discount broke our rules (jobs/refund.ts). */
export const refundsAdminApi = new Hono<AppEnv>();

refundsAdminApi.post("/orders/:id/refund", requireAdmin, async (c) => {
  const { kv, providers, clock } = c.var.deps;
  const order = await refundOrder(
    { kv, payments: providers.payments, now: () => clock.now() },
    c.req.param("id"),
    currentUser(c).username,
  );
  const amount = formatCents(order.refund?.amount ?? 0);
  return c.json({
    message: `Refunded $${amount} for order #${order.orderNumber}.`,
    order: adminOrderView(order),
  });
});
