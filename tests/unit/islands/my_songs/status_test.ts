import { assertEquals } from "@std/assert";
import type { MySongsItem } from "../../../../domain/order/views.ts";
import {
  createdDate,
  deliveryTime,
  FALLBACK_FAILURE,
  songStatusView,
} from "../../../../islands/my_songs/status.ts";

function song(overrides: Partial<MySongsItem> = {}): MySongsItem {
  return {
    id: "o-1",
    songTitle: null,
    childName: "Mia",
    orderNumber: 1000,
    status: "generating",
    createdAt: "2026-01-15T12:00:00.000Z",
    completedAt: null,
    songUrl: null,
    error: null,
    songStyle: "happy",
    childAge: "5",
    childFriends: "",
    progress: null,
    delivery: null,
    deliveryScheduledFor: null,
    requestedDelivery: null,
    deliveryTimeChangeable: false,
    access: "owner",
    anotherVersion: null,
    removal: "delete",
    giftRecipientName: null,
    ...overrides,
  };
}

Deno.test("pending waits for payment", () => {
  const view = songStatusView(song({ status: "pending" }));
  assertEquals(view.stage, "pending");
  assertEquals(view.badge, "Waiting for Payment");
  assertEquals(
    view.message,
    "We're waiting for payment confirmation. Generation starts once your payment is processed.",
  );
});

Deno.test("generating says where the song stands and the usual 30-60 seconds", () => {
  const view = songStatusView(song({ progress: "We're recording your song." }));
  assertEquals(view.badge, "Creating your song");
  assertEquals(view.step, "We're recording your song.");
  assertEquals(view.message, "This usually takes 30-60 seconds. This page updates by itself.");
  assertEquals(songStatusView(song()).step, null, "no stage yet: no step line");
});

Deno.test("a completed song with its audio is ready to play", () => {
  const view = songStatusView(song({ status: "completed", songUrl: "/media/x.mp3", delivery: "delivered" }));
  assertEquals(view, { stage: "ready", badge: "Ready to play", step: null, message: null, arrival: null });
});

Deno.test("a completed song not yet delivered is in final review", () => {
  const view = songStatusView(song({ status: "completed", delivery: "in-review" }));
  assertEquals(view.stage, "in-review");
  assertEquals(view.badge, "In final review");
  assertEquals(
    view.message,
    "Our studio team is giving Mia's song a final listen. We'll email you a private link when it's ready.",
  );
});

Deno.test("an approved song is on its way, with the delivery time as the browser writes it", () => {
  const seen: string[] = [];
  const view = songStatusView(
    song({ status: "completed", delivery: "scheduled", deliveryScheduledFor: "2026-01-16T09:30:00.000Z" }),
    (iso) => {
      seen.push(iso);
      return "Jan 16, 2026, 9:30 AM";
    },
  );
  assertEquals(seen, ["2026-01-16T09:30:00.000Z"]);
  assertEquals(view.badge, "On its way");
  assertEquals(
    view.message,
    "Mia's song is approved. We'll email you a private link on Jan 16, 2026, 9:30 AM.",
  );
  const unscheduled = songStatusView(song({ status: "completed", delivery: "scheduled" }));
  assertEquals(unscheduled.message, "Mia's song is approved. We'll email you a private link soon.");
});

/** Saturday 14 March 2026, 8:00 in London, asked for from a page read on 15 January 2026. */
const MARCH_14 = { at: "2026-03-14T08:00:00.000Z", timeZone: "Europe/London" };
const NOW = Date.parse("2026-01-15T12:00:00Z");

Deno.test("a song asked for on a chosen day says when it arrives, on the family's clock, until it does", () => {
  const requested = { requestedDelivery: MARCH_14 };
  const generating = songStatusView(
    song({ ...requested, progress: "We're recording your song." }),
    undefined,
    NOW,
  );
  assertEquals(generating.arrival, "Arrives Saturday 14 March, 8:00 in London");
  assertEquals(generating.message, "This usually takes 30-60 seconds. This page updates by itself.");
  assertEquals(
    songStatusView(song({ ...requested, status: "pending" }), undefined, NOW).arrival,
    generating.arrival,
  );

  const review = songStatusView(
    song({ ...requested, status: "completed", delivery: "in-review" }),
    undefined,
    NOW,
  );
  assertEquals(review.arrival, "Arrives Saturday 14 March, 8:00 in London");
  assertEquals(
    review.message,
    "Our studio team is giving Mia's song a final listen. We'll email you a private link then.",
  );

  // Approved: the scheduled send is the moment, said on the family's clock (a later one when approved late).
  const scheduled = songStatusView(
    song({ ...requested, status: "completed", delivery: "scheduled", deliveryScheduledFor: MARCH_14.at }),
    () => "not used",
    NOW,
  );
  assertEquals([scheduled.badge, scheduled.arrival], [
    "On its way",
    "Arrives Saturday 14 March, 8:00 in London",
  ]);
  assertEquals(scheduled.message, "Mia's song is approved. We'll email you a private link then.");
  const late = songStatusView(
    song({
      ...requested,
      status: "completed",
      delivery: "scheduled",
      deliveryScheduledFor: "2026-03-14T20:30:00.000Z",
    }),
    undefined,
    NOW,
  );
  assertEquals(late.arrival, "Arrives Saturday 14 March, 20:30 in London");

  const delivered = song({
    ...requested,
    status: "completed",
    delivery: "delivered",
    songUrl: "/media/x.mp3",
  });
  assertEquals(songStatusView(delivered, undefined, NOW).arrival, null, "arrived: the player says it all");
  assertEquals(songStatusView(song({ ...requested, status: "failed" }), undefined, NOW).arrival, null);
  assertEquals(
    songStatusView(song(), undefined, NOW).arrival,
    null,
    "as soon as it's ready: the usual words",
  );
});

Deno.test("failed shows the stored error, or a fallback when there is none", () => {
  const view = songStatusView(song({ status: "failed", error: "Lyrics Generation failed: timeout" }));
  assertEquals(view.badge, "Generation failed");
  assertEquals(view.message, "Lyrics Generation failed: timeout");
  assertEquals(songStatusView(song({ status: "failed" })).message, FALLBACK_FAILURE);
});

Deno.test("an unknown status is shown raw", () => {
  const view = songStatusView(song({ status: "archived" as MySongsItem["status"] }));
  assertEquals(view, { stage: "other", badge: "archived", step: null, message: null, arrival: null });
});

Deno.test("dates are written in the given locale; a broken date is shown as it came", () => {
  assertEquals(createdDate("2026-01-15T12:00:00.000Z", "en-US"), "Jan 15, 2026");
  assertEquals(createdDate("not a date", "en-US"), "not a date");
  assertEquals(
    deliveryTime("2026-01-16T09:30:00.000Z", "en-US"),
    new Date("2026-01-16T09:30:00.000Z").toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }),
  );
  assertEquals(deliveryTime("", "en-US"), "");
});
