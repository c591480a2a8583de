import {
  type DeliveryAddressee,
  deliveryAddressees,
  MAX_DELIVERY_ATTEMPTS,
  orderLinkUrl,
} from "../domain/delivery/release.ts";
import { giftDeliveredEmail, giftSongEmail, songReadyEmail } from "../domain/email/song_delivery.ts";
import type { ComposedEmail } from "../domain/email/layout.ts";
import { buildEvent, type EventDraft } from "../domain/generation/events.ts";
import { backoffMs } from "../domain/generation/call_errors.ts";
import { emailSent, sendClaimed, sendFailed, sendPartSent, sentDetail } from "../domain/order/lifecycle.ts";
import { completesOrder, orderRevenue } from "../domain/analytics/orders.ts";
import type { DeliveryClaim, DeliveryPart, Order } from "../domain/order/orders.ts";
import { addEvents } from "../kv/events.ts";
import { keys } from "../kv/keys.ts";
import { type Held, withLease } from "../kv/locks.ts";
import { mintOrderLink, storeOrderLink } from "../kv/order_links.ts";
import { writeOrder } from "../kv/orders.ts";
import { trackOrderEvent } from "../providers/analytics.ts";
import { countEmail, inJobSpan, jobFinished } from "../providers/telemetry.ts";
import type { Deps } from "../deps.ts";
import { iso, seconds } from "../domain/time.ts";
import { jobMessage } from "./messages.ts";

/** What a delivery attempt came to, for Send Now's answer. */
export type DeliveryOutcome =
  /** Every email of the send was accepted by the mail server. */
  | "sent"
  /** Nothing was due (already sent, not approved, or not yet time). */
  | "nothing-due"
  /** Another worker holds the order's delivery right now. */
  | "busy"
  /** The mail server refused; the send is due again after a backoff. */
  | "retrying"
  /** The mail server refused too many times; staff can Send Now. */
  | "gave-up";

/**
 * Sends an approved song's delivery email (staff-side §4, Delivery), exactly once per send:
 *
 * 1. Under a lease, a claim is committed before any mail leaves: the send's round, a fixed
 *    Message-ID per email, and fresh private links (stored, so the emailed link works the moment it
 *    lands). The order is due again when the lease runs out, should this worker vanish.
 * 2. Each email is recorded as sent right after the mail server accepts it, so a retry sends only
 *    what did not go out. Only a crash in the instant between the server's "accepted" and that
 *    record sends an email again, and then with the same Message-ID, which inboxes show once.
 * 3. When all went out, `emailSentAt`, `emailMessageId` and the send count are recorded and the
 *    song is released to the customer; the first send completes the order for analytics.
 *
 * A duplicate message, the sweeper and Send Now racing the schedule all meet the same lease and the
 * same due time, so whichever comes second finds nothing to do.
 */
export function deliverSong(deps: Deps, orderId: string): Promise<DeliveryOutcome> {
  return inJobSpan(deps.kv, "delivery", orderId, async () => {
    let orderNumber: number | null = null;
    const leaseMs = seconds(deps.config.jobs.leaseSeconds);
    const holder = { id: deps.workerId, leaseMs, now: () => deps.clock.now() };
    const outcome = await withLease(deps.kv, { type: "delivery", id: orderId }, holder, async (held) => {
      const claimed = await claimSend(deps, held, orderId, leaseMs);
      if (!claimed) return "nothing-due";
      const { claim, letters } = claimed;
      orderNumber = claimed.orderNumber;
      for (const letter of letters) {
        try {
          await deps.providers.mail.send({
            to: letter.to,
            ...letter.email,
            messageId: claim.messageIds[letter.part],
          });
        } catch (error) {
          countEmail("delivery", false);
          return await recordFailure(deps, held, orderId, claim.round, error);
        }
        countEmail("delivery", true);
        // Null: the order was deleted or the send taken over meanwhile; nothing more is ours to send.
        if (!await recordPartSent(deps, held, orderId, claim.round, letter.part)) return "busy";
      }
      await recordSendComplete(deps, held, orderId, claim.round);
      return "sent";
    }) ?? "busy";
    jobFinished("delivery", { id: orderId, number: orderNumber }, outcome, { failed: outcome === "gave-up" });
    return outcome;
  });
}

/** An email of this send that has not gone out yet, composed with its fresh link. */
interface Letter extends DeliveryAddressee {
  email: ComposedEmail;
}

/**
 * Claims the send under the lease, or null when nothing is due or the lease is gone. Another write
 * to the order in between (a lyrics-timing job, staff editing) only makes the claim read it again:
 * the send is still this lease holder's to make.
 */
function claimSend(deps: Deps, held: Held, orderId: string, leaseMs: number) {
  const { kv } = deps;
  const now = () => deps.clock.now();
  return held.retry(`the send of ${orderId}`, async () => {
    const entry = await kv.get<Order>(keys.order(orderId));
    const order = entry.value;
    if (!order || !isDue(order, now())) return { value: null };

    const round = (order.emailSendCount ?? 0) + 1;
    const fresh = order.deliveryClaim?.round !== round;
    const claim: DeliveryClaim = fresh
      ? { round, claimedAt: iso(now()), messageIds: {}, sent: [] }
      : structuredClone(order.deliveryClaim!);
    const pending = deliveryAddressees(order).filter((addressee) => !claim.sent.includes(addressee.part));
    for (const { part } of pending) {
      claim.messageIds[part] ??=
        `<song-${order.id}-${round}-${part}-${crypto.randomUUID()}@littlehits.studio>`;
    }

    const operation = held.atomic(entry);
    const letters: Letter[] = [];
    let newest = null;
    for (const addressee of pending) {
      const { token, link } = await mintOrderLink(order.id, addressee.to, now());
      storeOrderLink(operation, link);
      newest = link;
      letters.push({
        ...addressee,
        email: compose(order, addressee, orderLinkUrl(deps.config.appUrl, order.id, token)),
      });
    }
    writeOrder(operation, order, sendClaimed(order, claim, now() + leaseMs, newest));
    if (fresh) {
      addEvents(operation, order.id, [
        event(deps, { type: "START", message: startMessage(order, round) }),
      ]);
    }
    return { value: { claim, letters, orderNumber: order.orderNumber }, write: operation };
  });
}

