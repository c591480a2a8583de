import { canApprove, canResend, canSendNow, deliveryDelayMs, describeDelay } from "../domain/delivery.ts";
import { type AppError, ConflictError, NotFoundError } from "../domain/errors.ts";
import { approved, sendDueNow } from "../domain/order_lifecycle.ts";
import { isOrderId, type Order } from "../domain/orders.ts";
import { forgetRevokedAccess } from "../kv/order_access.ts";
import { listOrderLinks, revokeOrderLinksIn } from "../kv/order_links.ts";
import { updateOrder } from "../kv/orders.ts";
import { iso } from "./deps.ts";
import { jobMessage, type JobQueue } from "./messages.ts";

/**
 * Staff's delivery decisions (staff-side §4 and §7): approve, send now, resend, change an address,
 * turn links off. Each is one atomic change of the order that checks the button rules of
 * domain/delivery.ts against the order as stored, so two admins clicking at once cannot approve
 * twice or queue two sends; the delivery itself is jobs/delivery.ts.
 */
export interface ApprovalDeps {
  kv: Deno.Kv;
  jobs: JobQueue;
  now: () => number;
  deliveryDelayHours: number;
}

export const MESSAGES = {
  notFinished: "Only a finished song can be approved.",
  alreadyApproved: "This song has already been approved.",
  noSong: "This order has no song yet. Upload one first.",
  notApproved: "Approve the song before sending it.",
  alreadySent: "This song's email has already been sent. Use Resend to send it again.",
  notSent: "This song's email has not been sent yet, so there is nothing to resend.",
  notGift: "This order is not a gift, so it has no recipient email.",
} as const;

export async function approveSong(deps: ApprovalDeps, orderId: string, approvedBy: string) {
  const now = deps.now();
  const dueAt = now + deliveryDelayMs(deps.deliveryDelayHours);
  const order = await changeOrder(deps.kv, orderId, (current) => {
    if (!canApprove(current)) {
      return new ConflictError(
        current.status === "completed" ? MESSAGES.alreadyApproved : MESSAGES.notFinished,
      );
    }
    if (!current.songUrl) return new ConflictError(MESSAGES.noSong);
    return approved(current, approvedBy, now, dueAt);
  }, (operation) => deps.jobs.add(operation, jobMessage("delivery", orderId), dueAt - now));
  return {
    order,
    // The dashboard's toast is titled 'Song approved!' (staff-side §8); this is the line under it.
    message: `The song will be delivered in ${describeDelay(deps.deliveryDelayHours)}.`,
  };
}

/** Makes the approved song's first email due now; the caller then sends it (jobs/delivery.ts). */
export function scheduleSendNow(deps: ApprovalDeps, orderId: string) {
  const now = deps.now();
  return changeOrder(deps.kv, orderId, (current) => {
    if (!canSendNow(current)) return new ConflictError(whyNotSendable(current));
    return sendDueNow(current, now);
  }, (operation) => deps.jobs.add(operation, jobMessage("delivery", orderId)));
}

/** Makes a new send of a delivered song due now; a resend already waiting is not doubled. */
export function scheduleResend(deps: ApprovalDeps, orderId: string) {
  const now = deps.now();
  return changeOrder(deps.kv, orderId, (current) => {
    if (!canResend(current)) return new ConflictError(current.songUrl ? MESSAGES.notSent : MESSAGES.noSong);
    if (current.deliveryDueAt) return null;
    return sendDueNow(current, now);
  }, (operation) => deps.jobs.add(operation, jobMessage("delivery", orderId)));
}

function whyNotSendable(order: Order): string {
  if (order.emailSentAt) return MESSAGES.alreadySent;
  if (order.status !== "completed" || !order.songUrl) return MESSAGES.noSong;
  return MESSAGES.notApproved;
}

/**
 * Staff-side §7, update-email: the address later sends go to. The links already sent to the old
 * address are turned off with it, and with them what they granted (a session as that address, access
 * to the order): an address is changed because it was the wrong one. Ownership by address follows the
 * order's current address by itself (domain/order_readers.ts).
 */
export async function changeOrderEmail(
  deps: Pick<ApprovalDeps, "kv" | "now">,
  orderId: string,
  emailType: "parent" | "gift",
  newEmail: string,
) {
  if (!isOrderId(orderId)) throw new NotFoundError("Order not found.");
  const now = deps.now();
  const field = emailType === "parent" ? "parentEmail" : "giftRecipientEmail";
  const links = await listOrderLinks(deps.kv, orderId);
  const change = { replaced: null as string | null };
  const order = await changeOrder(deps.kv, orderId, (current) => {
    if (emailType === "gift" && !current.isGift) return new ConflictError(MESSAGES.notGift);
    if (current[field] === newEmail) return null;
    return { ...current, [field]: newEmail, updatedAt: iso(now) };
  }, (operation, _next, before) => {
    change.replaced = before[field] ?? null;
    revokeOrderLinksIn(operation, links.filter((link) => link.email === change.replaced), now);
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
export async function revokeOrderLinks(deps: Pick<ApprovalDeps, "kv" | "now">, orderId: string) {
  // Checked before the links are listed: an id too long for a KV key must be a 404, not a crash.
  if (!isOrderId(orderId)) throw new NotFoundError("Order not found.");
  const now = deps.now();
  const links = await listOrderLinks(deps.kv, orderId);
  const order = await changeOrder(deps.kv, orderId, (current) => ({
    ...current,
    tokenRevoked: true,
    updatedAt: iso(now),
  }), (operation) => revokeOrderLinksIn(operation, links, now));
  await forgetRevokedAccess(deps.kv, orderId);
  return order;
}

/**
 * One guarded change: `decide` answers the new order, null for "already so" (the order is returned
 * as it is), or the error that explains why staff cannot do this now.
 */
export async function changeOrder(
  kv: Deno.Kv,
  orderId: string,
  decide: (order: Order) => Order | null | AppError,
  alongside?: (operation: Deno.AtomicOperation, next: Order, before: Order) => void,
): Promise<Order> {
  if (!isOrderId(orderId)) throw new NotFoundError("Order not found.");
  let refusal: AppError | null = null;
  const order = await updateOrder(kv, orderId, (current) => {
    const decision = decide(current);
    refusal = decision instanceof Error ? decision : null;
    return decision instanceof Error ? null : decision;
  }, alongside);
  if (!order) throw new NotFoundError("Order not found.");
  if (refusal) throw refusal;
  return order;
}
