import { assertEquals } from "@std/assert";
import { bulkQuestion } from "../../../../../islands/admin/bulk/bulk_questions.ts";
import type { ListedOrder } from "../../../../../islands/admin/types.ts";

const NOW = Date.parse("2026-11-28T09:00:00.000Z");
const BIRTHDAY = { at: "2026-12-04T08:00:00.000Z", timeZone: "Europe/London" };

let next = 1000;
const order = (fields: Partial<ListedOrder> = {}) => {
  const orderNumber = next++;
  return {
    id: `order-${orderNumber}`,
    orderNumber,
    childName: "Mia",
    status: "completed",
    approvalStatus: "approved",
    songUrl: "https://example.com/audio/a.mp3",
    emailSentAt: null,
    requestedDelivery: null,
    currentStage: null,
    ...fields,
  } as ListedOrder;
};

Deno.test("bulk Send Now counts the orders it sends, names a booked one with its day, and sends it only if ticked", () => {
  const ready = [order(), order()];
  const booked = order({ requestedDelivery: BIRTHDAY });
  const inReview = order({ approvalStatus: "pending" });
  const sent = order({ emailSentAt: "2026-11-27T10:00:00.000Z" });
  const ticked = [...ready, booked, inReview, sent];

  const asked = bulkQuestion("send-now", ticked, NOW, { sendEarly: new Set() });
  assertEquals(asked.summary, "The families of 2 orders get their song's email right away.");
  assertEquals(asked.early, [{
    id: booked.id,
    text: `#${booked.orderNumber}: Friday 4 December, 8:00 in London`,
  }]);
  assertEquals(asked.notes, [
    "This song was booked by the family for a later day. It goes now only if you tick it below; otherwise it is left out and keeps its day.",
    "2 other ticked orders cannot be sent now and stay as they are.",
  ]);
  assertEquals(asked.count, 2);

  const confirmed = bulkQuestion("send-now", ticked, NOW, { sendEarly: new Set([booked.id]) });
  assertEquals(confirmed.summary, "The families of 3 orders get their song's email right away.");
  assertEquals(confirmed.count, 3);

  // Once the family's day has come, sending it is what they asked for.
  const onTheDay = bulkQuestion("send-now", [booked], Date.parse(BIRTHDAY.at), { sendEarly: new Set() });
  assertEquals([onTheDay.summary, onTheDay.early], [
    "The families of 1 order get their song's email right away.",
    [],
  ]);

  const nothing = bulkQuestion("send-now", [booked, inReview], NOW, { sendEarly: new Set() });
  assertEquals([nothing.summary, nothing.count], ["No song's email would go out now.", 0]);
});

Deno.test("bulk Regenerate counts what it makes again, where each failed one restarts, and whose family has the song", () => {
  const finished = order({ approvalStatus: "pending" });
  const delivered = order({ emailSentAt: "2026-11-27T10:00:00.000Z" });
  const checkFailed = order({ status: "failed", currentStage: "SUNO_STATUS" });
  const createFailed = order({ status: "failed", currentStage: "SUNO_CREATE" });
  const lyricsFailed = order({ status: "failed", currentStage: "LYRICS" });
  const making = order({ status: "generating", songUrl: null });

  const asked = bulkQuestion(
    "regenerate",
    [finished, delivered, checkFailed, createFailed, lyricsFailed, making],
    NOW,
    { sendEarly: new Set() },
  );
  assertEquals(asked.summary, "5 orders are made again.");
  assertEquals(asked.notes, [
    `#${finished.orderNumber} and #${delivered.orderNumber} are made again from their lyrics and go back to review. Their current audio is replaced.`,
    `#${checkFailed.orderNumber} and #${createFailed.orderNumber} failed and start again from Song Creation.`,
    `#${lyricsFailed.orderNumber} failed and starts again from Lyrics Generation.`,
    `The family of #${delivered.orderNumber} already received the song being replaced: their link stops playing it until the new one is approved and sent.`,
    "1 other ticked order cannot be regenerated and stays as it is.",
  ]);
  assertEquals(asked.count, 5);
});
