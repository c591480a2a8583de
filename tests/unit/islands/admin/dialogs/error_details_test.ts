import { assertEquals } from "@std/assert";
import {
  buildEvent,
  type EventDraft,
  type GenerationEvent,
} from "../../../../../domain/generation/events.ts";
import {
  callText,
  durationText,
  type FailedOrderFacts,
  failureSummary,
  familyToldAt,
  orderEvents,
  timelineByStage,
  truncateId,
} from "../../../../../islands/admin/dialogs/error_details.ts";
import { staffEvent } from "../../../../../domain/admin/staff_actions.ts";

const T0 = Date.parse("2026-01-15T10:00:00Z");
const MINUTE = 60_000;

const event = (draft: EventDraft, minutes: number, sequence = 0): GenerationEvent =>
  buildEvent(draft, T0 + minutes * MINUTE, sequence);

function failed(overrides: Partial<FailedOrderFacts> = {}): FailedOrderFacts {
  return {
    status: "failed",
    currentStage: "SUNO_CREATE",
    failureType: "suno",
    error: "Song Creation failed: the music service answered 503.",
    lastErrorCode: 503,
    retryCount: 1,
    generationStartedAt: new Date(T0).toISOString(),
    updatedAt: new Date(T0 + 200 * MINUTE).toISOString(),
    events: [],
    ...overrides,
  };
}

Deno.test("error details: ids longer than 16 characters are cut, shorter ones kept", () => {
  assertEquals(truncateId("0123456789abcdefXYZ"), "0123456789abcdef…");
  assertEquals(truncateId("0123456789abcdef"), "0123456789abcdef");
  assertEquals(truncateId("task-1"), "task-1");
});

Deno.test("error details: durations in hours and minutes", () => {
  assertEquals(durationText(125 * MINUTE), "2h 5m");
  assertEquals(durationText(59 * 1000), "0h 0m");
  assertEquals(durationText(26 * 60 * MINUTE + 59 * 1000), "26h 0m");
  assertEquals(durationText(-1), null);
  assertEquals(durationText(Number.NaN), null);
});

Deno.test("error details: events in stage order, by time within a stage, unknown stages last", () => {
  const events = [
    event({ stage: "SUNO_CREATE", type: "ERROR", message: "e" }, 9),
    event({ stage: "LYRICS", type: "SUCCESS", message: "l2" }, 2),
    event({ stage: "MYSTERY" as never, type: "START", message: "?" }, 0),
    event({ stage: "TAGS", type: "START", message: "t" }, 3),
    event({ stage: "LYRICS", type: "START", message: "l1" }, 1),
    event({ stage: "PAYMENT_VERIFY", type: "SUCCESS", message: "p" }, 5),
    event({ stage: "SUNO_CREATE", type: "RETRY", message: "r" }, 4, 0),
    event({ stage: "SUNO_CREATE", type: "START", message: "s" }, 4, 1),
  ];
  assertEquals(orderEvents(events).map((item) => item.message), ["p", "l1", "l2", "t", "r", "s", "e", "?"]);
  assertEquals(
    timelineByStage(events).map((group) => [group.label, group.events.length]),
    [["Payment Verification", 1], ["Lyrics Generation", 2], ["Music Tags", 1], ["Song Creation", 3], [
      "MYSTERY",
      1,
    ]],
  );
});

Deno.test("error details: staff's actions come last, under Staff, and never count as the failure", () => {
  const regenerate = staffEvent("ann@studio.test", {
    action: "regenerate",
    from: "failed",
    stage: "SUNO_CREATE",
  });
  const events = [
    event({ stage: "SUNO_CREATE", type: "ERROR", message: "e", httpStatus: 503 }, 9),
    event(regenerate, 10),
    event({ stage: "SUNO_CREATE", type: "START", message: "s" }, 10, 1),
    event({ stage: "LYRICS", type: "SUCCESS", message: "l" }, 2),
  ];
  assertEquals(
    timelineByStage(events).map((group) => [group.label, group.events.length]),
    [["Lyrics Generation", 1], ["Song Creation", 2], ["Staff", 1]],
  );
  const summary = failureSummary(failed({ events, lastErrorCode: null, error: null }));
  assertEquals([summary.error, summary.httpStatus, summary.failedAt], ["e", 503, events[0].occurredAt]);
});

