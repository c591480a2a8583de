import type { Deps } from "../deps.ts";
import { NOT_HEARD, wasHeard } from "../domain/admin/bulk_actions.ts";
import { deliveryDelayMs, describeDelay } from "../domain/delivery/release.ts";
import { refusalOf, REFUSALS } from "../domain/order/guards.ts";
import { changeOrder } from "./change_order.ts";
import { ConflictError, NotFoundError } from "../domain/errors.ts";
import { approved, held, listened, sendDueNow } from "../domain/order/lifecycle.ts";
import { isOrderId, type Order } from "../domain/order/orders.ts";
import {
  describeDeliveryTime,
  requestDecides,
  scheduledSendAt,
  sendsEarly,
} from "../domain/delivery/requested.ts";
import { forgetRevokedAccess } from "../kv/order_access.ts";
import { listOrderLinks, revokeOrderLinksIn } from "../kv/order_links.ts";
import { addStaffEvent } from "../kv/events.ts";
import { iso } from "../domain/time.ts";
import { jobMessage } from "../jobs/messages.ts";

/**
 * Staff's delivery decisions (staff-side §4 and §7): listen, approve, hold, send now, resend, change
 * an address, turn links off. Each is one atomic change of the order that checks the button rules of
 * domain/order/guards.ts against the order as stored, so two admins clicking at once cannot approve
 * twice or queue two sends, and a hold and the scheduled send cannot both pass; each writes its staff
 * event (domain/admin/staff_actions.ts) in that same write. The delivery itself is jobs/delivery.ts.
 */
const NOT_GIFT = "This order is not a gift, so it has no recipient email.";

/**
 * Approves the song: its email goes after the delay staff give every song, or at the family's chosen
 * moment when that is later (domain/delivery/requested.ts).
 */
export async function approveSong(
  deps: Deps,
  orderId: string,
  approvedBy: string,
  /** Bulk Approve's rule: only a song someone listened to, checked against the order as stored. */
  options: { requireHeard?: boolean } = {},
) {
  const now = deps.clock.now();
  const delayMs = deliveryDelayMs(deps.config.deliveryDelayHours);
  const order = await changeOrder(deps.kv, orderId, (current) => {
    const refusal = refusalOf(current, "approve") ?? (current.songUrl ? null : REFUSALS.noSong) ??
      (options.requireHeard && !wasHeard(current) ? NOT_HEARD : null);
    if (refusal) return new ConflictError(refusal);
    return approved(
      current,
      approvedBy,
      now,
      scheduledSendAt(now, delayMs, current.requestedDelivery ?? null),
    );
  }, (operation, next) => {
    deps.jobs.add(operation, jobMessage("delivery", orderId), dueMs(next) - now);
    addStaffEvent(
      operation,
      orderId,
      approvedBy,
      { action: "approve", listen: next.reviewListen ?? null },
      now,
    );
  });
  const request = order.requestedDelivery ?? null;
  return {
    order,
    // The dashboard's toast is titled 'Song approved!' (staff-side §8); this is the line under it.
    message: requestDecides(now, delayMs, request)
      ? `The song will be delivered on ${describeDeliveryTime(request!, now)}, as the family asked.`
      : `The song will be delivered in ${describeDelay(deps.config.deliveryDelayHours)}.`,
  };
}

const dueMs = (order: Order) => Date.parse(order.deliveryDueAt!);

/**
 * Takes an approved song back to Review before its email goes: the scheduled send is cancelled
 * exactly. The sender's claim (jobs/delivery.ts) and this write both check the stored order, so
 * either this commits first and the sender finds nothing due, or the claim does and this is refused
 * with the guard's words: the email then goes once.
 */
export function holdSong(deps: Pick<Deps, "kv" | "clock">, orderId: string, by: string) {
  const now = deps.clock.now();
  return changeOrder(deps.kv, orderId, (current) => {
    const refusal = refusalOf(current, "hold");
    if (refusal) return new ConflictError(refusal);
    return held(current, by, now);
  }, (operation, _next, before) => {
    addStaffEvent(
      operation,
      orderId,
      by,
      { action: "hold", cancelledSendAt: before.deliveryDueAt ?? null },
      now,
    );
  });
}

/**
 * Records how far staff heard the song in review; the player reports as it pauses and ends, and
 * the furthest point of this song is kept. Not a staff event of its own (it would flood the
 * timeline): the approval's event says what was heard.
 */
export function recordListen(
  deps: Pick<Deps, "kv" | "clock">,
  orderId: string,
  heard: { playedMs: number; durationMs: number },
  by: string,
) {
  const now = deps.clock.now();
  return changeOrder(deps.kv, orderId, (current) => {
    const refusal = refusalOf(current, "listen");
    if (refusal) return new ConflictError(refusal);
    const next = listened(current, { ...heard, by, at: iso(now) });
    return next === current ? null : next;
  });
}

