import { StartupError } from "./errors.ts";

/**
 * The configuration contract (ARCHITECTURE.md §2), parsed from an environment map in one place.
 * Pure: main.ts passes `Deno.env.toObject()`, tests pass a literal.
 */
export type AppEnvName = "development" | "test" | "production";

/**
 * KV_PATH for Deno KV opened without a path (kv/open.ts): on Deno Deploy, the database assigned to the app;
 * elsewhere, Deno's own per-script default file. Defined here, not in kv/open.ts (which re-exports it), so
 * that the configuration can default to it without the pure domain importing the KV layer.
 */
export const PLATFORM_KV = ":default:";

export interface Config {
  env: AppEnvName;
  port: number;
  appUrl: string;
  kvPath: string;
  /** Running on Deno Deploy (DENO_DEPLOY): KV and queue defaults change, and esbuild never runs. */
  onDenoDeploy: boolean;
  stripe: { secretKey?: string; webhookSecret?: string; apiUrl?: string };
  openai: OpenAiSettings;
  suno: {
    apiKey?: string;
    apiUrl: string;
    model: string;
    /**
     * The account's request limit (SUNO_RATE_LIMIT, "20/10s"): calls past it wait, kept for every
     * instance on the store together (kv/shared_limits.ts).
     */
    rateLimit: { requests: number; windowMs: number };
  };
  mail: { smtpUrl?: string; from: string };
  analytics: AnalyticsSettings;
  blobs: BlobSettings;
  adminEmails: readonly string[];
  demoEmails: readonly string[];
  /**
   * How many reverse proxies in front of the app append the caller's address to X-Forwarded-For.
   * 0 (the default, right for Deno Deploy and a server facing the internet) ignores the header.
   */
  trustedProxies: number;
  http: HttpSettings;
  deliveryDelayHours: number;
  /**
   * How long after a generation run gives up the family is told by email (FAILURE_EMAIL_GRACE_MINUTES):
   * time for staff to retry or upload a song first, and an order fixed by then sends no failure email.
   * 0 tells them at once.
   */
  failureEmailGraceMinutes: number;
  songPollSeconds: number;
  jobs: JobSettings;
}

/** The lyricist (providers/words/openai.ts). */
export interface OpenAiSettings {
  apiKey?: string;
  /** A compatible server instead of OpenAI's own (OPENAI_BASE_URL). */
  baseUrl?: string;
  model: string;
  /**
   * Which endpoint the lyricist calls (OPENAI_API): the Responses API, which OpenAI recommends, or chat
   * completions, for a compatible server that has only those.
   */
  api: OpenAiApi;
  /** How hard a reasoning model thinks first, on the Responses API (OPENAI_REASONING_EFFORT); null sends none. */
  reasoningEffort: OpenAiReasoningEffort | null;
}

export const OPENAI_REASONING_EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh", "max"] as const;
export type OpenAiReasoningEffort = typeof OPENAI_REASONING_EFFORTS[number];
/** OPENAI_REASONING_EFFORT's value for "send none": the model's own default, and all a non-reasoning model accepts. */
const MODEL_DEFAULT_EFFORT = "model-default";

/**
 * The default effort. The default model reasons before it answers, and its own default effort is more than
 * a song needs: a little planning keeps verses, rhyme and chorus in shape and the admin's prompt followed;
 * more buys no better children's song, only latency and paid reasoning tokens, twice per order. The GPT-4
 * and GPT-3.5 families refuse the field (HTTP 400), so a deployment that still names one keeps working.
 */
function defaultReasoningEffort(model: string): OpenAiReasoningEffort | null {
  return /^gpt-(3|4)/.test(model) ? null : "low";
}

export const OPENAI_APIS = ["responses", "chat-completions"] as const;
export type OpenAiApi = typeof OPENAI_APIS[number];