Deno.test("error details: the summary classifies the last error code and times the failure", () => {
  const events = [
    event({ stage: "LYRICS", type: "START", message: "go" }, 0),
    event({ stage: "SUNO_CREATE", type: "ERROR", message: "HTTP 503", httpStatus: 503 }, 125),
  ];
  const summary = failureSummary(failed({ events }));
  assertEquals(summary.stageLabel, "Song Creation");
  assertEquals(summary.classification, {
    title: "Service Unavailable",
    severity: "high",
    severityLabel: "Critical",
  });
  assertEquals(summary.advice, "The provider had a server error: retry in a few minutes.");
  assertEquals(summary.timeToFailure, "2h 5m");
  assertEquals(summary.multipleRetries, false);
  assertEquals(summary.suggestsUpload, false);
});

Deno.test("error details: without a start time the first event starts the clock", () => {
  const events = [
    event({ stage: "SUNO_STATUS", type: "ERROR", message: "gone" }, 47),
    event({ stage: "LYRICS", type: "START", message: "go" }, 2),
  ];
  assertEquals(failureSummary(failed({ generationStartedAt: null, events })).timeToFailure, "0h 45m");
});

Deno.test("error details: a network error (0) is Temporary; a missing code is Unknown", () => {
  assertEquals(failureSummary(failed({ lastErrorCode: 0 })).classification.severityLabel, "Temporary");
  const unknown = failureSummary(failed({ lastErrorCode: null, events: [] }));
  assertEquals([unknown.httpStatus, unknown.classification.title], [null, "Unknown Error"]);
  // Falls back to the failing event's status when the order has none.
  const fromEvent = failureSummary(failed({
    lastErrorCode: null,
    events: [event({ stage: "SUNO_CREATE", type: "ERROR", message: "x", httpStatus: 429 }, 1)],
  }));
  assertEquals(fromEvent.classification.title, "Rate Limit Exceeded");
});

Deno.test("error details: from 3 retries on, the advice points at a manual upload", () => {
  const two = failureSummary(failed({ retryCount: 2, lastErrorCode: 500 }));
  const three = failureSummary(failed({ retryCount: 3, lastErrorCode: 500 }));
  assertEquals([two.multipleRetries, two.suggestsUpload], [false, false]);
  assertEquals([three.multipleRetries, three.suggestsUpload], [true, true]);
  // A song-stage failure without a status suggests an upload by itself.
  assertEquals(
    failureSummary(failed({ lastErrorCode: null, error: "The song was not ready in time" })).suggestsUpload,
    true,
  );
});

Deno.test("error details: an event's call as method and endpoint", () => {
  assertEquals(callText({ method: "POST", endpoint: "/api/v1/generate" }), "POST /api/v1/generate");
  assertEquals(callText({ method: null, endpoint: "local:lyrics" }), "local:lyrics");
  assertEquals(callText({ method: "GET", endpoint: null }), null);
});

Deno.test("error details: when the family will be told, only while staff may still fix the order", () => {
  const dueAt = new Date(T0 + 230 * MINUTE).toISOString();
  const now = T0 + 200 * MINUTE;
  assertEquals(familyToldAt(failed({ failureEmailSent: false, failureEmailDueAt: dueAt }), now), dueAt);
  // Its time has come (the email is going, or being retried), it went, none is owed, or not failed.
  assertEquals(familyToldAt(failed({ failureEmailDueAt: dueAt }), T0 + 230 * MINUTE), null);
  assertEquals(familyToldAt(failed({ failureEmailSent: true, failureEmailDueAt: null }), now), null);
  assertEquals(familyToldAt(failed({ failureEmailDueAt: null }), now), null);
  assertEquals(familyToldAt(failed(), now), null);
  assertEquals(familyToldAt(failed({ status: "generating", failureEmailDueAt: dueAt }), now), null);
});
