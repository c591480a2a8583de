import type { BlobMeta } from "../../kv/blobs.ts";
import type { CallFacts } from "../../domain/generation/provider_calls.ts";
import type { Order } from "../../domain/order/orders.ts";
import type { GenerationStage } from "../../domain/generation/stages.ts";
import type { DebugTexts } from "../../kv/order_debug.ts";
import type { Deps } from "../../deps.ts";

/**
 * One generation stage: reads the order, makes its outside call(s), and says what should happen
 * next. It never writes: the runner (jobs/generation.ts) commits the outcome with the order's events
 * and the next message in one atomic operation, or throws it away if the order moved on meanwhile.
 * A ProviderCallError thrown from here is a failed attempt; the runner decides retry or failure.
 */
export interface StageContext {
  deps: Deps;
  order: Order;
  /** This attempt's id, also put in the music API's callback address. */
  attemptId: string;
  signal: AbortSignal;
}

export type StageOutcome =
  /** The stage is done: move on to `to` (after `delayMs`), with what it produced. */
  | {
    kind: "advance";
    to: GenerationStage;
    delayMs?: number;
    patch: Partial<Order>;
    message: string;
    call: CallFacts;
    debug?: DebugTexts;
  }
  /**
   * Not done yet (the song is still being made, or waits for our storage): look again after
   * `delayMs`. A `note` is recorded on the order's timeline; it costs no retry.
   */
  | { kind: "wait"; delayMs: number; statusDetail: string; patch?: Partial<Order>; note?: string }
  /**
   * The song is ready: the order is complete. Its audio is staged: the commit that completes the order
   * makes it exist (kv/blob_store.ts), and it is discarded if that commit loses.
   */
  | { kind: "complete"; patch: Partial<Order>; message: string; call: CallFacts; blobs: BlobMeta[] }
  /** The attempt failed without an exception (a failed music task, a deadline). */
  | { kind: "fail"; failure: StageFailure };

export interface StageFailure {
  /** For staff: the provider's own words included. */
  message: string;
  call: CallFacts | null;
  /**
   * The HTTP status staff see as lastErrorCode: the call's own when there was a call (a refusal
   * inside a 200 answer is the call's `code`, not its status); ours for a failure without one (a
   * deadline's 408). 0 is a network error, null unknown.
   */
  httpStatus: number | null;
  transient: boolean;
  /** Where a retry starts, when not at the same stage (a failed song task is made again). */
  retryAt?: GenerationStage;
}

export type Stage = (context: StageContext) => Promise<StageOutcome>;
