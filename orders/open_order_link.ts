import type { Deps } from "../deps.ts";
import { GoneError, UnauthorizedError } from "../domain/errors.ts";
import { MESSAGES } from "../domain/account/sign_in_limits.ts";
import { type OrderLinkGreeting, orderLinkGreeting } from "../domain/order/link_greeting.ts";
import type { Order } from "../domain/order/orders.ts";
import { iso } from "../domain/time.ts";
import type { User } from "../domain/account/users.ts";
import { grantOrderAccess } from "../kv/order_access.ts";
import { findOrderLink } from "../kv/order_links.ts";
import { updateOrder } from "../kv/orders.ts";
import { createSession } from "../kv/sessions.ts";
import { upsertUserOnSignIn } from "../kv/users.ts";

/**
 * A private link from a delivery email, opened (ARCHITECTURE.md §10): the order notes when, and the
 * address the link was sent to is signed in with access to this one order. What the link gives lasts
 * while the link is on: staff turning it off ends both (kv/order_links.ts). The greeting is decided
 * here because only the stored link knows whom it was sent to.
 */
export async function openOrderLink(
  deps: Pick<Deps, "kv" | "config" | "clock">,
  orderId: string,
  token: string,
): Promise<
  { order: Order; user: User; created: boolean; sessionToken: string; greeting: OrderLinkGreeting }
> {
  const { kv, config } = deps;
  const now = deps.clock.now();
  const link = await findOrderLink(kv, orderId, token);
  if (!link) throw new UnauthorizedError(MESSAGES.badOrderLink);
  if (link.revokedAt) throw new GoneError(MESSAGES.revokedOrderLink);
  const order = await updateOrder(kv, orderId, (current) => ({ ...current, linkLastOpenedAt: iso(now) }));
  if (!order) throw new UnauthorizedError(MESSAGES.badOrderLink);

  const { user, created } = await upsertUserOnSignIn(kv, link.email, config, now);
  await grantOrderAccess(kv, user.id, orderId, link.tokenHash, now);
  const sessionToken = await createSession(kv, user.id, now, { orderId, linkHash: link.tokenHash });
  const greeting = orderLinkGreeting(order, link.email, created);
  return { order, user, created, sessionToken, greeting };
}