/** The third-party analytics service (customer-side §3); off while its key is unset. */
export interface AnalyticsSettings {
  /** The PostHog project API key (POSTHOG_KEY): public by design, it can only send events. */
  posthogKey?: string;
  /** Where PostHog ingests (POSTHOG_HOST): the US or EU cloud, or a self-hosted instance. */
  posthogHost: string;
}

/** Where song audio lives (kv/blobs.ts). Each blob records its own store, so both are readable at once. */
export interface BlobSettings {
  /** Where new audio is written (BLOB_STORE): KV chunks, the offline default, or the S3 bucket. */
  store: BlobStoreName;
  /** The S3-compatible bucket, when configured (all of S3_* together). */
  s3: S3Settings | null;
  /**
   * How audio in the bucket reaches a listener (BLOB_SERVING): streamed through the app, or a redirect to a
   * short-lived presigned URL. Audio in KV is always streamed.
   */
  serving: BlobServing;
}

export const BLOB_STORES = ["kv", "s3"] as const;
export type BlobStoreName = typeof BLOB_STORES[number];
export const BLOB_SERVINGS = ["stream", "presigned"] as const;
export type BlobServing = typeof BLOB_SERVINGS[number];

export interface S3Settings {
  bucket: string;
  region: string;
  /** The service's address; buckets are addressed by path (`{endpoint}/{bucket}/{key}`), which all of S3, R2, MinIO and B2 accept. */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The settings of the bucket: one without the others is a mistake, never a quiet fallback to KV. */
const S3_KEYS = [
  "S3_BUCKET",
  "S3_REGION",
  "S3_ENDPOINT",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
] as const;

/**
 * How the server holds connections and bodies (serve/guarded_server.ts, routes/middleware/body_guard.ts).
 * The defaults let a single process face the internet; a proxy in front may be stricter.
 */
export interface HttpSettings {
  /** The address to listen on: every interface by default, 127.0.0.1 behind a proxy on the same host. */
  hostname: string;
  /** Client connections held at most; null derives it from the open-file limit. */
  maxConnections: number | null;
  /** A connection with no request under way (nothing sent, or headers never finished) is closed after this long. */
  idleTimeoutSeconds: number;
  /**
   * A request must have its answer begun within this long (backs every deadline below), and the answer
   * as long again to be delivered.
   */
  requestTimeoutSeconds: number;
  /** A request body (other than a song upload) must arrive within this long. */
  bodyTimeoutSeconds: number;
  /** Bytes of unfinished request bodies the process holds at once, across all requests. */
  bodyBudgetBytes: number;
}

/** How background work runs (ARCHITECTURE.md §5). Defaults suit production; tests shorten them. */
export interface JobSettings {
  /** Whether KV queues carry the work; off means the sweeper alone runs it (KV Connect has no queues). */
  queue: boolean;
  /** How often the sweeper looks for overdue work. */
  sweepSeconds: number;
  /** How long a worker may hold an order before another may take it over. */
  leaseSeconds: number;
  /** The first retry's delay; each further retry doubles it (with jitter). */
  retryBaseSeconds: number;
  /** How long the music service may take to finish a song before the order fails. */
  songDeadlineMinutes: number;
  /**
   * How many generation steps the whole deployment runs at once (GENERATION_CONCURRENCY), every
   * instance on the store together (kv/shared_limits.ts), sized to the providers' accounts. A step mostly
   * waits on a provider (its CPU-heavy part, the local synthesiser, has its own limit), so the default
   * is 16: with 4, one slow provider (a 30 s timeout in bad weather) held a quarter of the pipeline.
   * More wait in the due-time index, not in memory; the family's emails never wait for a slot.
   */
  generationConcurrency: number;
}

/**
 * OpenAI's small model for high-volume work. gpt-4o-mini, the earlier default, shuts down on 2027-01-14
 * (https://developers.openai.com/api/docs/deprecations), and this is the replacement that page names.
 */
export const DEFAULT_OPENAI_MODEL = "gpt-6-luna";

export type EnvMap = Record<string, string | undefined>;

/** A day: a family left longer than that without word of their song is no longer a grace period. */
const MAX_FAILURE_EMAIL_GRACE_MINUTES = 24 * 60;

/** Keys production cannot run without: a missing one is a start-up error, never a quiet local default. */
const PRODUCTION_KEYS = [
  "APP_URL",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "OPENAI_API_KEY",
  "SUNO_API_KEY",
  "SMTP_URL",
  "MAIL_FROM",
] as const;

/**
 * Whether this process runs on Deno Deploy. The platform sets `DENO_DEPLOY=true` in every context (build,
 * production, development) beside `DENO_DEPLOYMENT_ID`, `DENO_TIMELINE` and others, and reserves the
 * `DENO_` prefix, so an app's own settings can neither set nor clear it there ("Predefined environment
 * variables", https://docs.deno.com/deploy/reference/env_vars_and_contexts/). Elsewhere it is unset;
 * `DENO_DEPLOY=true` on another machine pretends to be Deno Deploy (as the start-up test does).
 */
export function runsOnDenoDeploy(env: EnvMap): boolean {
  const value = env.DENO_DEPLOY?.trim().toLowerCase();
  return value !== undefined && value !== "" && value !== "0" && value !== "false";
}

/**
 * Without APP_ENV, development only where the app plainly runs on a developer's machine: no APP_URL,
 * or a plain-http one on this machine. Deno Deploy, an https address or any other host means the
 * app is public, and public means production, which demands its keys and offers no shortcuts.
 */
function defaultAppEnv(appUrl: string | undefined, onDenoDeploy: boolean): AppEnvName {
  if (onDenoDeploy) return "production";
  if (appUrl === undefined) return "development";
  // Not a URL at all: parseConfig refuses it by name below, whichever environment this says.
  if (!URL.canParse(appUrl)) return "development";
  const { protocol, hostname } = new URL(appUrl);
  return protocol === "http:" && isLoopbackHost(hostname) ? "development" : "production";
}

/** This machine, by name or address (URL hostnames keep IPv6 in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\./.test(host) ||
    /^::ffff:127\./.test(host);
}

export function parseConfig(env: EnvMap): Config {
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };

  const appEnv = read("APP_ENV") ?? defaultAppEnv(read("APP_URL"), runsOnDenoDeploy(env));
  if (appEnv !== "development" && appEnv !== "test" && appEnv !== "production") {
    throw new StartupError(
      `APP_ENV must be development, test or production (got "${appEnv}").`,
    );
  }
  if (appEnv === "production") {
    const missing = PRODUCTION_KEYS.filter((name) => !read(name));
    if (missing.length > 0) {
      throw new StartupError(
        `Missing ${missing.join(", ")}: required when APP_ENV=production.`,
      );
    }
  }

  const port = integer(read("PORT") ?? "8000", "PORT", 0, 65535);
  const appUrl = url(read("APP_URL") ?? `http://localhost:${port}`, "APP_URL").replace(/\/+$/, "");
  const stripeApiUrl = read("STRIPE_API_URL");
  const openaiBaseUrl = read("OPENAI_BASE_URL");
  const openaiModel = read("OPENAI_MODEL") ?? DEFAULT_OPENAI_MODEL;
  const smtp = read("SMTP_URL");
  const onDenoDeploy = runsOnDenoDeploy(env);
  // On Deno Deploy a file would be each instance's own throw-away database: the app's database instead.
  const kvPath = read("KV_PATH") ?? (onDenoDeploy ? PLATFORM_KV : "./data/app.kv");

  return {
    env: appEnv,
    port,
    appUrl,
    kvPath,
    onDenoDeploy,
    stripe: {
      secretKey: read("STRIPE_SECRET_KEY"),
      webhookSecret: read("STRIPE_WEBHOOK_SECRET"),
      apiUrl: stripeApiUrl && url(stripeApiUrl, "STRIPE_API_URL"),
    },
    openai: {
      apiKey: read("OPENAI_API_KEY"),
      baseUrl: openaiBaseUrl && url(openaiBaseUrl, "OPENAI_BASE_URL"),
      model: openaiModel,
      api: oneOf(read("OPENAI_API") ?? "responses", "OPENAI_API", OPENAI_APIS),
      reasoningEffort: reasoningEffort(read("OPENAI_REASONING_EFFORT"), openaiModel),
    },
    suno: {
      apiKey: read("SUNO_API_KEY"),
      apiUrl: url(read("SUNO_API_URL") ?? "https://api.sunoapi.org", "SUNO_API_URL"),
      model: read("SUNO_MODEL") ?? "V4_5",
      rateLimit: rateLimit(read("SUNO_RATE_LIMIT") ?? "20/10s", "SUNO_RATE_LIMIT"),
    },
    mail: {
      smtpUrl: smtp && smtpUrl(smtp),
      from: read("MAIL_FROM") ?? "Little Hits <songs@littlehits.studio>",
    },
    analytics: {
      posthogKey: read("POSTHOG_KEY"),
      posthogHost: url(read("POSTHOG_HOST") ?? "https://us.i.posthog.com", "POSTHOG_HOST").replace(
        /\/+$/,
        "",
      ),
    },
    blobs: blobSettings(read),
    adminEmails: emailList(read("ADMIN_EMAILS")),
    demoEmails: emailList(read("DEMO_EMAILS")),
    deliveryDelayHours: positive(read("DELIVERY_DELAY_HOURS") ?? "12", "DELIVERY_DELAY_HOURS"),
    failureEmailGraceMinutes: integer(
      read("FAILURE_EMAIL_GRACE_MINUTES") ?? "30",
      "FAILURE_EMAIL_GRACE_MINUTES",
      0,
      MAX_FAILURE_EMAIL_GRACE_MINUTES,
    ),
    songPollSeconds: positive(read("SONG_POLL_SECONDS") ?? "20", "SONG_POLL_SECONDS"),
    trustedProxies: integer(read("TRUSTED_PROXIES") ?? "0", "TRUSTED_PROXIES", 0, 10),
    http: httpSettings(read),
    jobs: jobSettings(read, kvPath, onDenoDeploy),
  };
}

function blobSettings(read: (name: string) => string | undefined): BlobSettings {
  const given = S3_KEYS.filter((name) => read(name));
  if (given.length > 0 && given.length < S3_KEYS.length) {
    const missing = S3_KEYS.filter((name) => !read(name));
    throw new StartupError(`Missing ${missing.join(", ")}: the bucket needs all of ${S3_KEYS.join(", ")}.`);
  }
  const s3: S3Settings | null = given.length === 0 ? null : {
    bucket: read("S3_BUCKET")!,
    region: read("S3_REGION")!,
    endpoint: url(read("S3_ENDPOINT")!, "S3_ENDPOINT").replace(/\/+$/, ""),
    accessKeyId: read("S3_ACCESS_KEY_ID")!,
    secretAccessKey: read("S3_SECRET_ACCESS_KEY")!,
  };
  const store = oneOf(read("BLOB_STORE") ?? "kv", "BLOB_STORE", BLOB_STORES);
  if (store === "s3" && !s3) {
    throw new StartupError(`BLOB_STORE=s3 needs ${S3_KEYS.join(", ")}.`);
  }
  return { store, s3, serving: oneOf(read("BLOB_SERVING") ?? "stream", "BLOB_SERVING", BLOB_SERVINGS) };
}

function reasoningEffort(raw: string | undefined, model: string): OpenAiReasoningEffort | null {
  if (raw === undefined) return defaultReasoningEffort(model);
  if (raw === MODEL_DEFAULT_EFFORT) return null;
  return oneOf(raw, "OPENAI_REASONING_EFFORT", [
    ...OPENAI_REASONING_EFFORTS,
    MODEL_DEFAULT_EFFORT,
  ]) as OpenAiReasoningEffort;
}

function oneOf<T extends string>(raw: string, name: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new StartupError(`${name} must be ${allowed.join(" or ")} (got "${raw}").`);
  }
  return raw as T;
}

function httpSettings(read: (name: string) => string | undefined): HttpSettings {
  const maxConnections = read("MAX_CONNECTIONS");
  return {
    hostname: listenHostname(read("HOSTNAME")),
    maxConnections: maxConnections === undefined
      ? null
      : integer(maxConnections, "MAX_CONNECTIONS", 1, 1_000_000),
    idleTimeoutSeconds: positive(read("IDLE_TIMEOUT_SECONDS") ?? "30", "IDLE_TIMEOUT_SECONDS"),
    requestTimeoutSeconds: positive(read("REQUEST_TIMEOUT_SECONDS") ?? "240", "REQUEST_TIMEOUT_SECONDS"),
    bodyTimeoutSeconds: positive(read("BODY_TIMEOUT_SECONDS") ?? "15", "BODY_TIMEOUT_SECONDS"),
    bodyBudgetBytes: positive(read("BODY_BUDGET_MB") ?? "48", "BODY_BUDGET_MB") * 1024 * 1024,
  };
}

/**
 * HOSTNAME is also the name Docker and some shells export for the machine itself; listening on
 * whatever that resolves to is never what was meant. Only an address (or localhost) is a listen
 * address; anything else means every interface, as when it is unset.
 */
const ALL_INTERFACES = "0.0.0.0";

function listenHostname(raw: string | undefined): string {
  if (!raw) return ALL_INTERFACES;
  const looksLikeAddress = raw === "localhost" || /^\d{1,3}(\.\d{1,3}){3}$/.test(raw) || raw.includes(":");
  return looksLikeAddress ? raw : ALL_INTERFACES;
}

/** Listening everywhere: reachable by anyone who can route to the machine, not only a proxy. */
function isEveryInterface(hostname: string): boolean {
  return hostname === ALL_INTERFACES || hostname === "::";
}

function jobSettings(
  read: (name: string) => string | undefined,
  kvPath: string,
  onDenoDeploy: boolean,
): JobSettings {
  // Deno Deploy's KV has no queues (docs/deploy.md): off unless set. An explicit `on` is kept, for the day
  // it has them again, and main.ts warns about it (deployWarnings).
  const queueSetting = read("JOB_QUEUE") ?? (onDenoDeploy ? "off" : "on");
  if (queueSetting !== "on" && queueSetting !== "off") {
    throw new StartupError(`JOB_QUEUE must be on or off (got "${queueSetting}").`);
  }
  // A KV Connect URL means a remote database without queues: the sweeper carries everything.
  const queue = queueSetting === "on" && !/^https?:/.test(kvPath);
  return {
    queue,
    sweepSeconds: positive(read("SWEEP_SECONDS") ?? (queue ? "30" : "1"), "SWEEP_SECONDS"),
    leaseSeconds: positive(read("JOB_LEASE_SECONDS") ?? "300", "JOB_LEASE_SECONDS"),
    retryBaseSeconds: positive(read("RETRY_BASE_SECONDS") ?? "5", "RETRY_BASE_SECONDS"),
    songDeadlineMinutes: positive(read("SONG_DEADLINE_MINUTES") ?? "15", "SONG_DEADLINE_MINUTES"),
    generationConcurrency: integer(read("GENERATION_CONCURRENCY") ?? "16", "GENERATION_CONCURRENCY", 1, 64),
  };
}

/** "20/10s": so many requests in so many seconds. */
function rateLimit(raw: string, name: string): { requests: number; windowMs: number } {
  const match = /^(\d+)\/(\d+(?:\.\d+)?)s$/.exec(raw.trim());
  const requests = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || requests < 1 || !(seconds > 0)) {
    throw new StartupError(`${name} must be requests per seconds, like "20/10s" (got "${raw}").`);
  }
  return { requests, windowMs: Math.round(seconds * 1000) };
}

