import type { CallFacts } from "../domain/generation/provider_calls.ts";

export type { CallFacts, ProviderName } from "../domain/generation/provider_calls.ts";

/**
 * A call that did not give us what we asked for. It carries the facts; whether to try again is the
 * job system's decision (domain/generation/call_errors.ts), not the adapter's.
 */
export class ProviderCallError extends Error {
  constructor(message: string, readonly call: CallFacts, options?: ErrorOptions) {
    super(message, options);
    this.name = "ProviderCallError";
  }
}

/** Measures a call from the moment this is created. */
export function stopwatch(): () => number {
  const started = performance.now();
  return () => Math.round(performance.now() - started);
}
