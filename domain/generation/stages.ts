/**
 * Generation stages and event types (customer-side §4, staff-side §4), in the order they run and
 * with the labels staff see. Events and the stage column are ordered by this list.
 */
export const STAGES = [
  "PAYMENT_CREATE",
  "PAYMENT_VERIFY",
  "LYRICS",
  "TAGS",
  "SUNO_CREATE",
  "SUNO_STATUS",
  // Ours, past the spec's list: a finished song's timed lyrics, asked for after the song is made.
  "LYRICS_TIMING",
  "EMAIL_SEND",
  // Ours too: what staff did to the order (domain/admin/staff_actions.ts), after the stages it acted on.
  "STAFF",
] as const;
export type Stage = (typeof STAGES)[number];

export const STAGE_LABELS: Record<Stage, string> = {
  PAYMENT_CREATE: "Payment Creation",
  PAYMENT_VERIFY: "Payment Verification",
  LYRICS: "Lyrics Generation",
  TAGS: "Music Tags",
  SUNO_CREATE: "Song Creation",
  SUNO_STATUS: "Song Status Check",
  LYRICS_TIMING: "Timed Lyrics",
  EMAIL_SEND: "Email Delivery",
  STAFF: "Staff",
};

const EVENT_TYPES = ["START", "SUCCESS", "ERROR", "RETRY"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The stages the generation worker runs, in order, after payment. */
const GENERATION_STAGES = ["LYRICS", "TAGS", "SUNO_CREATE", "SUNO_STATUS"] as const;
export type GenerationStage = (typeof GENERATION_STAGES)[number];

export function isGenerationStage(stage: unknown): stage is GenerationStage {
  return (GENERATION_STAGES as readonly unknown[]).includes(stage);
}

const FAILURE_TYPES = ["payment", "lyrics", "suno", "email", "other"] as const;
export type FailureType = (typeof FAILURE_TYPES)[number];

/** How staff read a failure type, the same in the list, the order's details and Error Details. */
const FAILURE_TYPE_LABELS: Record<FailureType, string> = {
  payment: "Payment",
  lyrics: "Lyrics",
  suno: "Suno",
  email: "Email",
  other: "Other",
};

/** A stored failure type's label; a value from before these types is shown as it is. */
export function failureTypeLabel(type: string | null | undefined): string | null {
  if (!type) return null;
  return FAILURE_TYPE_LABELS[type as FailureType] ?? type;
}

/** Staff-side §4: what kind of failure a stage's failure is. */
export function failureTypeOf(stage: string | null | undefined): FailureType {
  switch (stage) {
    case "PAYMENT_CREATE":
    case "PAYMENT_VERIFY":
      return "payment";
    case "LYRICS":
    case "TAGS":
      return "lyrics";
    case "SUNO_CREATE":
    case "SUNO_STATUS":
      return "suno";
    case "EMAIL_SEND":
      return "email";
    default:
      return "other";
  }
}

/**
 * Where a failed order starts again. A song task that failed or vanished cannot be polled back to
 * life, so a failure while checking the song restarts at creating it.
 */
export function restartStageOf(stage: string | null | undefined): GenerationStage {
  if (stage === "SUNO_STATUS") return "SUNO_CREATE";
  return isGenerationStage(stage) ? stage : "LYRICS";
}
