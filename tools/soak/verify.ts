/**
 * After a soak run, with every server stopped: reads every order and its events from the KV file, and
 * what the outside services were asked, and checks the goals order by order.
 *   - lost:       an order the shop acknowledged (201) that is missing, or any order not completed (with
 *                 `failuresAllowed`, as in a faults run: not completed and not failed with a failureType);
 *   - told:       with `failuresAllowed`, every failed order's customer got its one failure email (or
 *                 the email's retries ran out, counted as `failureEmailsGivenUp`);
 *   - emails:     every approved order got exactly one delivery email at the SMTP server (a second
 *                 copy with the same Message-ID is counted apart: see `sameIdResends`);
 *   - work:       each provider call is accounted for by the order's own events: one call per step,
 *                 plus one per retry the order recorded (a step a killed worker left is redone, and
 *                 says so with a RETRY event). A call beyond that is duplicate work.
 *   - leftovers:  nothing still due in the due-time index.
 */
import type { GenerationEvent } from "../../domain/generation/events.ts";
import type { Order } from "../../domain/order/orders.ts";
import type { GenerationStage } from "../../domain/generation/stages.ts";
import { listEvents } from "../../kv/events.ts";
import { keys } from "../../kv/keys.ts";
import type { OutsideWorld } from "./outside_world.ts";

/** `<song-{orderId}-{round}-{part}-{uuid}@littlehits.studio>`, fixed by jobs/delivery.ts. */
const SONG_MESSAGE_ID = /^<song-([\w-]+)-(\d+)-(main|copy)-[0-9a-f-]{36}@littlehits\.studio>$/;
/** The soak writes `soak-toy-<placement>` as the favourite toy, which both OpenAI prompts carry. */
export const toyMarker = (placement: string) => `soak-toy-${placement}`;
const TOY_IN_PROMPT = /soak-toy-([\w-]+)/;

export interface Verified {
  ordersInKv: number;
  completed: number;
  failed: number;
  approved: number;
  /** Orders the shop acknowledged that are missing or did not complete. */
  lost: string[];
  /** Approved orders and how many delivery emails each got, for those with not exactly one. */
  emailMisses: string[];
  deliveryEmails: number;
  /** Different emails (Message-IDs) beyond one per order: what a parent would see twice. */
  duplicateEmails: number;
  /** Copies of an email already received, same Message-ID (an inbox shows them once). */
  sameIdResends: number;
  failureEmails: number;
  /** Failed orders by failureType (a faults run). */
  failedByType: Record<string, number>;
  /** Failed orders whose failure email never went out after all its tries. */
  failureEmailsGivenUp: number;
  calls: { lyrics: number; tags: number; generate: number; polls: number; downloads: number };
  /** Calls beyond one per step plus the order's recorded retries, by order. */
  duplicateWork: string[];
  /** Steps a worker left unfinished (killed) that another run of the step took over. */
  takeovers: number;
  takeoversByStage: Record<string, number>;
  /** Interrupted song creations rescued by the music service's callback (no second song paid for). */
  adoptedByCallback: number;
  retries: number;
  /** Work still in the due-time index. */
  stillDue: number;
  /** Slowest order, placed → completed and placed → emailed (s). */
  slowest: { completed: number; emailed: number };
  problems: string[];
}

export interface VerifyOptions {
  /** Orders may end failed, each with a failureType and a failure email (a faults run). */
  failuresAllowed: boolean;
}

export async function verifyRun(
  kvPath: string,
  world: OutsideWorld,
  acknowledged: ReadonlySet<string>,
  options: VerifyOptions = { failuresAllowed: false },
): Promise<Verified> {
  const kv = await Deno.openKv(kvPath);
  try {
    const orders: Order[] = [];
    for await (const entry of kv.list<Order>({ prefix: ["orders"] })) {
      if (entry.key.length === 2) orders.push(entry.value);
    }
    let stillDue = 0;
    for await (const _ of kv.list({ prefix: keys.allJobsDue() })) stillDue++;
    const events = new Map<string, GenerationEvent[]>();
    for (const order of orders) events.set(order.id, await listEvents(kv, order.id));
    return check(orders, events, stillDue, world, acknowledged, options);
  } finally {
    kv.close();
  }
}

