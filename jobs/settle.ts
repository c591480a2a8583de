import type { EventDraft } from "../domain/generation/events.ts";
import { backoffMs, classifyStatus, MAX_STAGE_RETRIES } from "../domain/generation/call_errors.ts";
import {
  generationFailed,
  stageAdvanced,
  stageCompleted,
  stageRetried,
  stageWaiting,
  stepSettled,
} from "../domain/order/lifecycle.ts";
import type { Order } from "../domain/order/orders.ts";
import { callEventFields, type CallFacts, serviceName } from "../domain/generation/provider_calls.ts";
import { type GenerationStage, STAGE_LABELS } from "../domain/generation/stages.ts";
import type { DebugTexts } from "../kv/order_debug.ts";
import type { StageFailure, StageOutcome } from "./stages/mod.ts";

/** Retries in one generation run, across stages; bounds a song that keeps failing and being remade. */
export const MAX_RUN_RETRIES = 10;

export interface SettleSettings {
  retryBaseMs: number;
  random: () => number;
  /** How long after a failure the family is told by email (FAILURE_EMAIL_GRACE_MINUTES). */
  failureEmailGraceMs: number;
}

export interface Settled {
  order: Order;
  events: EventDraft[];
  debug?: DebugTexts;
  /** For a generating order: when the next step is due, from now. */
  delayMs: number;
}

/**
 * What an attempt's outcome does to the order: the next stage, a later look, a retry with backoff,
 * or the failure. Pure, so every branch is tested without a provider.
 */
export function settle(
  order: Order,
  stage: GenerationStage,
  outcome: StageOutcome,
  now: number,
  settings: SettleSettings,
): Settled {
  switch (outcome.kind) {
    case "advance": {
      const delayMs = outcome.delayMs ?? 0;
      return {
        order: stageAdvanced(order, outcome.to, outcome.patch, now, delayMs),
        events: [success(stage, outcome.message, outcome.call, order)],
        debug: outcome.debug,
        delayMs,
      };
    }
    case "wait":
      return {
        order: stageWaiting(order, { ...outcome, noted: !!outcome.note }, now),
        events: outcome.note
          ? [{ stage, type: "RETRY", provider: "app", message: outcome.note, retryCount: order.retryCount }]
          : [],
        delayMs: outcome.delayMs,
      };
    case "complete":
      return {
        order: stageCompleted(order, outcome.patch, now),
        events: [success(stage, outcome.message, outcome.call, order)],
        delayMs: 0,
      };
    case "fail":
      return settleFailure(order, stage, outcome.failure, now, settings);
  }
}

function settleFailure(
  order: Order,
  stage: GenerationStage,
  failure: StageFailure,
  now: number,
  settings: SettleSettings,
): Settled {
  const stageRetries = order.stageRetries ?? 0;
  const facts = callEventFields(failure.call);
  if (failure.transient && stageRetries < MAX_STAGE_RETRIES && order.retryCount < MAX_RUN_RETRIES) {
    const delayMs = backoffMs(stageRetries + 1, settings.retryBaseMs, settings.random);
    const retryStage = failure.retryAt ?? stage;
    return {
      order: stageRetried(
        order,
        stage,
        { at: retryStage, delayMs, httpStatus: failure.httpStatus, message: failure.message },
        now,
      ),
      events: [{
        stage,
        type: "RETRY",
        message: failure.message,
        ...facts,
        ...(failure.call ? {} : { httpStatus: failure.httpStatus }),
        retryCount: order.retryCount + 1,
        context: { delayMs, retryStage, stageRetry: stageRetries + 1 },
      }],
      delayMs,
    };
  }
  return {
    order: generationFailed(
      stepSettled(order, now),
      stage,
      { error: failureSummary(stage, failure), httpStatus: failure.httpStatus },
      now + settings.failureEmailGraceMs,
    ),
    events: [{
      stage,
      type: "ERROR",
      message: failure.message,
      ...facts,
      ...(failure.call ? {} : { httpStatus: failure.httpStatus }),
      retryCount: order.retryCount,
      context: { transient: failure.transient, gaveUpAfterRetries: failure.transient ? stageRetries : 0 },
    }],
    delayMs: 0,
  };
}

function success(stage: GenerationStage, message: string, call: CallFacts, order: Order): EventDraft {
  return { stage, type: "SUCCESS", message, ...callEventFields(call), retryCount: order.stageRetries ?? 0 };
}

/**
 * The `error` text customers see in My Songs and staff see in the list: our own words only. The
 * provider's message (which may quote request details) stays in the admin-only event.
 */
function failureSummary(stage: GenerationStage, failure: StageFailure): string {
  const label = STAGE_LABELS[stage];
  if (!failure.call) return `${label} failed: ${failure.message}`;
  const service = serviceName(failure.call.provider);
  const status = failure.httpStatus;
  const code = failure.call.code;
  if (status === 200 && code && code !== 200) return `${label} failed: ${service} refused it (code ${code}).`;
  if (status === 200) return `${label} failed: ${service} gave an answer we could not use.`;
  const { title } = classifyStatus(status);
  return `${label} failed: ${service} answered with ${title}${status ? ` (${status})` : ""}.`;
}
