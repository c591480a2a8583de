import { type Context, Hono } from "hono";
import { z } from "zod";
import { plainString } from "../../../domain/text_schema.ts";
import { EMAIL_SHAPE, INVALID_EMAIL_MESSAGE } from "../../../domain/email/address.ts";
import { emailSchema } from "../../../domain/account/sign_in_limits.ts";
import { BadRequestError, NotFoundError } from "../../../domain/errors.ts";
import { adminOrderView } from "../../../domain/order/views.ts";
import {
  approveSong,
  changeOrderEmail,
  holdSong,
  recordListen,
  revokeOrderLinks,
  scheduleResend,
  scheduleSendNow,
} from "../../../orders/approval.ts";
import { deliverSong, type DeliveryOutcome } from "../../../jobs/delivery.ts";
import { getOrder } from "../../../kv/orders.ts";
import type { AppEnv } from "../../request_context.ts";
import { currentUser, requireAdmin } from "../../middleware/session.ts";
import { describeIssue, optionalJson, valid } from "../validate.ts";

/**
 * Staff's delivery calls (staff-side §7): listen, approve, hold, send-now, resend-email, update-email,
 * revoke-links. Each passes the admin's username on, for the order's record of staff actions.
 */
export const deliveryAdminApi = new Hono<AppEnv>();

deliveryAdminApi.use("/orders/*", requireAdmin);

deliveryAdminApi.post("/orders/:id/approve", async (c) => {
  const { order, message } = await approveSong(c.var.deps, c.req.param("id"), currentUser(c).username);
  return c.json({ message, order: adminOrderView(order) });
});

/** The player's reports can come for hours of audio; a day bounds any real song. */
const LISTEN_MAX_MS = 86_400_000;

const listenBody = z.object({
  playedMs: z.number({ error: "playedMs must be a whole number of milliseconds." })
    .int("playedMs must be a whole number of milliseconds.")
    .min(0, "playedMs cannot be negative.")
    .max(LISTEN_MAX_MS, `playedMs can be at most ${LISTEN_MAX_MS}.`),
  durationMs: z.number({ error: "durationMs must be a whole number of milliseconds." })
    .int("durationMs must be a whole number of milliseconds.")
    .min(1, "durationMs must be at least 1.")
    .max(LISTEN_MAX_MS, `durationMs can be at most ${LISTEN_MAX_MS}.`),
}).strict();

deliveryAdminApi.post("/orders/:id/listen", valid("json", listenBody), async (c) => {
  const order = await recordListen(
    c.var.deps,
    c.req.param("id"),
    c.req.valid("json"),
    currentUser(c).username,
  );
  return c.json({ order: adminOrderView(order) });
});

deliveryAdminApi.post("/orders/:id/hold", async (c) => {
  const order = await holdSong(c.var.deps, c.req.param("id"), currentUser(c).username);
  return c.json({
    message: "The email is cancelled and the song is back in Review.",
    order: adminOrderView(order),
  });
});

/**
 * Staff-side §7 gives this call no payload, and an ordinary send needs none. A send before the day the
 * family chose names that day as the row's Confirm Send Song dialog showed it (`{ confirmedEarlyFor }`,
 * its instant), so a day the family changed meanwhile is refused rather than sent over.
 */
const sendNowBody = z.object({
  confirmedEarlyFor: z.string({ error: "confirmedEarlyFor must be the day's instant." }).max(40).optional(),
}).optional();

deliveryAdminApi.post("/orders/:id/send-now", async (c) => {
  const said = sendNowBody.safeParse((await optionalJson(c)) ?? undefined);
  if (!said.success) throw new BadRequestError(describeIssue(said.error.issues[0]));
  const order = await scheduleSendNow(c.var.deps, c.req.param("id"), currentUser(c).username, {
    confirmedEarlyFor: said.data?.confirmedEarlyFor ?? null,
  });
  return await sendAndAnswer(c, order.id);
});

deliveryAdminApi.post("/orders/:id/resend-email", async (c) => {
  const order = await scheduleResend(c.var.deps, c.req.param("id"), currentUser(c).username);
  return await sendAndAnswer(c, order.id);
});

/**
 * How long staff's Send Now or Resend waits for another sender that holds the send (the worker,
 * woken by the same write that made it due) before answering that it is under way.
 */
const OTHER_SENDER_WAIT_MS = 5_000;
const OTHER_SENDER_POLL_MS = 100;

/**
 * Sends what was just made due, so staff see the outcome. Whatever happens here, the send stays due
 * until it has gone: a mail server that refuses, or this request dying, leaves it to the worker.
 */
async function sendAndAnswer(c: Context<AppEnv>, orderId: string) {
  const outcome = await sendOrAwaitOtherSender(c.var.deps, orderId);
  const order = await getOrder(c.var.deps.kv, orderId);
  if (!order) throw new NotFoundError("Order not found."); // deleted by its owner meanwhile
  const sent = outcome === "sent" || (outcome === "nothing-due" && !order.deliveryDueAt);
  return c.json(
    {
      message: sent ? "Email sent!" : notSentMessage(outcome, order.deliveryError),
      sent,
      order: adminOrderView(order),
    },
    sent ? 200 : 202,
  );
}

/**
 * Sends now, or, when another sender holds the send, waits a few seconds for it to let go, so staff
 * hear how it went rather than "under way" for an email that goes a moment later.
 */
async function sendOrAwaitOtherSender(deps: AppEnv["Variables"]["deps"], orderId: string) {
  const until = Date.now() + OTHER_SENDER_WAIT_MS;
  let outcome = await deliverSong(deps, orderId);
  while (outcome === "busy" && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, OTHER_SENDER_POLL_MS));
    outcome = await deliverSong(deps, orderId);
  }
  return outcome;
}

function notSentMessage(outcome: DeliveryOutcome, reason: string | null | undefined): string {
  if (outcome === "busy" || (outcome === "nothing-due" && !reason)) {
    return "The email is being sent right now.";
  }
  return `${reason ?? "The mail server did not take the email."} It will be tried again automatically.`;
}

const updateEmailBody = z.object({
  emailType: z.enum(["parent", "gift"], { error: "emailType must be 'parent' or 'gift'." }),
  newEmail: plainString({ error: INVALID_EMAIL_MESSAGE })
    .regex(EMAIL_SHAPE, INVALID_EMAIL_MESSAGE)
    .pipe(emailSchema),
});

deliveryAdminApi.patch("/orders/:id/update-email", valid("json", updateEmailBody), async (c) => {
  const { emailType, newEmail } = c.req.valid("json");
  const order = await changeOrderEmail(
    c.var.deps,
    c.req.param("id"),
    emailType,
    newEmail,
    currentUser(c).username,
  );
  const whose = emailType === "parent" ? "Parent" : "Gift recipient";
  return c.json({ message: `${whose} email updated to ${newEmail}.`, order: adminOrderView(order) });
});

deliveryAdminApi.post("/orders/:id/revoke-links", async (c) => {
  const order = await revokeOrderLinks(
    c.var.deps,
    c.req.param("id"),
    currentUser(c).username,
  );
  return c.json({
    message: "The song's private links are turned off. Resend the email to give the customer a new one.",
    order: adminOrderView(order),
  });
});
