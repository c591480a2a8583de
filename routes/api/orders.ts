import { type Context, Hono } from "hono";
import { z } from "zod";
import { BadRequestError, ForbiddenError, NotFoundError } from "../../domain/errors.ts";
import { familyStatusOf } from "../../domain/order/family_status.ts";
import { mySongsItem, ownerOrderView } from "../../domain/order/views.ts";
import { isOrderOwner, type OrderReader, orderViewFor, readerOf } from "../../domain/order/readers.ts";
import {
  deliveryTimeChangeSchema,
  isOrderId,
  type Order,
  orderFormSchema,
} from "../../domain/order/orders.ts";
import { changeRequestedDelivery } from "../../orders/delivery_request.ts";
import { createDemoOrder } from "../../orders/demo_order.ts";
import { fulfil } from "../../orders/fulfil.ts";
import { restartGeneration } from "../../orders/restart.ts";
import { startGeneration } from "../../orders/start_generation.ts";
import { hasOrderAccess, listAccessibleOrderIds } from "../../kv/order_access.ts";
import { removeSong } from "../../orders/remove_song.ts";
import { removedByGiver } from "../../domain/order/song_removal.ts";
import { getOrder, getOrders, listOrdersOfEmail, listOrdersOfUser } from "../../kv/orders.ts";
import { timingsOfOrder } from "../../kv/lyrics_timing.ts";
import type { AppEnv } from "../request_context.ts";
import { buyerOf, currentUser, requireUser } from "../middleware/session.ts";
import { describeIssue, optionalJson } from "./validate.ts";
import { limitPerClient, PAYMENT_CHECK_LIMIT, spendClientAllowance } from "../middleware/client_limit.ts";

/**
 * Orders from the customer's side (customer-side §7, ARCHITECTURE.md §10). Paid orders come only
 * from a paid checkout session through fulfil; demo users create theirs directly.
 */
export const ordersApi = new Hono<AppEnv>();

const sessionBody = z.object({ sessionId: z.string().trim().min(1).max(300) });
const sessionIdParam = z.string().min(1).max(300);

const paymentChecks = limitPerClient(PAYMENT_CHECK_LIMIT);

ordersApi.get("/verify-payment/:sessionId", requireUser, paymentChecks, (c) => verifyPayment(c));
ordersApi.get("/guest/verify-payment/:sessionId", paymentChecks, (c) => verifyPayment(c));

async function verifyPayment(c: Context<AppEnv>) {
  const sessionId = sessionIdParam.safeParse(c.req.param("sessionId"));
  if (!sessionId.success) throw new BadRequestError("Invalid payment session.");
  const session = await c.var.deps.providers.payments.getSession(sessionId.data);
  if (!session) throw new NotFoundError("We could not find this payment session.");
  // Customer-side §3's verify response, and where the session stands: the return page says "nothing
  // was charged" only when the provider's state shows it (domain/order/checkout.ts, nothingCharged).
  return c.json({
    paid: session.paid,
    status: session.status,
    metadata: session.metadata,
    customerEmail: session.customerEmail,
  });
}

ordersApi.post("/orders", requireUser, async (c) => {
  const body = await optionalJson(c);
  // A demo order is made for whoever is at the keyboard, so a delivery link's session cannot make one.
  const demo = buyerOf(c);
  if (typeof body?.sessionId === "string" || !demo?.isDemo) return await fulfilFromBody(c, body);
  const form = orderFormSchema.safeParse(body);
  if (!form.success) throw new BadRequestError(describeIssue(form.error.issues[0]));
  const order = await createDemoOrder(c.var.deps, form.data, demo.id);
  return c.json(ownerOrderView(order), 201);
});

ordersApi.post("/guest/orders", async (c) => await fulfilFromBody(c, await optionalJson(c)));

/** Each call asks the payment provider about a session, so it spends the client's payment checks. */
async function fulfilFromBody(c: Context<AppEnv>, body: unknown) {
  await spendClientAllowance(c, PAYMENT_CHECK_LIMIT);
  const parsed = sessionBody.safeParse(body);
  if (!parsed.success) throw new BadRequestError("sessionId: the paid checkout session is required.");
  const { order } = await fulfil(c.var.deps, parsed.data.sessionId);
  return c.json(ownerOrderView(order));
}

