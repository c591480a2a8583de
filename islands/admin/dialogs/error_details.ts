import type { GenerationEvent } from "../../../domain/generation/events.ts";
import {
  classifyStatus,
  type ErrorClass,
  MULTIPLE_RETRIES,
  recommendedAction,
} from "../../../domain/generation/call_errors.ts";
import { failureTypeLabel, STAGE_LABELS, STAGES } from "../../../domain/generation/stages.ts";

/**
 * What the Error Details dialog says about a failed order (staff-side §2 and §8): the timeline in
 * stage order, the classification of the last error, the advice, and how long the order ran before
 * it failed. Pure, so the dialog only draws it.
 */

/** Staff-side §9: request and task ids are shown this long (the full id is in a tooltip). */
const ID_DISPLAY_LENGTH = 16;

export function truncateId(id: string): string {
  return id.length > ID_DISPLAY_LENGTH ? `${id.slice(0, ID_DISPLAY_LENGTH)}…` : id;
}

/** "2h 5m": whole minutes, always both units, so rows compare at a glance. Null for no span. */
export function durationText(ms: number): string | null {
  if (!Number.isFinite(ms) || ms < 0) return null;
  const minutes = Math.floor(ms / 60_000);
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

function stageLabel(stage: string | null | undefined): string {
  if (!stage) return "Unknown stage";
  return STAGE_LABELS[stage as keyof typeof STAGE_LABELS] ?? stage;
}

const stageRank = (stage: string) => {
  const index = (STAGES as readonly string[]).indexOf(stage);
  return index === -1 ? STAGES.length : index;
};

/** Oldest first; ids break ties, since they sort by time and then by place in one write. */
function byTime(a: GenerationEvent, b: GenerationEvent): number {
  return a.occurredAt.localeCompare(b.occurredAt) || a.id.localeCompare(b.id);
}

/** Staff-side §4: events ordered by the seven stages, by time within a stage; unknown stages last. */
export function orderEvents(events: readonly GenerationEvent[]): GenerationEvent[] {
  return [...events].sort((a, b) => stageRank(a.stage) - stageRank(b.stage) || byTime(a, b));
}

export interface StageGroup {
  stage: string;
  label: string;
  events: GenerationEvent[];
}

/** The ordered timeline cut into one group per stage, for a heading above each. */
export function timelineByStage(events: readonly GenerationEvent[]): StageGroup[] {
  const groups: StageGroup[] = [];
  for (const event of orderEvents(events)) {
    const last = groups.at(-1);
    if (last?.stage === event.stage) last.events.push(event);
    else groups.push({ stage: event.stage, label: stageLabel(event.stage), events: [event] });
  }
  return groups;
}

/** The order facts this needs (a subset of AdminOrder, so tests can build them small). */
export interface FailedOrderFacts {
  status: string;
  currentStage: string | null;
  failureType?: string | null;
  error?: string | null;
  lastErrorCode?: number | null;
  retryCount: number;
  generationStartedAt: string | null;
  updatedAt: string;
  lastEventAt?: string | null;
  failureEmailSent?: boolean;
  failureEmailDueAt?: string | null;
  events: readonly GenerationEvent[];
}

export interface FailureSummary {
  stage: string | null;
  stageLabel: string;
  failureType: string;
  error: string;
  /** lastErrorCode, or the failing event's status; 0 is a network error, null unknown. */
  httpStatus: number | null;
  classification: ErrorClass;
  advice: string;
  retries: number;
  multipleRetries: boolean;
  /** The advice sends staff to a manual upload (the dialog then offers the Upload button). */
  suggestsUpload: boolean;
  startedAt: string | null;
  failedAt: string | null;
  /** "2h 5m" from the start of generation to the failure, when both are known. */
  timeToFailure: string | null;
}

export function failureSummary(order: FailedOrderFacts): FailureSummary {
  const chronological = [...order.events].sort(byTime);
  const lastError = chronological.findLast((event) => event.type === "ERROR") ?? null;
  const stage = order.currentStage ?? lastError?.stage ?? null;
  const httpStatus = order.lastErrorCode ?? lastError?.httpStatus ?? null;
  const error = order.error?.trim() || lastError?.message || "No error message was recorded.";
  const startedAt = order.generationStartedAt ?? chronological[0]?.occurredAt ?? null;
  const failedAt = lastError?.occurredAt ?? order.lastEventAt ??
    (order.status === "failed" ? order.updatedAt : null);
  const advice = recommendedAction({
    httpStatus,
    message: lastError?.message ?? error,
    stage,
    retryCount: order.retryCount,
  });
  return {
    stage,
    stageLabel: stageLabel(stage),
    failureType: failureTypeLabel(order.failureType ?? "other")!,
    error,
    httpStatus,
    classification: classifyStatus(httpStatus),
    advice,
    retries: order.retryCount,
    multipleRetries: order.retryCount >= MULTIPLE_RETRIES,
    suggestsUpload: /\bupload/i.test(advice),
    startedAt,
    failedAt,
    timeToFailure: startedAt && failedAt ? durationText(Date.parse(failedAt) - Date.parse(startedAt)) : null,
  };
}

/**
 * When the family is to be told by email that the song failed, while staff may still fix it first
 * (FAILURE_EMAIL_GRACE_MINUTES); null once that time has come, once told, or when nothing is owed.
 */
export function familyToldAt(order: FailedOrderFacts, now: number): string | null {
  if (order.status !== "failed" || order.failureEmailSent || !order.failureEmailDueAt) return null;
  return Date.parse(order.failureEmailDueAt) > now ? order.failureEmailDueAt : null;
}

/** "POST /api/v1/generate": an event's call, when it made one. */
export function callText(event: Pick<GenerationEvent, "method" | "endpoint">): string | null {
  if (!event.endpoint) return null;
  return event.method ? `${event.method} ${event.endpoint}` : event.endpoint;
}
