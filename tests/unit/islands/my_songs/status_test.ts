import { assertEquals } from "@std/assert";
import type { MySongsItem } from "../../../../domain/order_views.ts";
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
    access: "owner",
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
  assertEquals(view, { stage: "ready", badge: "Ready to play", step: null, message: null });
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

Deno.test("failed shows the stored error, or a fallback when there is none", () => {
  const view = songStatusView(song({ status: "failed", error: "Lyrics Generation failed: timeout" }));
  assertEquals(view.badge, "Generation failed");
  assertEquals(view.message, "Lyrics Generation failed: timeout");
  assertEquals(songStatusView(song({ status: "failed" })).message, FALLBACK_FAILURE);
});

Deno.test("an unknown status is shown raw", () => {
  const view = songStatusView(song({ status: "archived" as MySongsItem["status"] }));
  assertEquals(view, { stage: "other", badge: "archived", step: null, message: null });
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