function check(
  orders: Order[],
  eventsOf: Map<string, GenerationEvent[]>,
  stillDue: number,
  world: OutsideWorld,
  acknowledged: ReadonlySet<string>,
  { failuresAllowed }: VerifyOptions,
): Verified {
  const problems: string[] = [];
  const note = (list: string[], text: string) => list.push(text);

  const byId = new Map(orders.map((order) => [order.id, order]));
  const idOfToy = new Map(orders.map((order) => [order.favoriteToy ?? "", order.id]));

  const lyrics = new Map<string, number>();
  const tags = new Map<string, number>();
  for (const request of world.openai.requests) {
    const user = request.body?.messages?.findLast((message) => message.role === "user")?.content ?? "";
    const toy = TOY_IN_PROMPT.exec(user)?.[0] ?? "";
    const id = idOfToy.get(toy) ?? `(unknown toy ${toy})`;
    const tally = request.body?.response_format?.json_schema?.name === "song_tags" ? tags : lyrics;
    tally.set(id, (tally.get(id) ?? 0) + 1);
  }
  const generates = new Map<string, number>();
  let polls = 0;
  for (const request of world.suno.requests) {
    if (request.path.endsWith("/record-info")) polls++;
    if (request.method !== "POST" || request.path !== "/api/v1/generate") continue;
    const callback = typeof request.body?.callBackUrl === "string" ? request.body.callBackUrl : "";
    const id = URL.canParse(callback) ? new URL(callback).searchParams.get("order") ?? "" : "";
    generates.set(id, (generates.get(id) ?? 0) + 1);
  }

  const emailsOf = new Map<string, string[]>();
  let deliveryEmails = 0;
  let failureEmails = 0;
  const failureCopies = new Map<string, number>();
  for (const mail of world.smtp.messages) {
    const song = SONG_MESSAGE_ID.exec(mail.messageId);
    if (song) {
      deliveryEmails++;
      emailsOf.set(song[1], [...(emailsOf.get(song[1]) ?? []), mail.messageId]);
    } else if (mail.messageId.startsWith("<failed-")) {
      failureEmails++;
      failureCopies.set(mail.messageId, (failureCopies.get(mail.messageId) ?? 0) + 1);
    }
  }

  const lost: string[] = [];
  for (const id of acknowledged) {
    const order = byId.get(id);
    if (!order) note(lost, `${id}: acknowledged but not in KV`);
  }
  const emailMisses: string[] = [];
  const duplicateWork: string[] = [];
  let completed = 0, failed = 0, approved = 0, duplicateEmails = 0, sameIdResends = 0;
  let takeovers = 0, adoptedByCallback = 0, retries = 0, failureEmailsGivenUp = 0;
  const failedByType: Record<string, number> = {};
  /** The failure emails the orders themselves claimed (one Message-ID each). */
  const claimedFailureEmails = new Set<string>();
  const takeoversByStage: Record<string, number> = {};
  const slowest = { completed: 0, emailed: 0 };
  for (const order of orders) {
    const label = `#${order.orderNumber}`;
    const events = eventsOf.get(order.id) ?? [];
    if (order.status === "completed") completed++;
    else if (order.status === "failed") {
      failed++;
      const type = order.failureType ?? "no failureType";
      failedByType[type] = (failedByType[type] ?? 0) + 1;
      if (!failuresAllowed || !order.failureType) note(lost, `${label}: failed (${type}): ${order.error}`);
      const messageId = order.failureEmail?.messageId;
      if (messageId) claimedFailureEmails.add(messageId);
      if (order.failureEmailSent && !failureCopies.has(messageId ?? "")) {
        note(problems, `${label}: failure email recorded as sent but never reached the mail server`);
      } else if (!order.failureEmailSent && !order.failureEmailDueAt) failureEmailsGivenUp++;
    } else note(lost, `${label}: still ${order.status} at ${order.currentStage} (${order.statusDetail})`);

    const placed = Date.parse(order.createdAt);
    if (order.completedAt) {
      slowest.completed = Math.max(slowest.completed, (Date.parse(order.completedAt) - placed) / 1000);
    }
    if (order.emailSentAt) {
      slowest.emailed = Math.max(slowest.emailed, (Date.parse(order.emailSentAt) - placed) / 1000);
    }

    // A copy with the same Message-ID is the one case jobs/delivery.ts cannot rule out (killed between
    // the mail server's "accepted" and the record of it); inboxes show it once. Counted apart.
    const mails = emailsOf.get(order.id) ?? [];
    const distinct = new Set(mails).size;
    if (order.approvalStatus === "approved") {
      approved++;
      if (distinct !== 1) note(emailMisses, `${label}: ${distinct} different delivery emails`);
    } else if (mails.length > 0) {
      note(emailMisses, `${label}: ${mails.length} delivery emails but not approved`);
    }
    duplicateEmails += Math.max(0, distinct - 1);
    sameIdResends += mails.length - distinct;

    // Each RETRY event (a provider's transient error, a killed worker's step, a failed song made
    // again) pays for one more call of the stage it sends the order back to.
    const allowed: Record<GenerationStage, number> = { LYRICS: 1, TAGS: 1, SUNO_CREATE: 1, SUNO_STATUS: 1 };
    for (const event of events) {
      if (event.type !== "RETRY" || event.stage === "EMAIL_SEND") continue;
      retries++;
      if (event.context.interruptedAttempt) {
        takeovers++;
        takeoversByStage[event.stage] = (takeoversByStage[event.stage] ?? 0) + 1;
      }
      const stage = (event.context.retryStage ?? event.stage) as GenerationStage;
      if (stage in allowed) allowed[stage]++;
    }
    adoptedByCallback += events.filter((event) =>
      event.stage === "SUNO_CREATE" && event.type === "SUCCESS" && /callback/.test(event.message)
    ).length;
    const made = {
      LYRICS: lyrics.get(order.id) ?? 0,
      TAGS: tags.get(order.id) ?? 0,
      SUNO_CREATE: generates.get(order.id) ?? 0,
    };
    for (const [stage, count] of Object.entries(made) as [GenerationStage, number][]) {
      if (count > allowed[stage]) {
        note(duplicateWork, `${label} ${stage}: ${count} calls, ${allowed[stage]} accounted for`);
      }
      if (order.status === "completed" && count === 0) {
        note(problems, `${label} ${stage}: completed without any call reaching the provider`);
      }
    }
  }
  for (const id of [...lyrics.keys(), ...generates.keys()]) {
    if (!byId.has(id)) note(problems, `provider calls for no order: ${id}`);
  }
  for (const id of emailsOf.keys()) {
    if (!byId.has(id)) note(problems, `a delivery email for no order: ${id}`);
  }
  if (stillDue > 0) problems.push(`${stillDue} items still in the due-time index`);
  if (!failuresAllowed && failureEmails > 0) problems.push(`${failureEmails} failure emails`);
  // Each failure email a parent got was claimed by exactly one failed order: none sent twice over.
  for (const messageId of failureCopies.keys()) {
    if (!claimedFailureEmails.has(messageId)) note(problems, `a failure email no order claims: ${messageId}`);
  }
  sameIdResends += failureEmails - failureCopies.size;

  const sum = (map: Map<string, number>) => [...map.values()].reduce((total, n) => total + n, 0);
  return {
    ordersInKv: orders.length,
    completed,
    failed,
    approved,
    lost,
    emailMisses,
    deliveryEmails,
    duplicateEmails,
    sameIdResends,
    failureEmails,
    failedByType,
    failureEmailsGivenUp,
    calls: {
      lyrics: sum(lyrics),
      tags: sum(tags),
      generate: sum(generates),
      polls,
      downloads: world.suno.audioRequests.length,
    },
    duplicateWork,
    takeovers,
    takeoversByStage,
    adoptedByCallback,
    retries,
    stillDue,
    slowest,
    problems,
  };
}