/**
 * Makes the approved song's first email due now; the caller then sends it (jobs/delivery.ts). A send
 * before the day the family chose (domain/delivery/requested.ts, sendsEarly) goes only when staff
 * confirmed that very day for this order (`confirmedEarlyFor`, the day's instant as they were shown
 * it), checked against the order as stored: a bulk call is never a way around the question the row's
 * own Send Now asks, and a day the family changed a moment before is theirs, never sent over.
 */
export function scheduleSendNow(
  deps: Deps,
  orderId: string,
  by: string,
  { confirmedEarlyFor }: { confirmedEarlyFor: string | null },
) {
  const now = deps.clock.now();
  return changeOrder(deps.kv, orderId, (current) => {
    const refusal = refusalOf(current, "sendNow") ?? earlySendRefusal(current, now, confirmedEarlyFor);
    if (refusal) return new ConflictError(refusal);
    return sendDueNow(current, now);
  }, (operation) => {
    deps.jobs.add(operation, jobMessage("delivery", orderId));
    addStaffEvent(operation, orderId, by, { action: "send" }, now);
  });
}

function earlySendRefusal(order: Order, now: number, confirmedFor: string | null): string | null {
  if (!sendsEarly(order, now)) return null;
  if (confirmedFor === null) return REFUSALS.earlyNotConfirmed;
  return confirmedFor === order.requestedDelivery?.at ? null : REFUSALS.dayChanged;
}

/** Makes a new send of a delivered song due now; a resend already waiting is not doubled. */
export function scheduleResend(deps: Deps, orderId: string, by: string) {
  const now = deps.clock.now();
  return changeOrder(deps.kv, orderId, (current) => {
    const refusal = refusalOf(current, "resend");
    if (refusal) return new ConflictError(refusal);
    if (current.deliveryDueAt) return null;
    return sendDueNow(current, now);
  }, (operation) => {
    deps.jobs.add(operation, jobMessage("delivery", orderId));
    addStaffEvent(operation, orderId, by, { action: "resend" }, now);
  });
}

/**
 * Staff-side §7, update-email: the address later sends go to. The links already sent to the old
 * address are turned off with it, and with them what they granted (a session as that address, access
 * to the order): an address is changed because it was the wrong one. Ownership by address follows the
 * order's current address by itself (domain/order/readers.ts).
 */
export async function changeOrderEmail(
  deps: Pick<Deps, "kv" | "clock">,
  orderId: string,
  emailType: "parent" | "gift",
  newEmail: string,
  by: string,
) {
  if (!isOrderId(orderId)) throw new NotFoundError("Order not found.");
  const now = deps.clock.now();
  const field = emailType === "parent" ? "parentEmail" : "giftRecipientEmail";
  const links = await listOrderLinks(deps.kv, orderId);
  const change = { replaced: null as string | null };
  const order = await changeOrder(deps.kv, orderId, (current) => {
    if (emailType === "gift" && !current.isGift) return new ConflictError(NOT_GIFT);
    if (current[field] === newEmail) return null;
    return { ...current, [field]: newEmail, updatedAt: iso(now) };
  }, (operation, _next, before) => {
    change.replaced = before[field] ?? null;
    revokeOrderLinksIn(operation, links.filter((link) => link.email === change.replaced), now);
    addStaffEvent(operation, orderId, by, {
      action: "email-change",
      emailType,
      from: change.replaced,
      to: newEmail,
    }, now);
  });
  if (change.replaced === null) return order;
  // A send that minted a link while the address changed: that link is turned off too.
  const late = (await listOrderLinks(deps.kv, orderId))
    .filter((link) => link.email === change.replaced && !link.revokedAt);
  if (late.length) await revokeOrderLinksIn(deps.kv.atomic(), late, now).commit();
  await forgetRevokedAccess(deps.kv, orderId);
  return order;
}

/**
 * Turns every private link of the order off (a link forwarded to the wrong person, an address typed
 * wrong), and what they granted: sessions started from them end, access through them goes. The links
 * are kept, marked, so whoever opens one is told it was turned off rather than that it never existed;
 * the next send mints fresh ones.
 */
export async function revokeOrderLinks(deps: Pick<Deps, "kv" | "clock">, orderId: string, by: string) {
  // Checked before the links are listed: an id too long for a KV key must be a 404, not a crash.
  if (!isOrderId(orderId)) throw new NotFoundError("Order not found.");
  const now = deps.clock.now();
  const links = await listOrderLinks(deps.kv, orderId);
  const live = links.filter((link) => !link.revokedAt);
  const order = await changeOrder(deps.kv, orderId, (current) => {
    // Already off, and no send has minted a link since (a send sets tokenRevoked back to false).
    if (current.tokenRevoked && live.length === 0) return null;
    return { ...current, tokenRevoked: true, updatedAt: iso(now) };
  }, (operation) => {
    revokeOrderLinksIn(operation, links, now);
    addStaffEvent(operation, orderId, by, { action: "links-revoked", links: live.length }, now);
  });
  await forgetRevokedAccess(deps.kv, orderId);
  return order;
}
