import type { Deps } from "../deps.ts";
import { ConflictError, ForbiddenError } from "../domain/errors.ts";
import { isOrderOwner, type Reader } from "../domain/order/readers.ts";
import type { Order } from "../domain/order/orders.ts";
import { type SongRemoval, songRemovalOf } from "../domain/order/song_removal.ts";
import { hasOrderAccess, revokeOrderAccess } from "../kv/order_access.ts";
import { deleteOrder } from "../kv/order_removal.ts";
import { updateOrder } from "../kv/orders.ts";

/**
 * Delete Song (customer-side §7), as domain/order/song_removal.ts decides it: the owner (the account that
 * paid, or the account of the order's current address) deletes the order with everything that hangs
 * off it, unless it is a gift its recipient already holds, which leaves the giver's list only; someone
 * it was shared with only removes it from their own list (the song is still the family's). Staff have
 * no delete (staff-side §6). Answers what was done.
 */
export async function removeSong(
  deps: Pick<Deps, "kv" | "blobs" | "clock">,
  user: Reader,
  order: Order,
): Promise<SongRemoval> {
  if (isOrderOwner(user, order)) {
    return await removeOwnSong(deps, order.id);
  } else if (await hasOrderAccess(deps.kv, user.id, order.id)) {
    await revokeOrderAccess(deps.kv, user.id, order.id);
    return "leave";
  } else {
    throw new ForbiddenError("Only the song's owner can delete it.");
  }
}

/** A decision the order's own moves overtook twice in a row is given up on (it never happens in practice). */
const MAX_TRIES = 3;

/**
 * Judged on the order as stored, in the write itself: a gift whose email starts going while the giver
 * confirms is kept for its recipient, never deleted under a link just sent.
 */
async function removeOwnSong(
  deps: Pick<Deps, "kv" | "blobs" | "clock">,
  orderId: string,
): Promise<SongRemoval> {
  const deletes = (order: Order) => songRemovalOf(order, "owner") === "delete";
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    if (await deleteOrder(deps.kv, deps.blobs, orderId, deletes)) return "delete";
    const stamp = new Date(deps.clock.now()).toISOString();
    let kept = false;
    const stored = await updateOrder(deps.kv, orderId, (current) => {
      kept = !deletes(current);
      return kept ? { ...current, giverRemovedAt: current.giverRemovedAt ?? stamp, updatedAt: stamp } : null;
    });
    // Gone already (a second click): deleted, as far as the giver can tell.
    if (!stored) return "delete";
    if (kept) return "keep-for-recipient";
  }
  throw new ConflictError("The song changed while it was being deleted. Please try again.");
}
