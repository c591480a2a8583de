import { assertEquals } from "@std/assert";
import { adminActionsOf } from "../../../../domain/admin/row_actions.ts";
import { allows, type OrderCommand, refusalOf, REFUSALS } from "../../../../domain/order/guards.ts";
import type { Order } from "../../../../domain/order/orders.ts";
import type { SongTake } from "../../../../domain/song/takes.ts";

const take = (number: 1 | 2): SongTake => ({
  take: number,
  audioId: `track-${number}`,
  blobId: `blob-${number}`,
  songUrl: `http://x/audio/blob-${number}.mp3`,
  title: "Mia's Song",
  durationSeconds: 20,
  timing: { state: "stored", storedAt: "2026-01-15T12:00:00.000Z", lines: 4 },
});

const order = (fields: Partial<Order>) =>
  ({
    status: "completed",
    approvalStatus: "pending",
    songUrl: "http://x/audio/a.mp3",
    songTakes: [take(1), take(2)],
    parentEmail: "ann@example.com",
    isGift: false,
    ...fields,
  }) as Order;

Deno.test("the button rules of staff-side §4 for approve, send and resend", () => {
  assertEquals(allows(order({}), "approve"), true);
  assertEquals(
    allows(order({ approvalStatus: undefined as unknown as "pending" }), "approve"),
    true,
    "absent counts",
  );
  assertEquals(allows(order({ approvalStatus: "approved" }), "approve"), false);
  assertEquals(allows(order({ status: "generating" }), "approve"), false);
  assertEquals(allows(order({ approvalStatus: "approved" }), "sendNow"), true);
  assertEquals(allows(order({ approvalStatus: "approved", emailSentAt: "t" }), "sendNow"), false);
  assertEquals(allows(order({ approvalStatus: "approved", songUrl: null }), "sendNow"), false);
  assertEquals(allows(order({ emailSentAt: "t" }), "resend"), true);
  assertEquals(allows(order({}), "resend"), false);
});

/** An order in each state an order can be in, named as staff would say it. */
const STATES: Record<string, Partial<Order>> = {
  paid: { status: "pending", approvalStatus: undefined, songUrl: null, songTakes: undefined },
  generating: { status: "generating", approvalStatus: undefined, songUrl: null, songTakes: undefined },
  failed: { status: "failed", approvalStatus: undefined, songUrl: null, songTakes: undefined },
  "in review": {},
  "finished without a song": { songUrl: null },
  approved: { approvalStatus: "approved" },
  sent: { approvalStatus: "approved", emailSentAt: "2026-01-15T12:00:00.000Z" },
  "flagged discount": { discountReview: { reason: "x" } as unknown as Order["discountReview"] },
  refunded: {
    discountReview: { reason: "x" } as unknown as Order["discountReview"],
    refund: { id: "re_1" } as unknown as Order["refund"],
  },
  sending: {
    approvalStatus: "approved",
    deliveryClaim: { round: 1, claimedAt: "2026-01-16T00:00:00.000Z", messageIds: {}, sent: [] },
  },
  "sent now by staff": {
    approvalStatus: "approved",
    deliveryScheduledFor: "2026-01-16T00:00:00.000Z",
    emailScheduledFor: "2026-01-15T12:00:00.000Z",
  },
  "one take (an older order, or uploaded)": { songTakes: null },
  "remade, with its takes cleared": { status: "generating", songTakes: null },
  "rejected, being made again": { status: "generating", approvalStatus: "rejected", songTakes: null },
  "a resend waiting": {
    approvalStatus: "approved",
    emailSentAt: "2026-01-15T12:00:00.000Z",
    deliveryDueAt: "2026-01-16T12:00:00.000Z",
  },
  "its send gave up, waiting for staff": {
    approvalStatus: "approved",
    deliveryDueAt: null,
    deliveryError: "The delivery email could not be sent: 451",
  },
};

const R = REFUSALS;
const ok = null;

