import type { ProviderName } from "./provider_calls.ts";
import type { EventType, Stage } from "./stages.ts";
import { randomHex } from "../account/tokens.ts";

/**
 * A generation event (customer-side §3): one line of an order's timeline, written in the same
 * atomic operation as the order change it describes, under its own key (ARCHITECTURE.md §4).
 */
export interface GenerationEvent {
  /** Sorts by time, then by its place in the write that made it. */
  id: string;
  stage: Stage;
  type: EventType;
  provider: ProviderName | "app" | null;
  message: string;
  httpStatus: number | null;
  endpoint: string | null;
  method: string | null;
  durationMs: number | null;
  retryCount: number;
  requestId: string | null;
  taskId: string | null;
  code: number | null;
  context: Record<string, unknown>;
  occurredAt: string;
}

export type EventDraft =
  & Pick<GenerationEvent, "stage" | "type" | "message">
  & Partial<Omit<GenerationEvent, "id" | "stage" | "type" | "message" | "occurredAt">>;

/** Messages come from providers too; keep them to a size a timeline can show. */
const MESSAGE_LIMIT = 500;

/**
 * Events this process has built, in order. An id sorts by time, then by this count, so a step that
 * starts in the same millisecond as the last one settled still lists after it.
 */
let built = 0;

export function buildEvent(draft: EventDraft, now: number, sequence = 0): GenerationEvent {
  const order = (built++ % 36 ** 6).toString(36).padStart(6, "0");
  return {
    id: `${now.toString(36).padStart(10, "0")}-${order}-${String(sequence).padStart(3, "0")}-${randomHex()}`,
    stage: draft.stage,
    type: draft.type,
    provider: draft.provider ?? null,
    message: draft.message.length > MESSAGE_LIMIT
      ? `${draft.message.slice(0, MESSAGE_LIMIT - 1)}…`
      : draft.message,
    httpStatus: draft.httpStatus ?? null,
    endpoint: draft.endpoint ?? null,
    method: draft.method ?? null,
    durationMs: draft.durationMs ?? null,
    retryCount: draft.retryCount ?? 0,
    requestId: draft.requestId ?? null,
    taskId: draft.taskId ?? null,
    code: draft.code ?? null,
    context: draft.context ?? {},
    occurredAt: new Date(now).toISOString(),
  };
}
