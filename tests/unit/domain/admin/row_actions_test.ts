import { assertEquals } from "@std/assert";
import {
  type ActionFacts,
  adminActionsOf,
  REGENERATE_LYRICS_BLOCKED,
} from "../../../../domain/admin/row_actions.ts";

/** Staff-side §4, the button rules table: one test per row, each over the statuses that matter. */
const order = (fields: Partial<Record<keyof ActionFacts, unknown>>) =>
  ({
    status: "completed",
    approvalStatus: "pending",
    emailSentAt: null,
    songUrl: "http://x/audio/a.mp3",
    songLyrics: "La la",
    error: null,
    addStreamingServices: false,
    deliveryScheduledFor: null,
    ...fields,
  }) as ActionFacts;

const STATUSES = ["pending", "generating", "lyrics_generated", "completed", "failed", "in_studio", "live"];

Deno.test("Upload: lyrics_generated, generating or pending; or completed without a song URL", () => {
  const allowed = STATUSES.filter((status) => adminActionsOf(order({ status })).upload);
  assertEquals(allowed, ["pending", "generating", "lyrics_generated"]);
  assertEquals(adminActionsOf(order({ status: "completed", songUrl: null })).upload, true);
  assertEquals(adminActionsOf(order({ status: "failed", songUrl: null })).upload, false);
});

Deno.test("Send: completed, song URL, approved, not yet sent — 'Send Now' when a send is scheduled", () => {
  const approved = { approvalStatus: "approved" };
  assertEquals(adminActionsOf(order(approved)).send, "Send Song");
  assertEquals(
    adminActionsOf(order({ ...approved, deliveryScheduledFor: "2026-01-01T00:00:00Z" })).send,
    "Send Now",
  );
  assertEquals(adminActionsOf(order({})).send, null, "not approved");
  assertEquals(adminActionsOf(order({ ...approved, songUrl: null })).send, null, "no song");
  assertEquals(
    adminActionsOf(order({ ...approved, emailSentAt: "2026-01-01T00:00:00Z" })).send,
    null,
    "sent",
  );
  assertEquals(adminActionsOf(order({ ...approved, status: "generating" })).send, null, "not completed");
});

Deno.test("Resend: completed with a song URL and already sent", () => {
  const sent = { approvalStatus: "approved", emailSentAt: "2026-01-01T00:00:00Z" };
  assertEquals(adminActionsOf(order(sent)).resend, true);
  assertEquals(adminActionsOf(order({ ...sent, songUrl: null })).resend, false);
  assertEquals(adminActionsOf(order({ ...sent, status: "generating" })).resend, false);
  assertEquals(adminActionsOf(order({})).resend, false);
});

Deno.test("Approve: completed and approval pending or absent", () => {
  assertEquals(adminActionsOf(order({})).approve, true);
  assertEquals(adminActionsOf(order({ approvalStatus: undefined })).approve, true);
  assertEquals(adminActionsOf(order({ approvalStatus: "approved" })).approve, false);
  assertEquals(adminActionsOf(order({ approvalStatus: "rejected" })).approve, false);
  assertEquals(adminActionsOf(order({ status: "failed" })).approve, false);
});

Deno.test("Hold: an approved song whose email has not gone, nor is going", () => {
  const approved = { approvalStatus: "approved" };
  assertEquals(adminActionsOf(order(approved)).hold, true);
  assertEquals(adminActionsOf(order({})).hold, false, "not approved");
  assertEquals(adminActionsOf(order({ ...approved, emailSentAt: "2026-01-01T00:00:00Z" })).hold, false);
  assertEquals(
    adminActionsOf(
      order({
        ...approved,
        deliveryClaim: { round: 1, claimedAt: "2026-01-01T00:00:00Z", messageIds: {}, sent: [] },
      }),
    ).hold,
    false,
    "being sent",
  );
});

Deno.test("Preview: completed with a song URL", () => {
  assertEquals(adminActionsOf(order({})).preview, true);
  assertEquals(adminActionsOf(order({ songUrl: null })).preview, false);
  assertEquals(adminActionsOf(order({ status: "generating" })).preview, false);
});

Deno.test("Regenerate Lyrics: disabled while generating or pending, with the spec's reason", () => {
  for (const status of ["generating", "pending"]) {
    assertEquals(adminActionsOf(order({ status })).regenerateLyrics, {
      enabled: false,
      reason: REGENERATE_LYRICS_BLOCKED,
    });
  }
  for (const status of ["completed", "failed", "lyrics_generated"]) {
    assertEquals(adminActionsOf(order({ status })).regenerateLyrics, { enabled: true });
  }
  assertEquals(REGENERATE_LYRICS_BLOCKED, "Cannot regenerate lyrics while processing");
});

Deno.test("Error Details: failed and an error exists", () => {
  assertEquals(adminActionsOf(order({ status: "failed", error: "Song Creation failed" })).errorDetails, true);
  assertEquals(adminActionsOf(order({ status: "failed", error: null })).errorDetails, false);
  assertEquals(adminActionsOf(order({ status: "completed", error: "old" })).errorDetails, false);
});

Deno.test("Regenerate (order): failed, or completed with a song", () => {
  assertEquals(adminActionsOf(order({ status: "failed", songUrl: null })).regenerateOrder, true);
  assertEquals(adminActionsOf(order({})).regenerateOrder, true);
  assertEquals(adminActionsOf(order({ songUrl: null })).regenerateOrder, false);
  assertEquals(adminActionsOf(order({ status: "generating" })).regenerateOrder, false);
});

Deno.test("copy lyrics needs lyrics; the streaming status needs the add-on", () => {
  assertEquals(adminActionsOf(order({})).copyLyrics, true);
  assertEquals(adminActionsOf(order({ songLyrics: null })).copyLyrics, false);
  assertEquals(adminActionsOf(order({})).streamingStatus, false);
  assertEquals(adminActionsOf(order({ addStreamingServices: true })).streamingStatus, true);
});
