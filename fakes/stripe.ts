/**
 * The part of Stripe's API that Little Hits uses, served on loopback, so tests drive the real SDK
 * end to end: form encoding, auth header, retries, idempotency keys, error JSON, webhook signing.
 *
 *   await using stripe = startStripeFake();
 *   const payments = createStripePayments({ ...stripe, apiUrl: stripe.url });
 *   const { id } = await payments.createCheckout(...);
 *   stripe.pay(id);
 *   const { payload, signature } = await stripe.signedEvent("checkout.session.completed", id);
 */
import Stripe from "stripe";

/** A checkout session as Stripe returns it, trimmed to the fields anyone here reads. */
export interface FakeSession {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  url: string | null;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  discounts: { coupon: string; promotion_code: string | null }[];
  allow_promotion_codes: boolean | null;
  customer_email: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  metadata: Record<string, string>;
  /** As sent: Stripe substitutes `{CHECKOUT_SESSION_ID}` only when it redirects. */
  success_url: string;
  cancel_url: string | null;
  created: number;
  expires_at: number;
  /** Set when the session is paid; what a refund is made against. */
  payment_intent: string | null;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
}

export interface FakeCoupon {
  id: string;
  object: "coupon";
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: string;
  name: string | null;
  valid: boolean;
  times_redeemed: number;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface FakePromotionCode {
  id: string;
  object: "promotion_code";
  active: boolean;
  code: string;
  promotion: { type: "coupon"; coupon: string };
  customer: null;
  expires_at: number | null;
  max_redemptions: number | null;
  times_redeemed: number;
  metadata: Record<string, string>;
  restrictions: { first_time_transaction: boolean; minimum_amount: null; minimum_amount_currency: null };
  created: number;
  livemode: false;
}

/** What the SDK sent, for assertions: the form (or query) decoded into nested objects. */
export interface RecordedRequest {
  method: string;
  path: string;
  body: Form;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  /** What the fake answered. */
  status: number;
}

/** A decoded form: strings at the leaves (Stripe's encoding carries no types), arrays for `[0]`. */
export type Form = { [key: string]: FormValue };
export type FormValue = string | FormValue[] | Form;

export interface StripeFakeOptions {
  webhookSecret?: string;
}

const SECRET_KEY = "sk_test_fake";

/** Listening when it returns (Deno.serve binds at once); `await using` closes it. */
export function startStripeFake(options: StripeFakeOptions = {}) {
  const webhookSecret = options.webhookSecret ?? "whsec_fake_secret";
  const sessions = new Map<string, FakeSession>();
  const coupons = new Map<string, FakeCoupon>();
  const promotionCodes = new Map<string, FakePromotionCode>();
  const refunds = new Map<string, FakeRefund>();
  /** Idempotency keys of refunds already made, as Stripe replays the first answer for a reused key. */
  const refundKeys = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  const failures: number[] = [];
  const now = () => Math.floor(Date.now() / 1000);

  const routes: Route[] = [
    ["POST", /^\/v1\/checkout\/sessions$/, (form) => createSession(form)],
    ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, (query, id) => {
      const session = sessions.get(id);
      if (!session) return missing(404, "checkout session", id, "id");
      if (!list(query.expand).includes("discounts.promotion_code")) return ok(session);
      const discounts = session.discounts.map((discount) => ({
        ...discount,
        promotion_code: discount.promotion_code &&
          (promotionCodes.get(discount.promotion_code) ?? discount.promotion_code),
      }));
      return ok({ ...session, discounts });
    }],
    ["POST", /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (_form, id) => expireSession(id)],
    ["POST", /^\/v1\/coupons$/, (form) => createCoupon(form)],
    ["POST", /^\/v1\/promotion_codes$/, (form) => createPromotionCode(form)],
    ["GET", /^\/v1\/promotion_codes$/, (form) => listPromotionCodes(form)],
    ["GET", /^\/v1\/promotion_codes\/([^/]+)$/, (_query, id) => {
      const promo = promotionCodes.get(id);
      return promo ? ok(promo) : missing(404, "promotion code", id, "id");
    }],
    ["POST", /^\/v1\/promotion_codes\/([^/]+)$/, (form, id) => updatePromotionCode(form, id)],
  ];

