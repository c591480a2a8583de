import { keys } from "./keys.ts";
import { isOrderLinkRevoked } from "./order_links.ts";

/** Customer-side §3, user order access: a user who opened an order's private link may see it. */
export interface OrderAccess {
  userId: string;
  orderId: string;
  grantedAt: string;
  grantedVia: "magic_link";
  /** The link that granted it: the access lasts only while that link is on. Absent on older grants. */
  linkHash?: string;
}

/** Grants (or refreshes) a user's access to an order through one of its links; both indexes in one write. */
export async function grantOrderAccess(
  kv: Deno.Kv,
  userId: string,
  orderId: string,
  linkHash: string,
  now: number,
) {
  const access: OrderAccess = {
    userId,
    orderId,
    grantedAt: new Date(now).toISOString(),
    grantedVia: "magic_link",
    linkHash,
  };
  const result = await kv.atomic()
    .set(keys.orderAccess(userId, orderId), access)
    .set(keys.orderAccessByOrder(orderId, userId), true)
    .commit();
  if (!result.ok) throw new Error(`Could not grant access to order ${orderId}.`);
}

/** A grant counts while the link that made it is on (kv/order_links.ts, isOrderLinkRevoked). */
async function isLive(kv: Deno.Kv, access: OrderAccess): Promise<boolean> {
  return !access.linkHash || !await isOrderLinkRevoked(kv, access.orderId, access.linkHash);
}

export async function hasOrderAccess(kv: Deno.Kv, userId: string, orderId: string): Promise<boolean> {
  const access = (await kv.get<OrderAccess>(keys.orderAccess(userId, orderId))).value;
  return !!access && await isLive(kv, access);
}

export async function listAccessibleOrderIds(kv: Deno.Kv, userId: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const entry of kv.list<OrderAccess>({ prefix: keys.orderAccessOfUser(userId) })) {
    if (await isLive(kv, entry.value)) ids.push(entry.value.orderId);
  }
  return ids;
}

/** Takes one user's access away (they removed a shared song from their list). */
export async function revokeOrderAccess(kv: Deno.Kv, userId: string, orderId: string) {
  await kv.atomic()
    .delete(keys.orderAccess(userId, orderId))
    .delete(keys.orderAccessByOrder(orderId, userId))
    .commit();
}

/**
 * Deletes the grants on an order that no longer count once its links were turned off: those made
 * through a revoked link, and older grants that do not say which link made them. Readers already
 * ignore the first kind; this tidies up, and ends the second.
 */
export async function forgetRevokedAccess(kv: Deno.Kv, orderId: string) {
  for await (const entry of kv.list({ prefix: keys.orderAccessOfOrder(orderId) })) {
    const userId = entry.key.at(-1) as string;
    const access = (await kv.get<OrderAccess>(keys.orderAccess(userId, orderId))).value;
    if (access && access.linkHash && await isLive(kv, access)) continue;
    await revokeOrderAccess(kv, userId, orderId);
  }
}

/** Both keys of every grant on an order, for deleting the order. */
export async function listOrderAccessKeys(kv: Deno.Kv, orderId: string): Promise<Deno.KvKey[]> {
  const found: Deno.KvKey[] = [];
  for await (const entry of kv.list({ prefix: keys.orderAccessOfOrder(orderId) })) {
    const userId = entry.key.at(-1) as string;
    found.push(entry.key, keys.orderAccess(userId, orderId));
  }
  return found;
}
