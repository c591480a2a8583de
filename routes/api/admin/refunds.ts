import { Hono } from "hono";
import { formatCents } from "../../../domain/order/pricing.ts";
import { adminOrderView } from "../../../domain/order/views.ts";
import { refundOrder } from "../../../orders/refund.ts";
import type { AppEnv } from "../../request_context.ts";
import { currentUser, requireAdmin } from "../../middleware/session.ts";

/** Staff's refund of an order whose discount broke our rules (orders/refund.ts). */
export const refundsAdminApi = new Hono<AppEnv>();

refundsAdminApi.post("/orders/:id/refund", requireAdmin, async (c) => {
  const order = await refundOrder(
    c.var.deps,
    c.req.param("id"),
    currentUser(c).username,
  );
  const amount = formatCents(order.refund?.amount ?? 0);
  return c.json({
    message: `Refunded $${amount} for order #${order.orderNumber}.`,
    order: adminOrderView(order),
  });
});
