import type { JobName } from "../domain/order/due_work.ts";
import type { ComposedEmail } from "../domain/email/layout.ts";
import { buildEvent, type EventDraft } from "../domain/generation/events.ts";
import { backoffMs } from "../domain/generation/call_errors.ts";
import type { Order, OwedEmailState } from "../domain/order/orders.ts";
import { isOwedEmailDue, owedEmailClaimed, owedEmailRefused, owedEmailSent } from "../domain/email/owed.ts";
import { seconds } from "../domain/time.ts";
import { addEvents } from "../kv/events.ts";
import { keys } from "../kv/keys.ts";
import { type Held, releaseWith, withLease } from "../kv/locks.ts";
import { writeOrder } from "../kv/orders.ts";
import type { Deps } from "../deps.ts";
import { countEmail, inJobSpan, jobFinished } from "../providers/telemetry.ts";
import { jobMessage } from "./messages.ts";

/** An email an order owes the family, and where its state is kept on the order. */
export interface OwedEmail {
  /** Its queue message, lease and due-time entry (domain/order/due_work.ts says when it is due). */
  job: Extract<JobName, "failure-email" | "confirmation-email">;
  /** Its state while the order owes it; null when nothing is owed (never was, sent, or moot). */
  stateOf(order: Order): OwedEmailState | null;
  /** The order with the email's state stored in its own fields. */
  withState(order: Order, state: OwedEmailState): Order;
  compose(order: Order, context: { appUrl: string; now: number }): ComposedEmail;
  /** Starts its Message-IDs, so they say which email they are. */
  messageIdPrefix: string;
  /** Tries before giving up; staff still read every refusal in the order's timeline. */
  maxAttempts: number;
  /** For that timeline: its name ("The failure email") and what a success says. */
  words: { name: string; sent: string };
}

/**
 * Sends an owed email once, to the address the order was placed with:
 *
 * 1. Under a lease of its own, a claim fixes the Message-ID and is committed before any mail leaves
 *    (the email is due again when the lease runs out, should this worker vanish mid-send).
 * 2. The outcome is committed with its event and the lease's release: sent; or refused and due
 *    again after a backoff, until the last try.
 *
 * A duplicate message and the sweeper meet the same lease and the same due time, so whichever comes
 * second finds nothing to do. Only a crash between the mail server's "accepted" and the record of it
 * sends again, and then with the same Message-ID, which inboxes show once.
 */
export function sendOwedEmail(deps: Deps, email: OwedEmail, orderId: string): Promise<void> {
  return inJobSpan(deps.kv, email.job, orderId, async () => {
    const now = () => deps.clock.now();
    const leaseMs = seconds(deps.config.jobs.leaseSeconds);
    const holder = { id: deps.workerId, leaseMs, now };
    let outcome = "busy";
    let orderNumber: number | null = null;
    await withLease(deps.kv, { type: email.job, id: orderId }, holder, async (held) => {
      outcome = "nothing-due";
      const order = await claim(deps, email, held, orderId, leaseMs);
      if (!order) return;
      orderNumber = order.orderNumber;
      const messageId = email.stateOf(order)!.messageId!;
      let refusal: string | null = null;
      try {
        const composed = email.compose(order, { appUrl: deps.config.appUrl, now: now() });
        await deps.providers.mail.send({ to: order.parentEmail, ...composed, messageId });
      } catch (error) {
        refusal = error instanceof Error ? error.message : String(error);
      }
      countEmail(email.job, refusal === null);
      outcome = refusal === null ? "sent" : "refused";
      await record(deps, email, held, orderId, messageId, refusal);
    });
    jobFinished(email.job, { id: orderId, number: orderNumber }, outcome);
  });
}

/** The order with its email claimed, or null when nothing is due or the lease was lost. */
function claim(deps: Deps, email: OwedEmail, held: Held, orderId: string, leaseMs: number) {
  const { kv } = deps;
  return held.retry(`the claim of the ${email.job} of ${orderId}`, async () => {
    const entry = await kv.get<Order>(keys.order(orderId));
    const order = entry.value;
    const state = order && email.stateOf(order);
    const now = deps.clock.now();
    if (!order || !state || !isOwedEmailDue(state, now)) return { value: null };
    // Claimed before a crash: the same Message-ID goes again.
    if (state.messageId) return { value: order };
    const messageId = `<${email.messageIdPrefix}-${crypto.randomUUID()}@littlehits.studio>`;
    const claimed = email.withState(order, owedEmailClaimed(state, messageId, now, now + leaseMs));
    return { value: claimed, write: writeOrder(held.atomic(entry), order, claimed) };
  });
}

/**
 * Records the try, re-reading on a conflict (generation or staff may write the order meanwhile) as
 * long as the try is still ours: the same claim, under a lease this worker still holds.
 */
function record(
  deps: Deps,
  email: OwedEmail,
  held: Held,
  orderId: string,
  messageId: string,
  refusal: string | null,
) {
  const { kv } = deps;
  return held.retry(`the outcome of the ${email.job} of ${orderId}`, async () => {
    const entry = await kv.get<Order>(keys.order(orderId));
    const order = entry.value;
    const state = order && email.stateOf(order);
    if (!order || !state || state.messageId !== messageId) return { value: null };
    const now = deps.clock.now();
    const attempts = state.attempts + 1;
    const gaveUp = refusal !== null && attempts >= email.maxAttempts;
    const retryAt = refusal === null || gaveUp
      ? null
      : now + backoffMs(attempts, seconds(deps.config.jobs.retryBaseSeconds), deps.random);
    const next = email.withState(
      order,
      refusal === null ? owedEmailSent(state, now) : owedEmailRefused(state, retryAt),
    );
    const outcome: Pick<EventDraft, "type" | "message"> = refusal === null
      ? { type: "SUCCESS", message: email.words.sent }
      : {
        type: gaveUp ? "ERROR" : "RETRY",
        message: `${email.words.name} could not be sent${gaveUp ? "; giving up" : ""}: ${refusal}`,
      };
    // Letting go in the same write: after a rush of orders every email's writes queue together.
    const operation = releaseWith(
      writeOrder(held.atomic(entry), order, next),
      held.lease,
      now,
    );
    addEvents(operation, orderId, [
      buildEvent(
        {
          stage: "EMAIL_SEND",
          provider: deps.providers.mail.kind,
          retryCount: attempts - 1,
          code: null,
          ...outcome,
        },
        now,
      ),
    ]);
    if (retryAt !== null) deps.jobs.add(operation, jobMessage(email.job, orderId), retryAt - now);
    return { value: next, write: operation };
  });
}
