import { deliveryAddressees } from "../delivery/release.ts";
import type { Order } from "./orders.ts";

/**
 * What "Delete Song" does to an order, by who asks and where the song stands (customer-side §7): the
 * one home of the rule that the command (orders/remove_song.ts), the My Songs dialog and its toast read.
 *
 * A gift once given belongs to its recipient too: after its email has gone (or while it is going) the
 * recipient holds a link to it, may have it in their own list, and may have shared it. The giver's
 * delete then takes it off the giver's list only, and the recipient keeps the song, its link and its
 * page. Before that, the recipient has nothing yet: the giver's delete is a true delete, and the dialog
 * says the recipient will not receive it.
 *
 * - `delete`: the order goes, with everything that hangs off it.
 * - `keep-for-recipient`: the giver's list no longer shows it; everything else stays.
 * - `leave`: someone it was shared with takes it off their own list.
 */
export type SongRemoval = "delete" | "keep-for-recipient" | "leave";

type RemovalFacts = Pick<
  Order,
  "isGift" | "giftRecipientEmail" | "parentEmail" | "emailSentAt" | "deliveryClaim"
>;

/** A gift whose song is emailed to its recipient (not one the parent passes on themselves). */
export function giftGoesToRecipient(
  order: Pick<Order, "isGift" | "giftRecipientEmail" | "parentEmail">,
): boolean {
  return deliveryAddressees(order).some((addressee) => addressee.role === "recipient");
}

/** A gift's recipient holds the song: its email has gone to them, or is going now. */
export function recipientHoldsGift(order: RemovalFacts): boolean {
  return giftGoesToRecipient(order) && (!!order.emailSentAt || !!order.deliveryClaim);
}

export function songRemovalOf(order: RemovalFacts, access: "owner" | "shared"): SongRemoval {
  if (access === "shared") return "leave";
  return recipientHoldsGift(order) ? "keep-for-recipient" : "delete";
}

/** Whether the giver took a gift the recipient keeps off their own list (their My Songs leaves it out). */
export function removedByGiver(order: Pick<Order, "giverRemovedAt">): boolean {
  return !!order.giverRemovedAt;
}
