import { assertEquals, assertMatch, assertThrows } from "@std/assert";
import {
  DEFAULT_OPENAI_MODEL,
  deployWarnings,
  describeProviders,
  OPENAI_APIS,
  parseConfig,
  PLATFORM_KV,
  runsOnDenoDeploy,
} from "../../../domain/config.ts";
import { StartupError } from "../../../domain/errors.ts";

Deno.test("defaults follow the configuration table", () => {
  const config = parseConfig({});
  assertEquals(config.env, "development");
  assertEquals(config.port, 8000);
  assertEquals(config.appUrl, "http://localhost:8000");
  assertEquals(config.kvPath, "./data/app.kv");
  assertEquals(config.deliveryDelayHours, 12);
  assertEquals(config.failureEmailGraceMinutes, 30);
  assertEquals(config.songPollSeconds, 20);
  assertEquals(config.adminEmails, []);
  assertEquals(config.stripe.secretKey, undefined);
});

Deno.test("APP_URL defaults to the port; lists are normalised; decimals are accepted", () => {
  const config = parseConfig({
    PORT: "9001",
    ADMIN_EMAILS: " Boss@Example.com , ops@example.com,",
    DELIVERY_DELAY_HOURS: "0.002",
    SONG_POLL_SECONDS: "1",
  });
  assertEquals(config.appUrl, "http://localhost:9001");
  assertEquals(config.adminEmails, ["boss@example.com", "ops@example.com"]);
  assertEquals(config.deliveryDelayHours, 0.002);
  assertEquals(config.songPollSeconds, 1);
  assertEquals(
    parseConfig({ APP_ENV: "test", APP_URL: "https://littlehits.studio/" }).appUrl,
    "https://littlehits.studio",
  );
});

Deno.test("production refuses to start without its keys and names them", () => {
  const error = assertThrows(() => parseConfig({ APP_ENV: "production" }), StartupError);
  assertMatch(error.message, /^Missing APP_URL, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, OPENAI_API_KEY/);
  assertMatch(error.message, /required when APP_ENV=production/);
  const almost = {
    APP_ENV: "production",
    APP_URL: "https://littlehits.studio",
    STRIPE_SECRET_KEY: "sk_live_x",
    STRIPE_WEBHOOK_SECRET: "whsec_x",
    OPENAI_API_KEY: "sk-x",
    SUNO_API_KEY: "suno",
    MAIL_FROM: "Little Hits <songs@littlehits.studio>",
  };
  assertEquals(
    assertThrows(() => parseConfig(almost), StartupError).message,
    "Missing SMTP_URL: required when APP_ENV=production.",
  );
  assertEquals(parseConfig({ ...almost, SMTP_URL: "smtps://u:p@smtp.example.com:465" }).env, "production");
});

Deno.test("bad values are start-up errors that name the variable", () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ APP_ENV: "staging" }, /^APP_ENV/],
    [{ PORT: "eighty" }, /^PORT/],
    [{ PORT: "70000" }, /^PORT/],
    [{ DELIVERY_DELAY_HOURS: "-1" }, /^DELIVERY_DELAY_HOURS/],
    [{ FAILURE_EMAIL_GRACE_MINUTES: "-5" }, /^FAILURE_EMAIL_GRACE_MINUTES/],
    [{ SONG_POLL_SECONDS: "0" }, /^SONG_POLL_SECONDS/],
    [{ APP_URL: "littlehits.studio" }, /^APP_URL/],
    [{ STRIPE_API_URL: "ftp://x" }, /^STRIPE_API_URL/],
    [{ SMTP_URL: "http://mail" }, /^SMTP_URL/],
  ];
  for (const [env, message] of cases) {
    assertMatch(assertThrows(() => parseConfig(env), StartupError).message, message);
  }
});

Deno.test("one line per provider says which implementation is in use", () => {
  const local = describeProviders(parseConfig({}));
  assertEquals(local.length, 6);
  assertMatch(local[0], /^payments: local checkout/);
  assertMatch(local[1], /^lyrics: +local lyricist/);
  assertMatch(local[2], /^music: +local synthesiser/);
  assertMatch(local[3], /^mail: +dev mailbox/);
  assertMatch(local[4], /^audio: +Deno KV/);
  assertMatch(local[5], /^analytics: console/);
  const real = describeProviders(parseConfig({
    STRIPE_SECRET_KEY: "sk_test",
    OPENAI_API_KEY: "sk",
    SUNO_API_KEY: "k",
    SMTP_URL: "smtp://localhost:2525",
    BLOB_STORE: "s3",
    ...BUCKET,
    POSTHOG_KEY: "phc_test",
  }));
  assertMatch(
    real.join("\n"),
    /Stripe Checkout[\s\S]*OpenAI gpt-6-luna[\s\S]*music API[\s\S]*SMTP[\s\S]*bucket songs at https:\/\/s3\.example\.com, stream[\s\S]*PostHog at https:\/\/us\.i\.posthog\.com/,
  );
});

