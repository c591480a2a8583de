import { generationFailedEmail } from "../domain/emails/generation_failed.ts";
import { buildEvent } from "../domain/events.ts";
import { backoffMs } from "../domain/generation_errors.ts";
import type { Order } from "../domain/orders.ts";
import { addEvents } from "../kv/events.ts";
import { keys } from "../kv/keys.ts";
import { acquireLease, releaseLease, stillHeld } from "../kv/locks.ts";
import { writeOrder } from "../kv/orders.ts";
import type { Deps } from "../deps.ts";
import { iso, seconds } from "../domain/time.ts";
import { jobMessage } from "./messages.ts";

/** Attempts before we stop trying to tell the customer by email (staff still see the failure). */
export const MAX_FAILURE_EMAIL_ATTEMPTS = 5;

/**
 * Sends the one failure email of a failed generation run (and flags `failureEmailSent`). The
 * Message-ID is fixed in a claim before sending; a crash after sending but before recording resends
 * with the same id, which inboxes show once.
 */
export async function sendFailureEmail(deps: Deps, orderId: string): Promise<void> {
  const { kv } = deps;
  const now = () => deps.clock.now();
  const leaseMs = seconds(deps.config.jobs.leaseSeconds);
  const lease = await acquireLease(kv, { type: "failure-email", id: orderId }, deps.workerId, leaseMs, now());
  if (!lease) return;
  try {
    let entry = await kv.get<Order>(keys.order(orderId));
    let order = entry.value;
    if (!order || order.status !== "failed" || order.failureEmailSent || !order.failureEmailDueAt) return;
    if (Date.parse(order.failureEmailDueAt) > now() + 1000) return;

    if (!order.failureEmail) {
      const claimed: Order = {
        ...order,
        failureEmail: {
          messageId: `<failed-${crypto.randomUUID()}@littlehits.studio>`,
          claimedAt: iso(now()),
        },
        // Due again when the lease runs out, should this worker vanish mid-send.
        failureEmailDueAt: iso(now() + leaseMs),
      };
      const result = await writeOrder(kv.atomic().check(entry, stillHeld(lease)), order, claimed).commit();
      if (!result.ok) return;
      entry = { ...entry, value: claimed, versionstamp: result.versionstamp };
      order = claimed;
    }

    const email = generationFailedEmail({
      childName: order.childName,
      orderNumber: order.orderNumber,
      mySongsUrl: `${deps.config.appUrl}/my-songs`,
    });
    const attempts = (order.failureEmailAttempts ?? 0) + 1;
    let next: Order;
    let event;
    try {
      await deps.providers.mail.send({
        to: order.parentEmail,
        ...email,
        messageId: order.failureEmail!.messageId,
      });
      next = { ...order, failureEmailSent: true, failureEmailDueAt: null, failureEmailAttempts: attempts };
      event = {
        type: "SUCCESS" as const,
        message: "Told the customer by email that generation failed.",
        code: null,
      };
    } catch (error) {
      const gaveUp = attempts >= MAX_FAILURE_EMAIL_ATTEMPTS;
      const delay = backoffMs(attempts, seconds(deps.config.jobs.retryBaseSeconds), deps.random);
      next = {
        ...order,
        failureEmailAttempts: attempts,
        failureEmailDueAt: gaveUp ? null : iso(now() + delay),
      };
      event = {
        type: gaveUp ? "ERROR" as const : "RETRY" as const,
        message: `The failure email could not be sent${gaveUp ? "; giving up" : ""}: ${
          error instanceof Error ? error.message : String(error)
        }`,
        code: null,
      };
    }
    const operation = writeOrder(kv.atomic().check(entry, stillHeld(lease)), order, next);
    addEvents(operation, orderId, [
      buildEvent(
        { stage: "EMAIL_SEND", provider: deps.providers.mail.kind, retryCount: attempts - 1, ...event },
        now(),
      ),
    ]);
    if (next.failureEmailDueAt) {
      deps.jobs.add(
        operation,
        jobMessage("failure-email", orderId),
        Date.parse(next.failureEmailDueAt) - now(),
      );
    }
    await operation.commit();
  } finally {
    await releaseLease(kv, lease, now()).catch(() => {});
  }
}