function isDue(order: Order, now: number): boolean {
  return order.status === "completed" && !!order.songUrl && order.approvalStatus === "approved" &&
    !!order.deliveryDueAt && Date.parse(order.deliveryDueAt) <= now + 1000;
}

function compose(order: Order, addressee: DeliveryAddressee, link: string): ComposedEmail {
  const { childName, orderNumber } = order;
  switch (addressee.role) {
    case "parent":
      return songReadyEmail({ childName, link, orderNumber });
    case "recipient":
      return giftSongEmail({
        childName,
        link,
        orderNumber,
        recipientName: order.giftRecipientName,
        fromName: order.parentName,
        giftMessage: order.giftMessage,
      });
    case "giver":
      return giftDeliveredEmail({
        childName,
        link,
        orderNumber,
        recipient: order.giftRecipientName || order.giftRecipientEmail || "the recipient",
      });
  }
}

function startMessage(order: Order, round: number): string {
  const to = deliveryAddressees(order).map((addressee) => addressee.role).join(" and ");
  return round === 1
    ? `Sending the song to the ${to}.`
    : `Sending the song again (send ${round}) to the ${to}.`;
}

function event(deps: Deps, draft: Omit<EventDraft, "stage">) {
  // In the same millisecond (a fast mail server, a test clock) an outcome still sorts after its START.
  const sequence = draft.type === "START" ? 0 : 1;
  return buildEvent(
    { stage: "EMAIL_SEND", provider: deps.providers.mail.kind, ...draft },
    deps.clock.now(),
    sequence,
  );
}

/**
 * Changes the order for this send's outcome, re-reading on a conflict (staff may edit the order
 * meanwhile) as long as the send is still ours: the same round under a lease this worker still holds.
 */
function recordOutcome(
  deps: Deps,
  held: Held,
  orderId: string,
  round: number,
  change: (order: Order, claim: DeliveryClaim) => { next: Order; events?: Omit<EventDraft, "stage">[] },
) {
  const { kv } = deps;
  return held.retry(`delivery of ${orderId}`, async () => {
    const entry = await kv.get<Order>(keys.order(orderId));
    const order = entry.value;
    if (!order || order.deliveryClaim?.round !== round) return { value: null };
    const { next, events = [] } = change(order, order.deliveryClaim);
    const operation = writeOrder(held.atomic(entry), order, next);
    addEvents(operation, orderId, events.map((draft) => event(deps, draft)));
    if (next.deliveryDueAt) {
      deps.jobs.add(
        operation,
        jobMessage("delivery", orderId),
        Date.parse(next.deliveryDueAt) - deps.clock.now(),
      );
    }
    return { value: next, write: operation };
  });
}

function recordPartSent(
  deps: Deps,
  held: Held,
  orderId: string,
  round: number,
  part: DeliveryPart,
) {
  return recordOutcome(deps, held, orderId, round, (order, claim) => ({
    next: sendPartSent(order, claim, part, deps.clock.now()),
  }));
}

async function recordSendComplete(deps: Deps, held: Held, orderId: string, round: number) {
  let completes = false;
  const delivered = await recordOutcome(deps, held, orderId, round, (order, claim) => {
    completes = completesOrder(order);
    return {
      next: emailSent(order, round, claim.messageIds.main ?? null, deps.clock.now()),
      events: [{ type: "SUCCESS", message: sentDetail(round), context: { parts: claim.sent.length + 1 } }],
    };
  });
  // Only the write that recorded this send gets here with the order, so a send is counted once.
  if (delivered && completes) {
    trackOrderEvent(deps.track, delivered, "Order Completed", orderRevenue(delivered));
  }
}

async function recordFailure(
  deps: Deps,
  held: Held,
  orderId: string,
  round: number,
  error: unknown,
): Promise<DeliveryOutcome> {
  const reason = error instanceof Error ? error.message : String(error);
  let gaveUp = false;
  await recordOutcome(deps, held, orderId, round, (order) => {
    const attempts = (order.deliveryAttempts ?? 0) + 1;
    gaveUp = attempts >= MAX_DELIVERY_ATTEMPTS;
    const now = deps.clock.now();
    const delay = backoffMs(attempts, seconds(deps.config.jobs.retryBaseSeconds), deps.random);
    return {
      next: sendFailed(order, { reason, attempts, retryAt: gaveUp ? null : now + delay }, now),
      events: [{
        type: gaveUp ? "ERROR" : "RETRY",
        message: `The delivery email could not be sent${
          gaveUp ? "; giving up until staff send it" : ""
        }: ${reason}`,
        retryCount: attempts,
      }],
    };
  });
  return gaveUp ? "gave-up" : "retrying";
}