/** What Deno Deploy itself sets (docs.deno.com/deploy/reference/env_vars_and_contexts). */
/** Deno Deploy's own variables; APP_ENV set so these tests see the platform's defaults, not missing keys. */
const ON_DENO_DEPLOY = {
  DENO_DEPLOY: "true",
  DENO_DEPLOYMENT_ID: "abc123",
  DENO_TIMELINE: "production",
  APP_ENV: "test",
};

Deno.test("DENO_DEPLOY is what tells Deno Deploy apart; anything else is another host", () => {
  assertEquals(runsOnDenoDeploy(ON_DENO_DEPLOY), true);
  assertEquals(runsOnDenoDeploy({ DENO_DEPLOY: "1" }), true);
  for (const env of [{}, { DENO_DEPLOY: "" }, { DENO_DEPLOY: "false" }, { DENO_DEPLOY: "0" }]) {
    assertEquals(runsOnDenoDeploy(env), false, JSON.stringify(env));
  }
  // Deno Deploy's other variables alone (or Deno Deploy Classic's) do not count.
  assertEquals(runsOnDenoDeploy({ DENO_DEPLOYMENT_ID: "abc123", DENO_REGION: "gcp-europe-west3" }), false);
  assertEquals(parseConfig({}).onDenoDeploy, false);
  assertEquals(parseConfig(ON_DENO_DEPLOY).onDenoDeploy, true);
});

Deno.test("on Deno Deploy KV_PATH defaults to the app's database and the queue to off", () => {
  const config = parseConfig(ON_DENO_DEPLOY);
  assertEquals(config.kvPath, PLATFORM_KV);
  assertEquals(config.jobs.queue, false);
  assertEquals(config.jobs.sweepSeconds, 1, "the queue-less default");
  assertEquals(deployWarnings(config), []);
  // Elsewhere nothing changes.
  assertEquals(parseConfig({}).kvPath, "./data/app.kv");
  assertEquals(parseConfig({}).jobs.queue, true);
  assertEquals(parseConfig({}).jobs.sweepSeconds, 30);
});

