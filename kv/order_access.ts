import { keys } from "./keys.ts";

/** Customer-side §3, user order access: a user who opened an order's private link may see it. */
export interface OrderAccess {
  userId: string;
  orderId: string;
  grantedAt: string;
  grantedVia: "magic_link";
}

/** Grants (or refreshes) a user's access to an order; both index directions in one write. */
export async function grantOrderAccess(kv: Deno.Kv, userId: string, orderId: string, now: number) {
  const access: OrderAccess = {
    userId,
    orderId,
    grantedAt: new Date(now).toISOString(),
    grantedVia: "magic_link",
  };
  const result = await kv.atomic()
    .set(keys.orderAccess(userId, orderId), access)
    .set(keys.orderAccessByOrder(orderId, userId), true)
    .commit();
  if (!result.ok) throw new Error(`Could not grant access to order ${orderId}.`);
}

export async function hasOrderAccess(kv: Deno.Kv, userId: string, orderId: string): Promise<boolean> {
  return (await kv.get(keys.orderAccess(userId, orderId))).value !== null;
}

export async function listAccessibleOrderIds(kv: Deno.Kv, userId: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const entry of kv.list<OrderAccess>({ prefix: keys.orderAccessOfUser(userId) })) {
    ids.push(entry.value.orderId);
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

/** Both keys of every grant on an order, for deleting the order. */
export async function listOrderAccessKeys(kv: Deno.Kv, orderId: string): Promise<Deno.KvKey[]> {
  const found: Deno.KvKey[] = [];
  for await (const entry of kv.list({ prefix: keys.orderAccessOfOrder(orderId) })) {
    const userId = entry.key.at(-1) as string;
    found.push(entry.key, keys.orderAccess(userId, orderId));
  }
  return found;
}
