import type { Deps } from "../deps.ts";
import { ForbiddenError } from "../domain/errors.ts";
import { isOrderOwner, type Reader } from "../domain/order_readers.ts";
import type { Order } from "../domain/orders.ts";
import { hasOrderAccess, revokeOrderAccess } from "../kv/order_access.ts";
import { deleteOrder } from "../kv/order_removal.ts";

/**
 * Delete Song (customer-side §7): the owner (the account that paid, or the account of the order's
 * current address) deletes the order with everything that hangs off it; someone it was shared with only
 * removes it from their own list (the song is still the family's). Staff have no delete (staff-side §6).
 */
export async function removeSong(
  deps: Pick<Deps, "kv" | "blobs">,
  user: Reader,
  order: Order,
): Promise<void> {
  if (isOrderOwner(user, order)) {
    await deleteOrder(deps.kv, deps.blobs, order.id);
  } else if (await hasOrderAccess(deps.kv, user.id, order.id)) {
    await revokeOrderAccess(deps.kv, user.id, order.id);
  } else {
    throw new ForbiddenError("Only the song's owner can delete it.");
  }
}