Deno.test("on Deno Deploy explicit settings still win, and the doubtful ones are warned about", () => {
  const url = parseConfig({ ...ON_DENO_DEPLOY, KV_PATH: "https://kv.example.com" });
  assertEquals(url.kvPath, "https://kv.example.com");
  assertEquals(url.jobs.queue, false, "a KV Connect URL is queue-less whatever JOB_QUEUE says");
  assertEquals(deployWarnings(url), []);
  assertEquals(deployWarnings(parseConfig({ ...ON_DENO_DEPLOY, KV_PATH: ":memory:" })), []);

  const queued = parseConfig({ ...ON_DENO_DEPLOY, JOB_QUEUE: "on" });
  assertEquals(queued.jobs.queue, true, "honoured: for the day Deno Deploy's KV has queues again");
  assertEquals(queued.jobs.sweepSeconds, 30);
  const [queueWarning, ...rest] = deployWarnings(queued);
  assertMatch(queueWarning, /^JOB_QUEUE=on on Deno Deploy, whose KV has no queues/);
  assertEquals(rest, []);

  const file = parseConfig({ ...ON_DENO_DEPLOY, KV_PATH: "./data/app.kv", JOB_QUEUE: "off" });
  assertEquals(file.kvPath, "./data/app.kv");
  assertEquals(file.jobs.queue, false);
  const warnings = deployWarnings(file);
  assertEquals(warnings.length, 1);
  assertMatch(warnings[0], /^KV_PATH=\.\/data\/app\.kv on Deno Deploy is a file on one instance's/);

  // The same settings away from Deno Deploy are ordinary and warned about by no one.
  assertEquals(deployWarnings(parseConfig({ KV_PATH: "./data/app.kv", JOB_QUEUE: "on" })), []);
});

Deno.test("HOSTNAME: an address to listen on; a machine name some platforms export means every interface", () => {
  assertEquals(parseConfig({}).http.hostname, "0.0.0.0");
  assertEquals(parseConfig({ HOSTNAME: "127.0.0.1" }).http.hostname, "127.0.0.1");
  assertEquals(parseConfig({ HOSTNAME: "::1" }).http.hostname, "::1");
  assertEquals(parseConfig({ HOSTNAME: "localhost" }).http.hostname, "localhost");
  assertEquals(parseConfig({ HOSTNAME: "3f2a9c1b7d4e" }).http.hostname, "0.0.0.0");
});

Deno.test("TRUSTED_PROXIES on a port anyone can reach is warned about: X-Forwarded-For could be forged", () => {
  const [warning] = deployWarnings(parseConfig({ TRUSTED_PROXIES: "1" }));
  assertMatch(warning, /TRUSTED_PROXIES=1 while listening on 0\.0\.0\.0/);
  assertEquals(deployWarnings(parseConfig({ TRUSTED_PROXIES: "1", HOSTNAME: "127.0.0.1" })), []);
  assertEquals(deployWarnings(parseConfig({ TRUSTED_PROXIES: "1", HOSTNAME: "10.0.0.5" })), []);
  assertEquals(deployWarnings(parseConfig({})), []);
});

Deno.test("connection and body limits have safe defaults and refuse nonsense", () => {
  const { http } = parseConfig({});
  assertEquals(
    [http.maxConnections, http.idleTimeoutSeconds, http.requestTimeoutSeconds, http.bodyTimeoutSeconds],
    [null, 30, 240, 15],
  );
  assertEquals(http.bodyBudgetBytes, 48 * 1024 * 1024);
  assertThrows(() => parseConfig({ BODY_TIMEOUT_SECONDS: "0" }), StartupError);
  assertThrows(() => parseConfig({ MAX_CONNECTIONS: "-1" }), StartupError);
});

Deno.test("FAILURE_EMAIL_GRACE_MINUTES: thirty minutes unless set, a whole number from 0 (at once) to a day", () => {
  assertEquals(parseConfig({}).failureEmailGraceMinutes, 30);
  assertEquals(
    parseConfig({ FAILURE_EMAIL_GRACE_MINUTES: " " }).failureEmailGraceMinutes,
    30,
    "blank is unset",
  );
  assertEquals(parseConfig({ FAILURE_EMAIL_GRACE_MINUTES: "0" }).failureEmailGraceMinutes, 0);
  assertEquals(parseConfig({ FAILURE_EMAIL_GRACE_MINUTES: "45" }).failureEmailGraceMinutes, 45);
  assertEquals(parseConfig({ FAILURE_EMAIL_GRACE_MINUTES: "1440" }).failureEmailGraceMinutes, 1440);
  for (const bad of ["-1", "2.5", "half an hour", "1441", "30m"]) {
    const error = assertThrows(() => parseConfig({ FAILURE_EMAIL_GRACE_MINUTES: bad }), StartupError);
    assertEquals(
      error.message,
      `FAILURE_EMAIL_GRACE_MINUTES must be a whole number from 0 to 1440 (got "${bad}").`,
    );
  }
});

Deno.test("GENERATION_CONCURRENCY: sixteen generation steps at once unless set, a whole number from 1 to 64", () => {
  assertEquals(parseConfig({}).jobs.generationConcurrency, 16);
  assertEquals(parseConfig({ GENERATION_CONCURRENCY: "12" }).jobs.generationConcurrency, 12);
  for (const bad of ["0", "65", "2.5", "many"]) {
    assertThrows(() => parseConfig({ GENERATION_CONCURRENCY: bad }), StartupError, "GENERATION_CONCURRENCY");
  }
});

Deno.test("SUNO_RATE_LIMIT: the music API's 20 requests per 10 s unless set; requests per seconds", () => {
  assertEquals(parseConfig({}).suno.rateLimit, { requests: 20, windowMs: 10_000 });
  assertEquals(parseConfig({ SUNO_RATE_LIMIT: "5/1.5s" }).suno.rateLimit, { requests: 5, windowMs: 1500 });
  for (const bad of ["20", "0/10s", "20/0s", "twenty/10s", "20/10m"]) {
    assertThrows(() => parseConfig({ SUNO_RATE_LIMIT: bad }), StartupError, "SUNO_RATE_LIMIT");
  }
});

Deno.test("the lyricist's model defaults to gpt-6-luna, OpenAI's replacement for gpt-4o-mini", () => {
  assertEquals(DEFAULT_OPENAI_MODEL, "gpt-6-luna");
  assertEquals(parseConfig({}).openai.model, "gpt-6-luna");
  assertEquals(parseConfig({ OPENAI_MODEL: "gpt-4o-mini" }).openai.model, "gpt-4o-mini");
});

Deno.test("OPENAI_API: the Responses API unless set; chat completions for a server without it", () => {
  assertEquals(OPENAI_APIS, ["responses", "chat-completions"]);
  assertEquals(parseConfig({}).openai.api, "responses");
  assertEquals(parseConfig({ OPENAI_API: " " }).openai.api, "responses", "blank is unset");
  assertEquals(parseConfig({ OPENAI_API: "responses" }).openai.api, "responses");
  assertEquals(parseConfig({ OPENAI_API: "chat-completions" }).openai.api, "chat-completions");
  for (const bad of ["chat", "completions", "Responses", "chat_completions"]) {
    const error = assertThrows(() => parseConfig({ OPENAI_API: bad }), StartupError);
    assertEquals(error.message, `OPENAI_API must be responses or chat-completions (got "${bad}").`);
  }
});

const BUCKET = {
  S3_BUCKET: "songs",
  S3_REGION: "eu-west-1",
  S3_ENDPOINT: "https://s3.example.com/",
  S3_ACCESS_KEY_ID: "AKIA",
  S3_SECRET_ACCESS_KEY: "secret",
};

Deno.test("audio stays in KV unless BLOB_STORE=s3; the bucket's five settings come together or not at all", () => {
  assertEquals(parseConfig({}).blobs, { store: "kv", s3: null, serving: "stream" });
  const inBucket = parseConfig({ BLOB_STORE: "s3", BLOB_SERVING: "presigned", ...BUCKET });
  assertEquals(inBucket.blobs, {
    store: "s3",
    serving: "presigned",
    s3: {
      bucket: "songs",
      region: "eu-west-1",
      endpoint: "https://s3.example.com",
      accessKeyId: "AKIA",
      secretAccessKey: "secret",
    },
  });
  // Configured but not written to: what a rollback, or the time before a migration, looks like.
  assertEquals(parseConfig({ ...BUCKET }).blobs.store, "kv");
  assertEquals(parseConfig({ ...BUCKET }).blobs.s3?.bucket, "songs");

  const { S3_SECRET_ACCESS_KEY: _, S3_REGION: __, ...partial } = BUCKET;
  assertThrows(() => parseConfig(partial), StartupError, "Missing S3_REGION, S3_SECRET_ACCESS_KEY");
  assertThrows(() => parseConfig({ BLOB_STORE: "s3" }), StartupError, "BLOB_STORE=s3 needs S3_BUCKET");
  assertThrows(() => parseConfig({ BLOB_STORE: "r2" }), StartupError, "BLOB_STORE must be kv or s3");
  assertThrows(
    () => parseConfig({ BLOB_SERVING: "cdn" }),
    StartupError,
    "BLOB_SERVING must be stream or presigned",
  );
  assertThrows(
    () => parseConfig({ ...BUCKET, S3_ENDPOINT: "s3.amazonaws.com" }),
    StartupError,
    "S3_ENDPOINT",
  );
});

Deno.test("analytics: off without POSTHOG_KEY; the US cloud unless POSTHOG_HOST says otherwise", () => {
  assertEquals(parseConfig({}).analytics, { posthogKey: undefined, posthogHost: "https://us.i.posthog.com" });
  assertEquals(
    parseConfig({ POSTHOG_KEY: "phc_1", POSTHOG_HOST: "https://eu.i.posthog.com/" }).analytics,
    { posthogKey: "phc_1", posthogHost: "https://eu.i.posthog.com" },
  );
  assertThrows(() => parseConfig({ POSTHOG_HOST: "eu.posthog" }), StartupError, "POSTHOG_HOST");
  assertMatch(describeProviders(parseConfig({ APP_ENV: "test" }))[5], /^analytics: off/);
});

Deno.test("OPENAI_REASONING_EFFORT: low for a reasoning model, none sent for the GPT-4 family, as set otherwise", () => {
  assertEquals(parseConfig({}).openai.reasoningEffort, "low");
  assertEquals(parseConfig({ OPENAI_MODEL: "gpt-4o-mini" }).openai.reasoningEffort, null);
  assertEquals(parseConfig({ OPENAI_MODEL: "gpt-4.1-mini" }).openai.reasoningEffort, null);
  assertEquals(parseConfig({ OPENAI_REASONING_EFFORT: "medium" }).openai.reasoningEffort, "medium");
  assertEquals(parseConfig({ OPENAI_REASONING_EFFORT: "model-default" }).openai.reasoningEffort, null);
  assertThrows(
    () => parseConfig({ OPENAI_REASONING_EFFORT: "lots" }),
    StartupError,
    "OPENAI_REASONING_EFFORT must be none or minimal or low",
  );
});
