import { failureTypeLabel, STAGE_LABELS } from "../../domain/generation/stages.ts";

/**
 * Staff-side §4, how an order's state reads in the list: the stage while generating, the failure
 * type and stage when failed, the approval only once completed, and unknown statuses as they are.
 */
export type StatusTone = "neutral" | "progress" | "success" | "warning" | "danger";

export interface StatusView {
  label: string;
  tone: StatusTone;
  /** A second line: the stage, the failure, or the approval. */
  detail: string | null;
  detailTone: StatusTone;
}

type StatusFacts = {
  status: string;
  currentStage?: string | null;
  failureType?: string | null;
  approvalStatus?: string | null;
};

const STATUS_LABELS: Record<string, { label: string; tone: StatusTone }> = {
  pending: { label: "Pending", tone: "neutral" },
  generating: { label: "Generating", tone: "progress" },
  lyrics_generated: { label: "Lyrics Generated", tone: "progress" },
  completed: { label: "Completed", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
  in_studio: { label: "In Studio", tone: "progress" },
  ready: { label: "Ready", tone: "success" },
  streaming: { label: "Streaming", tone: "progress" },
  live: { label: "Live", tone: "success" },
};

const APPROVAL_LABELS: Record<string, { label: string; tone: StatusTone }> = {
  pending: { label: "Pending Review", tone: "warning" },
  approved: { label: "Approved", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
};

export function stageLabel(stage: string | null | undefined): string | null {
  if (!stage) return null;
  return STAGE_LABELS[stage as keyof typeof STAGE_LABELS] ?? stage;
}

/** Staff-side §4: pending shows as Pending Review; any other or absent value as 'Not Set'. */
export function approvalView(approval: string | null | undefined): { label: string; tone: StatusTone } {
  return (approval && APPROVAL_LABELS[approval]) || { label: "Not Set", tone: "neutral" };
}

export function statusView(order: StatusFacts): StatusView {
  const known = STATUS_LABELS[order.status] ?? { label: order.status, tone: "neutral" as const };
  const view: StatusView = { ...known, detail: null, detailTone: "neutral" };
  if (order.status === "generating") {
    view.detail = stageLabel(order.currentStage);
    view.detailTone = "progress";
  } else if (order.status === "failed") {
    const stage = stageLabel(order.currentStage);
    view.detail = [failureTypeLabel(order.failureType), stage].filter(Boolean).join(" · ") || null;
    view.detailTone = "danger";
  } else if (order.status === "completed") {
    const approval = approvalView(order.approvalStatus);
    view.detail = approval.label;
    view.detailTone = approval.tone;
  }
  return view;
}
