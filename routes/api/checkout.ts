import { type Context, Hono } from "hono";
import { z } from "zod";
import { requestRefusesTracking } from "../../domain/analytics/consent.ts";
import { type OrderForm, orderFormSchema } from "../../domain/order/orders.ts";
import { startCheckout } from "../../orders/checkout.ts";
import type { AppEnv } from "../request_context.ts";
import { buyerOf, requireUser } from "../middleware/session.ts";
import { CHECKOUT_LIMIT, limitPerClient } from "../middleware/client_limit.ts";
import { valid } from "./validate.ts";

/**
 * Starting a checkout (customer-side §7; orders/checkout.ts). The body carries the spec's fields
 * (priceInCents, description, metadata, includeStreaming), which are accepted and ignored, and the
 * whole form as `order`: the server prices it and keeps it as a draft under the session.
 */
export const checkoutApi = new Hono<AppEnv>();

const checkoutBody = z.object({ order: orderFormSchema });

checkoutApi.post(
  "/create-checkout-session",
  requireUser,
  valid("json", checkoutBody),
  limitPerClient(CHECKOUT_LIMIT),
  (c) => checkout(c, c.req.valid("json").order, false),
);

checkoutApi.post(
  "/guest/create-checkout-session",
  valid("json", checkoutBody),
  limitPerClient(CHECKOUT_LIMIT),
  (c) => checkout(c, c.req.valid("json").order, true),
);

async function checkout(c: Context<AppEnv>, form: OrderForm, asGuest: boolean) {
  const buyer = buyerOf(c);
  return c.json(
    await startCheckout(c.var.deps, {
      form,
      userId: buyer?.id ?? null,
      guest: asGuest || !buyer,
      analyticsRefused: requestRefusesTracking(c.req.raw.headers),
    }),
  );
}