function integer(raw: string, name: string, min: number, max: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new StartupError(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

function positive(raw: string, name: string): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new StartupError(`${name} must be a positive number (got "${raw}").`);
  }
  return value;
}

function url(raw: string, name: string): string {
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) {
    throw new StartupError(`${name} must be an http(s) URL (got "${raw}").`);
  }
  return raw;
}

function smtpUrl(raw: string): string {
  if (!URL.canParse(raw) || !/^smtps?:$/.test(new URL(raw).protocol)) {
    throw new StartupError(`SMTP_URL must look like smtp://user:pass@host:port or smtps://…`);
  }
  return raw;
}

/**
 * Settings Deno Deploy accepts but that are probably mistakes there, one line each for main.ts to print
 * at start-up. Not errors: an explicit setting wins, as everywhere else in this file.
 */
export function deployWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.trustedProxies > 0 && isEveryInterface(config.http.hostname)) {
    warnings.push(
      `TRUSTED_PROXIES=${config.trustedProxies} while listening on ${config.http.hostname}: anyone who reaches ` +
        "this port directly can write X-Forwarded-For and pass per-client limits. Set HOSTNAME=127.0.0.1 " +
        "with the proxy on this host, or the private address only the proxy reaches (docs/deploy.md).",
    );
  }
  if (!config.onDenoDeploy) return warnings;
  if (config.jobs.queue) {
    warnings.push(
      "JOB_QUEUE=on on Deno Deploy, whose KV has no queues: work handed to the queue may fail or " +
        "never run. Remove it to let the sweeper carry the work.",
    );
  }
  if (config.kvPath !== PLATFORM_KV && config.kvPath !== ":memory:" && !/^https?:\/\//.test(config.kvPath)) {
    warnings.push(
      `KV_PATH=${config.kvPath} on Deno Deploy is a file on one instance's short-lived disk, ` +
        `not the app's database: remove it (the default there is ${PLATFORM_KV}).`,
    );
  }
  return warnings;
}

