import type { Context, MiddlewareHandler } from "hono";
import { RateLimitError } from "../../domain/errors.ts";
import { takeRateLimit } from "../../kv/rate_limits.ts";
import { clientAddress } from "../client_address.ts";
import type { AppEnv } from "../request_context.ts";

export interface ClientLimit {
  /** Names the counter; routes that share a scope share one allowance. */
  scope: string;
  limit: number;
  windowMs: number;
  /** What the family reads when they reach it: plain words, a way forward. */
  message: string;
}

/**
 * An allowance per client address for an open door that costs us something each time (a payment
 * provider call, a stored draft): the next request past it gets 429 with Retry-After.
 */
export async function spendClientAllowance(c: Context<AppEnv>, rule: ClientLimit): Promise<void> {
  const { kv, clock } = c.var.deps;
  const decision = await takeRateLimit(
    kv,
    [{ scope: rule.scope, subject: clientAddress(c), limit: rule.limit }],
    rule.windowMs,
    clock.now(),
  );
  if (decision.exceeded) throw new RateLimitError(rule.message, Math.ceil(decision.retryAfterMs / 1000));
}

/** The allowance as a route's middleware. */
export function limitPerClient(rule: ClientLimit): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await spendClientAllowance(c, rule);
    await next();
  };
}

const MINUTE = 60_000;

/** Starting a payment: a family tries a few times at most; each try is a session at Stripe and a draft. */
export const CHECKOUT_LIMIT: ClientLimit = {
  scope: "checkout:client",
  limit: 20,
  windowMs: 60 * MINUTE,
  message: "You've started a lot of checkouts in a short time. Please wait a little and try again.",
};

/** Checking a referral code: the order page asks once per visit; more is someone guessing codes. */
export const REFERRAL_CHECK_LIMIT: ClientLimit = {
  scope: "referral-check:client",
  limit: 30,
  windowMs: 10 * MINUTE,
  message: "We've checked a lot of codes from here. Please wait a few minutes and try again.",
};

/**
 * Checking a customer's code for a given address (GET /api/referral-offer?email=) answers what
 * starting a checkout with it would (their own code, not a first order): it spends the checkout's
 * allowance (the same scope), so the two doors together tell no more about who has ordered than
 * checkout alone. A parent's form asks once per address typed, a few times at most.
 */
export const REFERRAL_BUYER_CHECK_LIMIT: ClientLimit = {
  ...CHECKOUT_LIMIT,
  message: REFERRAL_CHECK_LIMIT.message,
};

/** Confirming a payment: the processing page asks a handful of times per order. */
export const PAYMENT_CHECK_LIMIT: ClientLimit = {
  scope: "payment-check:client",
  limit: 60,
  windowMs: 10 * MINUTE,
  message: "We're checking a lot of payments from here. Please wait a few minutes and try again.",
};

/**
 * Pages' analytics (POST /api/events): a page sends a batch every few seconds at most while someone
 * is busy on it; this leaves room for several tabs, or a household behind one address.
 */
export const EVENTS_LIMIT: ClientLimit = {
  scope: "events:client",
  limit: 240,
  windowMs: 10 * MINUTE,
  message: "We've received a lot of activity from here. Please wait a few minutes.",
};
