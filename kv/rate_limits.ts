import { CONFLICT, retryOnConflict } from "./atomic.ts";
import { keys } from "./keys.ts";

export interface RateRule {
  /** What is being limited, e.g. "sign-in:email". */
  scope: string;
  /** Whom it is limited for, e.g. the address or the client IP. */
  subject: string;
  limit: number;
}

export interface RateDecision {
  /** The first rule that refused, or null when the request may go ahead (and was counted). */
  exceeded: RateRule | null;
  /** When the current window ends. */
  retryAfterMs: number;
}

/**
 * Counts one request against several rules in fixed windows, all or nothing: a refused request is
 * not counted, so it does not push its own retry further away. The counters live in KV, so the
 * limit holds across restarts and across server processes.
 */
export function takeRateLimit(
  kv: Deno.Kv,
  rules: RateRule[],
  windowMs: number,
  now: number,
): Promise<RateDecision> {
  const window = now - (now % windowMs);
  const retryAfterMs = window + windowMs - now;
  const counterKeys = rules.map((rule) => keys.rateLimit(rule.scope, rule.subject, window));
  return retryOnConflict("rate limit", async () => {
    const counters = await kv.getMany<number[]>(counterKeys);
    const refused = rules.findIndex((rule, i) => (counters[i].value ?? 0) >= rule.limit);
    if (refused >= 0) return { exceeded: rules[refused], retryAfterMs };
    const operation = kv.atomic();
    counters.forEach((counter, i) => {
      operation.check(counter).set(counterKeys[i], (counter.value ?? 0) + 1, { expireIn: windowMs * 2 });
    });
    return (await operation.commit()).ok ? { exceeded: null, retryAfterMs } : CONFLICT;
  }, 50);
}