  function createSession(form: Form): Response {
    const lineItems = list(form.line_items);
    if (form.mode !== "payment") return invalid("This fake only knows mode=payment.", "mode");
    if (lineItems.length === 0) return invalid("Missing required param: line_items.", "line_items");
    if (typeof form.success_url !== "string") {
      return invalid("Missing required param: success_url.", "success_url");
    }
    const discounts = list(form.discounts);
    if (discounts.length > 0 && form.allow_promotion_codes !== undefined) {
      return invalid(
        "You may only specify one of these parameters: allow_promotion_codes, discounts.",
        "allow_promotion_codes",
      );
    }
    let subtotal = 0;
    let currency = "";
    for (const [index, item] of lineItems.entries()) {
      const price = field(item, "price_data");
      const amount = Number(field(price, "unit_amount"));
      const quantity = Number(field(item, "quantity") ?? "1");
      if (!Number.isInteger(amount) || amount < 0) {
        return invalid("Invalid integer: unit_amount.", `line_items[${index}][price_data][unit_amount]`);
      }
      if (typeof field(field(price, "product_data"), "name") !== "string") {
        return invalid("Missing required param: product_data[name].", `line_items[${index}][price_data]`);
      }
      currency = String(field(price, "currency") ?? "");
      subtotal += amount * quantity;
    }

    let discount: { coupon: FakeCoupon; promo: FakePromotionCode } | null = null;
    if (discounts.length > 0) {
      const promoId = String(field(discounts[0], "promotion_code") ?? "");
      const promo = promotionCodes.get(promoId);
      if (!promo) return missing(400, "promotion code", promoId, "discounts[0][promotion_code]");
      if (!promo.active) {
        return invalid(`This promotion code is not active: ${promoId}.`, "discounts[0][promotion_code]");
      }
      const problem = promotionProblem(
        promo,
        typeof form.customer_email === "string" ? form.customer_email : null,
      );
      if (problem) return invalid(problem, "discounts[0][promotion_code]");
      discount = { promo, coupon: coupons.get(promo.promotion.coupon)! };
    }
    // Stripe's session lifetime: 30 minutes to 24 hours from creation.
    let expiresAt = now() + 24 * 3600;
    if (form.expires_at !== undefined) {
      expiresAt = Number(form.expires_at);
      if (!Number.isInteger(expiresAt) || expiresAt < now() + 30 * 60 || expiresAt > now() + 24 * 3600) {
        return invalid(
          "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.",
          "expires_at",
        );
      }
    }

    const id = `cs_test_${randomId(24)}`;
    const session: FakeSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      url: `https://checkout.stripe.test/pay/${id}`,
      currency,
      amount_subtotal: subtotal,
      amount_total: subtotal,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      discounts: [],
      allow_promotion_codes: form.allow_promotion_codes === undefined
        ? null
        : form.allow_promotion_codes === "true",
      customer_email: typeof form.customer_email === "string" ? form.customer_email : null,
      customer_details: null,
      metadata: strings(form.metadata),
      success_url: form.success_url,
      cancel_url: typeof form.cancel_url === "string" ? form.cancel_url : null,
      created: now(),
      expires_at: expiresAt,
      payment_intent: null,
      livemode: false,
    };
    if (discount) applyDiscount(session, discount.promo);
    const below = belowMinimum(session);
    if (below) return invalid(below, "discounts[0][promotion_code]");
    sessions.set(id, session);
    return ok(session);
  }

  function applyDiscount(session: FakeSession, promo: FakePromotionCode) {
    const coupon = coupons.get(promo.promotion.coupon)!;
    const off = coupon.percent_off !== null
      ? Math.round(session.amount_subtotal * coupon.percent_off / 100)
      : coupon.amount_off ?? 0;
    const amountDiscount = Math.min(off, session.amount_subtotal);
    session.discounts = [{ coupon: coupon.id, promotion_code: promo.id }];
    session.total_details = { ...session.total_details, amount_discount: amountDiscount };
    session.amount_total = session.amount_subtotal - amountDiscount;
  }

  /**
   * Why Stripe would not redeem a promotion code now, or null: inactive, expired, used up, or a
   * first-time-only code for an address that has paid before (Stripe checks the email for guests).
   */
  function promotionProblem(promo: FakePromotionCode, email: string | null): string | null {
    if (!promo.active) return `This promotion code is not active: ${promo.id}.`;
    if (promo.expires_at !== null && promo.expires_at <= now()) return "This promotion code has expired.";
    if (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions) {
      return "This promotion code has been redeemed the maximum number of times.";
    }
    if (promo.restrictions.first_time_transaction && email) {
      const paidBefore = [...sessions.values()].some((other) =>
        other.status === "complete" && other.customer_details?.email?.toLowerCase() === email.toLowerCase()
      );
      if (paidBefore) {
        return "This promotion code cannot be redeemed because the customer has prior transactions.";
      }
    }
    return null;
  }

  /** Stripe refuses a charge under its minimum ($0.50 for USD); a total of exactly 0 needs no payment. */
  function belowMinimum(session: FakeSession): string | null {
    return session.amount_total > 0 && session.amount_total < 50
      ? "The Checkout Session's total amount due must add up to at least $0.50 usd."
      : null;
  }

  function expireSession(id: string): Response {
    const found = sessions.get(id);
    if (!found) return missing(404, "checkout session", id, "id");
    if (found.status !== "open") {
      return error(400, {
        type: "invalid_request_error",
        code: "checkout_session_not_open",
        message:
          `Only Checkout Sessions with a status in ["open"] can be expired. This session has status "${found.status}".`,
      });
    }
    found.status = "expired";
    found.url = null;
    return ok(found);
  }

  function createRefund(form: Form, idempotencyKey: string | null): Response {
    if (idempotencyKey && refundKeys.has(idempotencyKey)) {
      return ok(refunds.get(refundKeys.get(idempotencyKey)!));
    }
    const intent = String(form.payment_intent ?? "");
    const paid = [...sessions.values()].find((session) => session.payment_intent === intent);
    if (!paid) return missing(400, "payment_intent", intent, "payment_intent");
    const refunded = [...refunds.values()].filter((refund) => refund.payment_intent === intent)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const amount = form.amount === undefined ? paid.amount_total - refunded : Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > paid.amount_total - refunded) {
      return invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${
          paid.amount_total - refunded
        }).`,
        "amount",
      );
    }
    const refund: FakeRefund = {
      id: `re_${randomId(24)}`,
      object: "refund",
      amount,
      payment_intent: intent,
      status: "succeeded",
      metadata: strings(form.metadata),
      created: now(),
    };
    refunds.set(refund.id, refund);
    if (idempotencyKey) refundKeys.set(idempotencyKey, refund.id);
    return ok(refund);
  }

  function createCoupon(form: Form): Response {
    const percent = form.percent_off === undefined ? null : Number(form.percent_off);
    const amount = form.amount_off === undefined ? null : Number(form.amount_off);
    if ((percent === null) === (amount === null)) {
      return invalid("You must pass exactly one of percent_off or amount_off.", "percent_off");
    }
    if (percent !== null && !(percent > 0 && percent <= 100)) {
      return invalid("percent_off must be between 0 and 100.", "percent_off");
    }
    if (amount !== null && (!Number.isInteger(amount) || amount <= 0)) {
      return invalid("amount_off must be a positive integer.", "amount_off");
    }
    if (amount !== null && typeof form.currency !== "string") {
      return invalid("You must pass currency when passing amount_off.", "currency");
    }
    const coupon: FakeCoupon = {
      id: randomId(8).toUpperCase(),
      object: "coupon",
      percent_off: percent,
      amount_off: amount,
      currency: typeof form.currency === "string" ? form.currency : null,
      duration: String(form.duration ?? "once"),
      name: typeof form.name === "string" ? form.name : null,
      valid: true,
      times_redeemed: 0,
      metadata: strings(form.metadata),
      created: now(),
      livemode: false,
    };
    coupons.set(coupon.id, coupon);
    return ok(coupon);
  }

  function createPromotionCode(form: Form): Response {
    // API versions since 2025-09-30 take `promotion[type]=coupon&promotion[coupon]=…`; older ones `coupon=…`.
    const couponId = String(field(form.promotion, "coupon") ?? form.coupon ?? "");
    const param = form.promotion === undefined ? "coupon" : "promotion[coupon]";
    if (!couponId) return invalid(`Missing required param: ${param}.`, param);
    if (!coupons.has(couponId)) return missing(400, "coupon", couponId, param);
    const code = typeof form.code === "string" ? form.code : randomId(8).toUpperCase();
    if (!/^[A-Za-z0-9-]+$/.test(code)) {
      return invalid("Promotion codes may only contain letters, digits and dashes.", "code");
    }
    const taken = [...promotionCodes.values()].some((promo) =>
      promo.active && promo.code.toLowerCase() === code.toLowerCase()
    );
    if (taken) return invalid(`An active promotion code with \`code: ${code}\` already exists.`, "code");
    if (form.max_redemptions !== undefined && !(Number(form.max_redemptions) >= 1)) {
      return invalid("max_redemptions must be a positive integer.", "max_redemptions");
    }
    if (form.expires_at !== undefined && !(Number(form.expires_at) > now())) {
      return invalid("expires_at must be in the future.", "expires_at");
    }
    const promo: FakePromotionCode = {
      id: `promo_${randomId(24)}`,
      object: "promotion_code",
      active: true,
      code,
      promotion: { type: "coupon", coupon: couponId },
      customer: null,
      expires_at: form.expires_at === undefined ? null : Number(form.expires_at),
      max_redemptions: form.max_redemptions === undefined ? null : Number(form.max_redemptions),
      times_redeemed: 0,
      metadata: strings(form.metadata),
      restrictions: {
        first_time_transaction: field(form.restrictions, "first_time_transaction") === "true",
        minimum_amount: null,
        minimum_amount_currency: null,
      },
      created: now(),
      livemode: false,
    };
    promotionCodes.set(promo.id, promo);
    return ok(promo);
  }

  /** Only `active` and `metadata` can change, as on Stripe; a code is reactivated only if its text is free. */
  function updatePromotionCode(form: Form, id: string): Response {
    const promo = promotionCodes.get(id);
    if (!promo) return missing(404, "promotion code", id, "id");
    for (const fixed of ["max_redemptions", "expires_at", "restrictions", "code", "promotion"]) {
      if (form[fixed] !== undefined) return invalid(`Received unknown parameter: ${fixed}`, fixed);
    }
    if (form.active !== undefined && form.active !== "true" && form.active !== "false") {
      return invalid("Invalid boolean: active.", "active");
    }
    if (form.active === "true" && !promo.active) {
      const taken = [...promotionCodes.values()].some((other) =>
        other.active && other.code.toLowerCase() === promo.code.toLowerCase()
      );
      if (taken) {
        return invalid(`An active promotion code with \`code: ${promo.code}\` already exists.`, "active");
      }
    }
    if (form.active !== undefined) promo.active = form.active === "true";
    promo.metadata = { ...promo.metadata, ...strings(form.metadata) };
    return ok(promo);
  }

  function listPromotionCodes(query: Form): Response {
    const expandCoupon = list(query.expand).includes("data.promotion.coupon");
    const matches = [...promotionCodes.values()]
      .filter((promo) =>
        query.code === undefined || promo.code.toLowerCase() === String(query.code).toLowerCase()
      )
      .filter((promo) => query.active === undefined || String(promo.active) === query.active)
      .slice(0, Number(query.limit ?? 10))
      .map((promo) =>
        expandCoupon
          ? { ...promo, promotion: { ...promo.promotion, coupon: coupons.get(promo.promotion.coupon) } }
          : promo
      );
    return ok({ object: "list", data: matches, has_more: false, url: "/v1/promotion_codes" });
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = request.method === "GET"
      ? parseForm(url.searchParams)
      : parseForm(new URLSearchParams(await request.text()));
    const response = answer(request, url.pathname, body, request.headers.get("idempotency-key"));
    requests.push({
      method: request.method,
      path: url.pathname,
      body,
      idempotencyKey: request.headers.get("idempotency-key"),
      stripeVersion: request.headers.get("stripe-version"),
      status: response.status,
    });
    return response;
  }

  function answer(request: Request, path: string, body: Form, idempotencyKey: string | null): Response {
    const auth = request.headers.get("authorization");
    if (auth !== `Bearer ${SECRET_KEY}`) {
      const given = auth?.replace(/^Bearer /, "") ?? "";
      // Stripe shows only the end of a wrong key, and the SDK passes its message on.
      const message = given
        ? `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}`
        : "You did not provide an API key.";
      return error(401, { type: "invalid_request_error", message });
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      return failure === 429
        ? error(429, { type: "invalid_request_error", code: "rate_limit", message: "Too many requests." })
        : error(failure, { type: "api_error", message: "Something went wrong on Stripe's end (injected)." });
    }
    if (request.method === "POST" && path === "/v1/refunds") return createRefund(body, idempotencyKey);
    for (const [method, pattern, handler] of routes) {
      const match = request.method === method ? pattern.exec(path) : null;
      if (match) return handler(body, decodeURIComponent(match[1] ?? ""));
    }
    return error(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${request.method}: ${path}).`,
    });
  }

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handle);
  const url = `http://127.0.0.1:${server.addr.port}`;

  function session(id: string): FakeSession {
    const found = sessions.get(id);
    if (!found) throw new Error(`The Stripe fake has no checkout session ${id}.`);
    return found;
  }

  return {
    /** STRIPE_API_URL for this fake. */
    url,
    secretKey: SECRET_KEY,
    webhookSecret,
    sessions,
    coupons,
    promotionCodes,
    refunds,
    requests,

    /**
     * The customer pays on Stripe's page. `promotionCode` (text or id) is one they typed there,
     * which Stripe only accepts when the session offered the field.
     */
    pay(sessionId: string, paid: { email?: string; promotionCode?: string } = {}): FakeSession {
      const found = session(sessionId);
      const awaiting = found.status === "complete" && found.payment_status === "unpaid";
      if (found.status !== "open" && !awaiting) {
        throw new Error(`Session ${sessionId} is ${found.status}, not open.`);
      }
      const email = paid.email ?? found.customer_email;
      if (paid.promotionCode) {
        const wanted = paid.promotionCode.toLowerCase();
        const promo = [...promotionCodes.values()].find((promo) =>
          promo.active && (promo.id === paid.promotionCode || promo.code.toLowerCase() === wanted)
        );
        const problem = promo ? promotionProblem(promo, email) : "No such code.";
        if (problem || !found.allow_promotion_codes) {
          throw new Error(`Stripe would refuse ${paid.promotionCode}: ${problem ?? "no promo-code field"}`);
        }
        applyDiscount(found, promo!);
        const below = belowMinimum(found);
        if (below) throw new Error(`Stripe would refuse ${paid.promotionCode}: ${below}`);
      }
      for (const discount of found.discounts) {
        const promo = discount.promotion_code && promotionCodes.get(discount.promotion_code);
        if (promo) promo.times_redeemed += 1;
      }
      found.status = "complete";
      found.payment_intent = found.amount_total > 0 ? `pi_${randomId(24)}` : null;
      found.payment_status = found.amount_total === 0 ? "no_payment_required" : "paid";
      found.customer_details = { email, name: null };
      found.url = null;
      return found;
    },

    /**
     * The customer confirms a delayed payment method (a bank debit): the session completes before
     * the money arrives (`pay` then stands for the payment succeeding).
     */
    awaitPayment(sessionId: string): FakeSession {
      const found = session(sessionId);
      if (found.status !== "open") throw new Error(`Session ${sessionId} is ${found.status}, not open.`);
      found.status = "complete";
      found.url = null;
      return found;
    },

    expire(sessionId: string): FakeSession {
      const found = session(sessionId);
      if (found.status !== "open") throw new Error(`Session ${sessionId} is ${found.status}, not open.`);
      found.status = "expired";
      found.url = null;
      return found;
    },

    /** The next `times` API requests (after the auth check) answer `status` (e.g. 500, 429). */
    failNext(status: number, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },

    /**
     * A webhook delivery as Stripe would send it: the raw body and its Stripe-Signature header.
     * `timestamp` (seconds) and `secret` let a test sign a stale or a forged one.
     */
    async signedEvent(type: string, sessionId: string, sign: { timestamp?: number; secret?: string } = {}) {
      const payload = JSON.stringify(
        {
          id: `evt_${randomId(24)}`,
          object: "event",
          api_version: Stripe.API_VERSION,
          created: now(),
          data: { object: session(sessionId) },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type,
        },
        null,
        2,
      );
      const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
        payload,
        secret: sign.secret ?? webhookSecret,
        timestamp: sign.timestamp,
      });
      return { payload, signature };
    },

    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}