/** From-state × command → the refusal staff (or the customer, for retry) are given, or null when allowed. */
const TABLE: Record<string, Record<OrderCommand, string | null>> = {
  paid: {
    approve: R.notFinished,
    sendNow: R.noSong,
    resend: R.noSong,
    upload: ok,
    regenerateLyrics: R.lyricsBusy,
    regenerateOrder: R.notRegenerable,
    retry: R.notFailed,
    refund: R.refundNotOffered,
    changeDeliveryTime: ok,
    chooseTake: R.oneTake,
    offerBonusTake: R.oneTake,
    listen: R.nothingToHear,
    reject: R.rejectNotFinished,
    hold: R.holdNotApproved,
  },
  generating: {
    approve: R.notFinished,
    sendNow: R.noSong,
    resend: R.noSong,
    upload: ok,
    regenerateLyrics: R.lyricsBusy,
    regenerateOrder: R.notRegenerable,
    retry: R.notFailed,
    refund: R.refundNotOffered,
    changeDeliveryTime: ok,
    chooseTake: R.oneTake,
    offerBonusTake: R.oneTake,
    listen: R.nothingToHear,
    reject: R.rejectNotFinished,
    hold: R.holdNotApproved,
  },
  failed: {
    approve: R.notFinished,
    sendNow: R.noSong,
    resend: R.noSong,
    upload: ok,
    regenerateLyrics: ok,
    regenerateOrder: ok,
    retry: ok,
    refund: R.refundNotOffered,
    changeDeliveryTime: ok,
    chooseTake: R.oneTake,
    offerBonusTake: R.oneTake,
    listen: R.nothingToHear,
    reject: R.rejectNotFinished,
    hold: R.holdNotApproved,
  },
  "in review": {
    approve: ok,
    sendNow: R.notApproved,
    resend: R.notSent,
    upload: R.hasSong,
    regenerateLyrics: ok,
    regenerateOrder: ok,
    retry: R.notFailed,
    refund: R.refundNotOffered,
    changeDeliveryTime: ok,
    chooseTake: ok,
    offerBonusTake: ok,
    listen: ok,
    reject: ok,
    hold: R.holdNotApproved,
  },
  "finished without a song": {
    approve: ok,
    sendNow: R.noSong,
    resend: R.noSong,
    upload: ok,
    regenerateLyrics: ok,
    regenerateOrder: R.notRegenerable,
    retry: R.notFailed,
    refund: R.refundNotOffered,
    changeDeliveryTime: ok,
    chooseTake: ok,
    offerBonusTake: ok,
    listen: R.nothingToHear,
    reject: R.rejectNotFinished,
    hold: R.holdNotApproved,
  },
  approved: {
    approve: R.alreadyApproved,
    sendNow: ok,
    resend: R.notSent,
    upload: R.hasSong,
    regenerateLyrics: ok,
    regenerateOrder: ok,
    retry: R.notFailed,
    refund: R.refundNotOffered,
    changeDeliveryTime: ok,
    chooseTake: ok,
    offerBonusTake: ok,
    listen: ok,
    reject: ok,
    hold: ok,
  },
  sent: {
    approve: R.alreadyApproved,
    sendNow: R.alreadySent,
    resend: ok,
    upload: R.hasSong,
    regenerateLyrics: ok,
    regenerateOrder: ok,
    retry: R.notFailed,
    refund: R.refundNotOffered,
    changeDeliveryTime: R.alreadyDelivered,
    chooseTake: ok,
    offerBonusTake: ok,
    listen: ok,
    reject: R.rejectSent,
    hold: R.holdSent,
  },
  "flagged discount": {
    approve: ok,
    sendNow: R.notApproved,
    resend: R.notSent,
    upload: R.hasSong,
    regenerateLyrics: ok,
    regenerateOrder: ok,
    retry: R.notFailed,
    refund: ok,
    changeDeliveryTime: ok,
    chooseTake: ok,
    offerBonusTake: ok,
    listen: ok,
    reject: ok,
    hold: R.holdNotApproved,
  },
  refunded: {
    approve: ok,
    sendNow: R.notApproved,
    resend: R.notSent,
    upload: R.hasSong,
    regenerateLyrics: ok,
    regenerateOrder: ok,
    retry: R.notFailed,
    refund: R.refundNotOffered,
    changeDeliveryTime: ok,
    chooseTake: ok,
    offerBonusTake: ok,
    listen: ok,
    reject: ok,
    hold: R.holdNotApproved,
  },
  sending: {
    approve: R.alreadyApproved,
    sendNow: ok,
    resend: R.notSent,
    upload: R.hasSong,
    regenerateLyrics: ok,
    regenerateOrder: ok,
    retry: R.notFailed,
    refund: R.refundNotOffered,
    changeDeliveryTime: R.onItsWay,
    chooseTake: R.sendingTake,
    offerBonusTake: ok,
    listen: ok,
    reject: R.rejectSending,
    hold: R.holdSending,
  },
  "sent now by staff": {
    approve: R.alreadyApproved,
    sendNow: ok,
    resend: R.notSent,
    upload: R.hasSong,
    regenerateLyrics: ok,
    regenerateOrder: ok,
    retry: R.notFailed,
    refund: R.refundNotOffered,
    changeDeliveryTime: R.onItsWay,
    chooseTake: ok,
    offerBonusTake: ok,
    listen: ok,
    reject: ok,
    hold: ok,
  },
  "one take (an older order, or uploaded)": {
    approve: ok,
    sendNow: R.notApproved,
    resend: R.notSent,
    upload: R.hasSong,
    regenerateLyrics: ok,
    regenerateOrder: ok,
    retry: R.notFailed,
    refund: R.refundNotOffered,
    changeDeliveryTime: ok,
    chooseTake: R.oneTake,
    offerBonusTake: R.oneTake,
    listen: ok,
    reject: ok,
    hold: R.holdNotApproved,
  },
  "remade, with its takes cleared": {
    approve: R.notFinished,
    sendNow: R.noSong,
    resend: R.notSent,
    upload: ok,
    regenerateLyrics: R.lyricsBusy,
    regenerateOrder: R.notRegenerable,
    retry: R.notFailed,
    refund: R.refundNotOffered,
    changeDeliveryTime: ok,
    chooseTake: R.oneTake,
    offerBonusTake: R.oneTake,
    listen: R.nothingToHear,
    reject: R.rejectNotFinished,
    hold: R.holdNotApproved,
  },
  "rejected, being made again": {
    approve: R.notFinished,
    sendNow: R.noSong,
    resend: R.notSent,
    upload: ok,
    regenerateLyrics: R.lyricsBusy,
    regenerateOrder: R.notRegenerable,
    retry: R.notFailed,
    refund: R.refundNotOffered,
    changeDeliveryTime: ok,
    chooseTake: R.oneTake,
    offerBonusTake: R.oneTake,
    listen: R.nothingToHear,
    reject: R.rejectNotFinished,
    hold: R.holdNotApproved,
  },
  "a resend waiting": {
    approve: R.alreadyApproved,
    sendNow: R.alreadySent,
    resend: ok,
    upload: R.hasSong,
    regenerateLyrics: ok,
    regenerateOrder: ok,
    retry: R.notFailed,
    refund: R.refundNotOffered,
    changeDeliveryTime: R.alreadyDelivered,
    chooseTake: ok,
    offerBonusTake: ok,
    listen: ok,
    reject: R.rejectSent,
    hold: R.holdSent,
  },
  "its send gave up, waiting for staff": {
    approve: R.alreadyApproved,
    sendNow: ok,
    resend: R.notSent,
    upload: R.hasSong,
    regenerateLyrics: ok,
    regenerateOrder: ok,
    retry: R.notFailed,
    refund: R.refundNotOffered,
    changeDeliveryTime: ok,
    chooseTake: ok,
    offerBonusTake: ok,
    listen: ok,
    reject: ok,
    hold: ok,
  },
};

