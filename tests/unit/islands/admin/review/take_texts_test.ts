import { assertEquals } from "@std/assert";
import type { SongTake, TakeTiming } from "../../../../../domain/song/takes.ts";
import {
  anotherVersionText,
  bonusSwitchLabel,
  deliveredBadgeText,
  deliveredTakeText,
  otherTakeNumber,
  redeliverQuestion,
  takeDurationText,
  timingNote,
  timingsSignature,
  timingStateText,
} from "../../../../../islands/admin/review/take_texts.ts";

const date = (iso: string) => `<${iso}>`;

function take(number: 1 | 2, overrides: Partial<SongTake> = {}): SongTake {
  return {
    take: number,
    audioId: `audio-${number}`,
    blobId: `blob-${number}`,
    songUrl: `https://example.com/audio/blob-${number}.mp3`,
    title: `Title ${number}`,
    durationSeconds: 151.4,
    timing: { state: "stored", storedAt: "2026-03-14T08:00:00Z", lines: 24 },
    ...overrides,
  };
}

const TWO = [take(1), take(2)];

Deno.test("takes: the delivered take, chosen or by default", () => {
  assertEquals(deliveredTakeText({ songTakes: TWO }, date), "Take 1 (default)");
  assertEquals(
    deliveredTakeText(
      { songTakes: TWO, takeChoice: { take: 2, by: "admin", at: "2026-03-14T08:00:00Z" } },
      date,
    ),
    "Take 2 — chosen by admin on <2026-03-14T08:00:00Z>",
  );
});

Deno.test("takes: another version names the take not delivered, and who offered it", () => {
  assertEquals(anotherVersionText({ songTakes: TWO }, date), "Not offered");
  const offered = { songTakes: TWO, bonusTake: { by: "sam", at: "2026-03-15T09:30:00Z" } };
  assertEquals(anotherVersionText(offered, date), "Take 2 offered by sam on <2026-03-15T09:30:00Z>");
  const chose2 = { ...offered, takeChoice: { take: 2 as const, by: "admin", at: "2026-03-14T08:00:00Z" } };
  assertEquals(anotherVersionText(chose2, date), "Take 1 offered by sam on <2026-03-15T09:30:00Z>");
  // An offer on an order that no longer has two takes offers nothing.
  assertEquals(
    anotherVersionText({ songTakes: [take(1)], bonusTake: offered.bonusTake }, date),
    "Not offered",
  );
});

Deno.test("takes: the switch and the question name the other take", () => {
  assertEquals(otherTakeNumber({ songTakes: TWO }), 2);
  assertEquals(bonusSwitchLabel({ songTakes: TWO }), "Also give the family Take 2 as a bonus");
  const chose2 = { songTakes: TWO, takeChoice: { take: 2 as const, by: "admin", at: "x" } };
  assertEquals(bonusSwitchLabel(chose2), "Also give the family Take 1 as a bonus");
  assertEquals(
    redeliverQuestion({ songTakes: TWO }, 2),
    "The family already has Take 1. Deliver Take 2 instead and email them again?",
  );
  assertEquals(
    redeliverQuestion(chose2, 1),
    "The family already has Take 2. Deliver Take 1 instead and email them again?",
  );
});

Deno.test("takes: the badge says whether the email went", () => {
  assertEquals(deliveredBadgeText(false), "Delivering");
  assertEquals(deliveredBadgeText(true), "Delivered");
});

Deno.test("takes: a length only when the service gave one", () => {
  assertEquals(takeDurationText(take(1)), "2:31");
  assertEquals(takeDurationText(take(1, { durationSeconds: null })), null);
  assertEquals(takeDurationText(take(1, { durationSeconds: 0 })), null);
  assertEquals(takeDurationText(take(1, { durationSeconds: Number.NaN })), null);
});

Deno.test("takes: each timing state in words for Order Detail", () => {
  const stored: TakeTiming = { state: "stored", storedAt: "2026-03-14T08:00:00Z", lines: 1 };
  assertEquals(timingStateText(stored, date), "Stored: 1 line (<2026-03-14T08:00:00Z>)");
  assertEquals(timingStateText({ ...stored, lines: 24 }, date), "Stored: 24 lines (<2026-03-14T08:00:00Z>)");
  assertEquals(
    timingStateText({ state: "owed", dueAt: "2026-03-14T08:05:00Z", attempts: 0 }, date),
    "Not yet: asked for again on <2026-03-14T08:05:00Z>",
  );
  assertEquals(
    timingStateText({ state: "owed", dueAt: "2026-03-14T08:05:00Z", attempts: 2 }, date),
    "Not yet: asked for again on <2026-03-14T08:05:00Z> (2 failed tries so far)",
  );
  assertEquals(
    timingStateText({ state: "absent", reason: "The service answered 404.", attempts: 3 }, date),
    "Not available: The service answered 404.",
  );
});

Deno.test("takes: the preview's note only when no sing-along is shown", () => {
  assertEquals(timingNote(take(1), true, date), null);
  assertEquals(
    timingNote(take(1), false, date),
    "Timed lyrics: not available (stored, but they could not be loaded)",
  );
  const owed = take(1, { timing: { state: "owed", dueAt: "2026-03-14T08:05:00Z", attempts: 1 } });
  assertEquals(
    timingNote(owed, false, date),
    "Timed lyrics: not available yet (asked for again on <2026-03-14T08:05:00Z>; 1 failed try so far)",
  );
  const firstAsk = take(1, { timing: { state: "owed", dueAt: "2026-03-14T08:05:00Z", attempts: 0 } });
  assertEquals(
    timingNote(firstAsk, false, date),
    "Timed lyrics: not available yet (asked for again on <2026-03-14T08:05:00Z>)",
  );
  const absent = take(2, { timing: { state: "absent", reason: "instrumental", attempts: 1 } });
  assertEquals(timingNote(absent, false, date), "Timed lyrics: not available (instrumental)");
  // Words the server did answer are shown whatever the order said when it was listed.
  assertEquals(timingNote(absent, true, date), null);
});

Deno.test("takes: the timings are fetched again when a take's timing changes, not otherwise", () => {
  const owed = { songTakes: [take(1, { timing: { state: "owed", dueAt: "x", attempts: 0 } }), take(2)] };
  const stored = { songTakes: TWO };
  assertEquals(timingsSignature({}), "");
  assertEquals(timingsSignature(stored), timingsSignature({ songTakes: [take(1), take(2)] }));
  assertEquals(timingsSignature(owed) === timingsSignature(stored), false);
});