/** Addresses are compared lower-cased and trimmed everywhere, so normalise them here once. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function emailList(raw: string | undefined): string[] {
  return (raw ?? "").split(",").map(normalizeEmail).filter(Boolean);
}

/** One line per outside service saying which implementation this configuration selects. */
export function describeProviders(config: Config): string[] {
  const pick = (real: string | undefined, yes: string, no: string) => (real ? yes : no);
  return [
    `payments: ${
      pick(config.stripe.secretKey, "Stripe Checkout", "local checkout (set STRIPE_SECRET_KEY for Stripe)")
    }`,
    `lyrics:   ${
      pick(
        config.openai.apiKey,
        `OpenAI ${config.openai.model}`,
        "local lyricist (set OPENAI_API_KEY for OpenAI)",
      )
    }`,
    `music:    ${
      pick(
        config.suno.apiKey,
        `music API at ${config.suno.apiUrl}`,
        "local synthesiser (set SUNO_API_KEY for the music API)",
      )
    }`,
    `mail:     ${pick(config.mail.smtpUrl, "SMTP", "dev mailbox at /dev/mailbox (set SMTP_URL for SMTP)")}`,
    `audio:    ${
      config.blobs.store === "s3"
        ? `bucket ${config.blobs.s3!.bucket} at ${config.blobs.s3!.endpoint}, ${config.blobs.serving}`
        : "Deno KV (set BLOB_STORE=s3 and S3_* for a bucket)"
    }`,
    `analytics: ${
      pick(
        config.analytics.posthogKey,
        `PostHog at ${config.analytics.posthogHost}`,
        config.env === "development"
          ? "console (set POSTHOG_KEY for PostHog)"
          : "off (set POSTHOG_KEY for PostHog)",
      )
    }`,
  ];
}