export type StripeFake = ReturnType<typeof startStripeFake>;

type Route = [method: string, path: RegExp, handler: (form: Form, id: string) => Response];

/** `a[b][0][c]=1` → `{ a: { b: [{ c: "1" }] } }`, the way Stripe reads the SDK's forms. */
export function parseForm(params: URLSearchParams): Form {
  const root: Form = {};
  for (const [key, value] of params) {
    const [head, ...rest] = key.split("[").map((part) => part.replace(/]$/, ""));
    let node: Form = root;
    const path = [head, ...rest];
    for (const [index, part] of path.entries()) {
      // `expand[]=x` appends, as Stripe accepts it.
      const name = part === "" ? String(Object.keys(node).length) : part;
      if (index === path.length - 1) {
        node[name] = value;
      } else {
        node[name] ??= {};
        node = node[name] as Form;
      }
    }
  }
  return arrays(root) as Form;
}

/** Objects keyed 0…n-1 become arrays, as Stripe reads `[0]`, `[1]`. */
function arrays(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arrays(value[key])]));
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index));
  return isList ? keys.map((key) => converted[key]) : converted;
}

function field(value: FormValue | undefined, name: string): FormValue | undefined {
  return value !== undefined && typeof value === "object" && !Array.isArray(value) ? value[name] : undefined;
}

function list(value: FormValue | undefined): FormValue[] {
  return Array.isArray(value) ? value : [];
}

function strings(value: FormValue | undefined): Record<string, string> {
  if (value === undefined || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

function randomId(length: number): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  return Array.from(
    crypto.getRandomValues(new Uint8Array(length)),
    (byte) => alphabet[byte % alphabet.length],
  ).join("");
}

function ok(body: unknown): Response {
  return Response.json(body, { headers: { "request-id": `req_${randomId(14)}` } });
}

function error(
  status: number,
  body: { type: string; message: string; code?: string; param?: string },
): Response {
  return Response.json({ error: body }, { status, headers: { "request-id": `req_${randomId(14)}` } });
}

function invalid(message: string, param: string): Response {
  return error(400, { type: "invalid_request_error", code: "parameter_invalid", message, param });
}

/** Stripe answers 404 for the object in the path, 400 for one named in the parameters. */
function missing(status: 400 | 404, what: string, id: string, param: string): Response {
  return error(status, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${what}: '${id}'`,
    param,
  });
}
