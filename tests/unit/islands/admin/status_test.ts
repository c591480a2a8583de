import { assertEquals } from "@std/assert";
import { approvalView, statusView } from "../../../../islands/admin/status.ts";
import { failureTypeLabel } from "../../../../domain/generation/stages.ts";

Deno.test("status: generating shows its stage's label", () => {
  assertEquals(statusView({ status: "generating", currentStage: "SUNO_CREATE" }), {
    label: "Generating",
    tone: "progress",
    detail: "Song Creation",
    detailTone: "progress",
  });
  assertEquals(statusView({ status: "generating", currentStage: null }).detail, null);
  assertEquals(statusView({ status: "generating", currentStage: "ODD" }).detail, "ODD");
});

Deno.test("status: failed shows the failure type's label and the stage", () => {
  const view = statusView({ status: "failed", currentStage: "LYRICS", failureType: "lyrics" });
  assertEquals([view.label, view.detail, view.tone], ["Failed", "Lyrics · Lyrics Generation", "danger"]);
  assertEquals(statusView({ status: "failed", failureType: "other" }).detail, "Other");
  assertEquals(statusView({ status: "failed", failureType: "suno" }).detail, "Suno");
  // The same label Error Details and the order's details show (one home: FAILURE_TYPE_LABELS).
  assertEquals(failureTypeLabel("suno"), "Suno");
  assertEquals(failureTypeLabel("from-an-old-version"), "from-an-old-version");
});

Deno.test("status: approval only when completed, with 'Not Set' for anything unknown", () => {
  assertEquals(statusView({ status: "completed", approvalStatus: "pending" }).detail, "Pending Review");
  assertEquals(statusView({ status: "completed", approvalStatus: "approved" }).detail, "Approved");
  assertEquals(statusView({ status: "completed", approvalStatus: "rejected" }).detail, "Rejected");
  assertEquals(statusView({ status: "completed", approvalStatus: null }).detail, "Not Set");
  assertEquals(statusView({ status: "pending", approvalStatus: "pending" }).detail, null);
  assertEquals(approvalView("maybe").label, "Not Set");
});

Deno.test("status: the spec's other statuses get labels, unknown ones show raw", () => {
  assertEquals(statusView({ status: "lyrics_generated" }).label, "Lyrics Generated");
  assertEquals(statusView({ status: "in_studio" }).label, "In Studio");
  assertEquals(statusView({ status: "live" }).label, "Live");
  assertEquals(statusView({ status: "on_hold" }), {
    label: "on_hold",
    tone: "neutral",
    detail: null,
    detailTone: "neutral",
  });
});