Deno.test("guards: each command from each state, as a table", () => {
  for (const [state, fields] of Object.entries(STATES)) {
    const row = Object.fromEntries(
      (Object.keys(TABLE[state]) as OrderCommand[]).map((
        command,
      ) => [command, refusalOf(order(fields), command)]),
    );
    assertEquals(row, TABLE[state], state);
  }
});

Deno.test("guards: the words of hold and reject say why, in staff's terms", () => {
  assertEquals(REFUSALS.holdNotApproved, "Only an approved song waiting for its email can be held.");
  assertEquals(
    REFUSALS.holdSending,
    "The song's email is being sent right now, so it can no longer be held.",
  );
});

Deno.test("guards: the dashboard's buttons are the guards the API refuses with", () => {
  for (const [state, fields] of Object.entries(STATES)) {
    const actions = adminActionsOf(order(fields));
    const facts = order(fields);
    assertEquals(actions.approve, allows(facts, "approve"), `${state}: approve`);
    assertEquals(actions.send !== null, allows(facts, "sendNow"), `${state}: send`);
    assertEquals(actions.resend, allows(facts, "resend"), `${state}: resend`);
    assertEquals(actions.regenerateOrder, allows(facts, "regenerateOrder"), `${state}: regenerate`);
    assertEquals(actions.regenerateLyrics.enabled, allows(facts, "regenerateLyrics"), `${state}: lyrics`);
    assertEquals(actions.refund, allows(facts, "refund"), `${state}: refund`);
    // The table's Upload leaves a failed order to Error Details' own upload button.
    assertEquals(actions.upload, allows(facts, "upload") && facts.status !== "failed", `${state}: upload`);
  }
});
