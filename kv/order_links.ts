import { hashToken, looksLikeToken, newToken } from "../domain/account/tokens.ts";
import { keys } from "./keys.ts";

/**
 * The private links of delivery emails (`/u/{orderId}?t=…`). Each send mints a new token per
 * addressee; only its SHA-256 is stored, under the order's id, so a token opens its own order and no
 * other. Links do not expire (a parent may come back to the email months later) but staff can
 * revoke them all, and a link records whom it was sent to: opening it signs in as that address.
 */
export interface OrderLink {
  orderId: string;
  tokenHash: string;
  /** The address the link was emailed to. */
  email: string;
  createdAt: string;
  /** Set when staff turned the order's links off. */
  revokedAt?: string | null;
}

/** A new link for `email`: the token for the URL, and the write that stores it (commit it with the claim). */
export async function mintOrderLink(
  orderId: string,
  email: string,
  now: number,
): Promise<{ token: string; link: OrderLink }> {
  const token = newToken();
  const link = { orderId, tokenHash: await hashToken(token), email, createdAt: new Date(now).toISOString() };
  return { token, link };
}

export function storeOrderLink(operation: Deno.AtomicOperation, link: OrderLink) {
  return operation.set(keys.orderLink(link.orderId, link.tokenHash), link);
}

/** The link a token stands for on this order, or null (unknown, or another order's). */
export async function findOrderLink(kv: Deno.Kv, orderId: string, token: string): Promise<OrderLink | null> {
  if (!looksLikeToken(token)) return null;
  return (await kv.get<OrderLink>(keys.orderLink(orderId, await hashToken(token)))).value;
}

export async function listOrderLinks(kv: Deno.Kv, orderId: string): Promise<OrderLink[]> {
  const found: OrderLink[] = [];
  for await (const entry of kv.list<OrderLink>({ prefix: keys.orderLinks(orderId) })) found.push(entry.value);
  return found;
}

export async function listOrderLinkKeys(kv: Deno.Kv, orderId: string): Promise<Deno.KvKey[]> {
  return (await listOrderLinks(kv, orderId)).map((link) => keys.orderLink(link.orderId, link.tokenHash));
}

/**
 * Whether staff turned this link off (revoke-links, or a changed address). What a link granted (a
 * session as its address, access to its order) lasts only while the link does, so readers of those
 * grants ask this. A link that is gone with its deleted order was not revoked: the family deleted it.
 */
export async function isOrderLinkRevoked(kv: Deno.Kv, orderId: string, tokenHash: string): Promise<boolean> {
  return !!(await kv.get<OrderLink>(keys.orderLink(orderId, tokenHash))).value?.revokedAt;
}

/** Marks links off in `operation`, kept so whoever opens one is told it was turned off. */
export function revokeOrderLinksIn(operation: Deno.AtomicOperation, links: OrderLink[], now: number) {
  for (const link of links) {
    if (!link.revokedAt) storeOrderLink(operation, { ...link, revokedAt: new Date(now).toISOString() });
  }
  return operation;
}
