import type { Deps } from "../deps.ts";
import { GoneError, RateLimitError, UnauthorizedError } from "../domain/errors.ts";
import { MESSAGES, ORDER_LINK_LIMIT } from "../domain/account/sign_in_limits.ts";
import { type OrderLinkGreeting, orderLinkGreeting } from "../domain/order/link_greeting.ts";
import type { Order } from "../domain/order/orders.ts";
import { iso } from "../domain/time.ts";
import type { User } from "../domain/account/users.ts";
import { grantOrderAccess } from "../kv/order_access.ts";
import { findOrderLink } from "../kv/order_links.ts";
import { updateOrder } from "../kv/orders.ts";
import { takeRateLimit } from "../kv/rate_limits.ts";
import { createSession } from "../kv/sessions.ts";
import { upsertUserOnSignIn } from "../kv/users.ts";

/**
 * A private link from a delivery email, opened (ARCHITECTURE.md §10): the order notes when, and the
 * address the link was sent to is signed in with access to this one order. What the link gives lasts
 * while the link is on: staff turning it off ends both (kv/order_links.ts). The greeting is decided
 * here because only the stored link knows whom it was sent to. Each client may try only so many
 * links (`client`: its address), so tokens cannot be guessed by trying them.
 */
export async function openOrderLink(
  deps: Pick<Deps, "kv" | "config" | "clock" | "track">,
  orderId: string,
  token: string,
  client: string,
): Promise<
  { order: Order; user: User; created: boolean; sessionToken: string; greeting: OrderLinkGreeting }
> {
  const { kv, config } = deps;
  const now = deps.clock.now();
  const decision = await takeRateLimit(
    kv,
    [{ scope: "order-link:client", subject: client, limit: ORDER_LINK_LIMIT.perClient }],
    ORDER_LINK_LIMIT.windowMs,
    now,
  );
  if (decision.exceeded) {
    throw new RateLimitError(MESSAGES.tooManyOrderLinks, Math.ceil(decision.retryAfterMs / 1000));
  }
  const link = await findOrderLink(kv, orderId, token);
  if (!link) throw new UnauthorizedError(MESSAGES.badOrderLink);
  if (link.revokedAt) throw new GoneError(MESSAGES.revokedOrderLink);
  const order = await updateOrder(kv, orderId, (current) => ({ ...current, linkLastOpenedAt: iso(now) }));
  if (!order) throw new UnauthorizedError(MESSAGES.badOrderLink);

  const { user, created } = await upsertUserOnSignIn(kv, link.email, config, now);
  await grantOrderAccess(kv, user.id, orderId, link.tokenHash, now);
  const sessionToken = await createSession(kv, user.id, now, { orderId, linkHash: link.tokenHash });
  const greeting = orderLinkGreeting(order, link.email, created);
  if (created) deps.track("User Signup", { method: "order_link" });
  deps.track("Magic Link Accessed", { isGift: order.isGift });
  return { order, user, created, sessionToken, greeting };
}
