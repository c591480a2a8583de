import { referralOfferApi } from "./api/referral_offer.ts";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { Deps } from "../deps.ts";
import { type Assets, loadAssets } from "./assets.ts";
import type { AppEnv } from "./request_context.ts";
import { handleError, handleNotFound } from "./middleware/errors.tsx";
import { securityHeaders } from "./middleware/security.ts";
import { bodyGuard } from "./middleware/body_guard.ts";
import { BodyBudget } from "./body/budget.ts";
import { authApi } from "./api/auth.ts";
import { checkoutApi } from "./api/checkout.ts";
import { eventsApi } from "./api/events.ts";
import { requestRefusesTracking } from "../domain/analytics/consent.ts";
import { refusingRequestTracker } from "../providers/analytics.ts";
import { ordersApi } from "./api/orders.ts";
import { adminApi } from "./api/admin/mod.ts";
import { localCheckout } from "./local_checkout.tsx";
import { media, presignedMediaOrigins } from "./media.ts";
import { stripeWebhook } from "./webhooks/stripe.ts";
import { sunoWebhook } from "./webhooks/suno.ts";
import { devMailbox } from "./dev_mailbox.tsx";
import { sessionMiddleware } from "./middleware/session.ts";
import { keepArrivingReferral } from "./middleware/referral_arrival.ts";
import { orderPage } from "./order_page.tsx";
import { pages } from "./pages.tsx";
import { serveStatic } from "./static.ts";
import { deepHealth } from "./health.ts";
import { redactRequestSpan } from "../providers/telemetry.ts";

export interface CreateAppOptions {
  assets?: Assets;
  staticRoot?: string;
}

const HEALTHY = JSON.stringify({ ok: true });

/**
 * Builds the whole HTTP app from its dependencies. Nothing here opens storage or starts work in the
 * background, so tests build as many apps as they like against `:memory:` KV.
 */
export function createApp(processDeps: Deps, options: CreateAppOptions = {}) {
  const deps = {
    ...processDeps,
    assets: options.assets ?? loadAssets(),
    bodyBudget: new BodyBudget(processDeps.config.http.bodyBudgetBytes),
    anonymousPages: new Map(),
  };
  // A request whose browser refused tracking (DNT or GPC) gets deps whose `track` records nothing about
  // the person asking, so every handler and every command it runs (a sign-in, a checkout) honours it
  // without asking. Made once: the choice costs a header read per request.
  const untracked = { ...deps, track: refusingRequestTracker(deps.track) };
  const app = new Hono<AppEnv>();

  // Registered first: the benchmarks use it as the cost of the bare server, and the caller has
  // already opened KV before the app exists, so answering from memory is truthful. `?deep=1` is for
  // monitoring, never the platform's liveness probe (routes/health.ts).
  const deep = deepHealth(deps);
  app.get(
    "/healthz",
    (c) =>
      c.req.query("deep") === undefined
        ? new Response(HEALTHY, { headers: { "content-type": "application/json" } })
        : deep(c),
  );

  app.use(async (c, next) => {
    // Private links carry their token in the query: never in a trace (providers/telemetry.ts).
    redactRequestSpan(c.req.url);
    c.set("deps", requestRefusesTracking(c.req.raw.headers) ? untracked : deps);
    c.set("user", null);
    c.set("session", null);
    await next();
  });
  app.use(securityHeaders(presignedMediaOrigins(deps.config)));
  // Text answers that are not kept compressed already (cached pages, built bundles) are gzipped here.
  app.use(compress());
  // Bodies are read whole, within their route's size, in time and within the process's budget.
  app.use(bodyGuard());
  // Stored songs and downloads: before static files (no stat per range request) and sessions.
  app.route("/", media);
  app.use(serveStatic(options.staticRoot ?? "static"));
  // After static files, so icons and bundles never cost a session lookup.
  app.use(sessionMiddleware());
  app.route("/api/auth", authApi);
  app.route("/api", checkoutApi);
  app.route("/api", referralOfferApi);
  app.route("/api", ordersApi);
  app.route("/api", eventsApi);
  app.route("/api/admin", adminApi);
  app.route("/", stripeWebhook);
  app.route("/", sunoWebhook);
  if (deps.providers.payments.kind === "local" && deps.config.env !== "production") {
    app.route("/", localCheckout);
  }
  if (deps.providers.mail.kind === "dev-mailbox" && deps.config.env !== "production") {
    app.route("/", devMailbox);
  }
  // Pages only (the API answered above): a friend's code in any page's address is kept for the order form.
  app.use(keepArrivingReferral());
  app.route("/", orderPage);
  app.route("/", pages);

  app.notFound(handleNotFound);
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