ordersApi.post("/orders/:id/start-generation", (c) => answerStartGeneration(c));
ordersApi.post("/guest/orders/:id/start-generation", (c) => answerStartGeneration(c));

async function answerStartGeneration(c: Context<AppEnv>) {
  const order = await startGeneration(c.var.deps, c.req.param("id") ?? "");
  return c.json({ message: "Song generation has started.", id: order.id, status: familyStatusOf(order) });
}

ordersApi.post("/orders/:id/retry-generation", requireUser, async (c) => {
  const order = await findOrder(c);
  const reader = await readerOfRequest(c, order);
  if (reader !== "owner" && reader !== "admin") {
    throw new ForbiddenError("Only the song's owner can retry it.");
  }
  const restarted = await restartGeneration(c.var.deps, order.id, reader === "owner" ? "customer" : "admin");
  return c.json({
    message: "We're generating your song again. This may take a few minutes.",
    id: restarted.id,
    status: restarted.status,
  });
});

/**
 * The family moves their song's delivery, or asks for it as soon as it is ready (customer-side §1's
 * special delivery timing). Who may is decided before the body is read, so a stranger learns nothing
 * from how their request was wrong.
 */
ordersApi.put("/orders/:id/delivery-time", requireUser, async (c) => {
  const order = await findOrder(c);
  const reader = await readerOfRequest(c, order);
  if (reader !== "owner" && reader !== "admin") {
    throw new ForbiddenError("Only the person who ordered the song can change when it arrives.");
  }
  const request = deliveryTimeChangeSchema.safeParse(await optionalJson(c));
  if (!request.success) throw new BadRequestError(describeIssue(request.error.issues[0]));
  const changed = await changeRequestedDelivery(c.var.deps, order.id, request.data);
  return c.json(mySongsItem(changed, "owner"));
});

/**
 * My Songs (customer-side §7): the user's own orders (placed signed in, or with their address) and
 * songs that reached them by a private link, newest first.
 */
ordersApi.get("/orders/user", requireUser, async (c) => {
  const { kv } = c.var.deps;
  const user = currentUser(c);
  const own = new Map<string, Order>();
  for (
    const order of [...await listOrdersOfUser(kv, user.id), ...await listOrdersOfEmail(kv, user.username)]
  ) {
    own.set(order.id, order);
  }
  // A gift the giver deleted after its recipient had it stays the recipient's, off the giver's list,
  // even where the giver opened their own copy's link (which grants access too).
  const shared = (await getOrders(kv, await listAccessibleOrderIds(kv, user.id)))
    .filter((order) => !own.has(order.id));
  const items = [
    ...[...own.values()].filter((order) => !removedByGiver(order)).map((order) =>
      mySongsItem(order, "owner")
    ),
    ...shared.map((order) => mySongsItem(order, "shared")),
  ];
  items.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.orderNumber - a.orderNumber);
  c.header("cache-control", "no-store");
  return c.json(items);
});

ordersApi.get("/orders/:id", async (c) => {
  const order = await findOrder(c);
  c.header("cache-control", "private, no-store");
  const reader = await readerOfRequest(c, order);
  const timings = reader === "public" ? await timingsOfOrder(c.var.deps.kv, order) : undefined;
  return c.json(orderViewFor(reader, order, timings));
});

ordersApi.delete("/orders/:id", requireUser, async (c) => {
  const order = await findOrder(c);
  const removal = await removeSong(c.var.deps, currentUser(c), order);
  return c.json({ message: "The song has been removed from your collection.", id: order.id, removal });
});

async function findOrder(c: Context<AppEnv>): Promise<Order> {
  const id = c.req.param("id") ?? "";
  const order = isOrderId(id) ? await getOrder(c.var.deps.kv, id) : null;
  if (!order) throw new NotFoundError("Order not found.");
  return order;
}

async function readerOfRequest(c: Context<AppEnv>, order: Order): Promise<OrderReader> {
  const user = c.var.user;
  const granted = !!user && user.role !== "admin" && !isOrderOwner(user, order) &&
    await hasOrderAccess(c.var.deps.kv, user.id, order.id);
  return readerOf(user, order, granted);
}
