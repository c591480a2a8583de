/**
 * What every test needs in one line or three:
 *   await using t = await createTestApp();          // app + fresh :memory: KV + clock
 *   await using browser = await openBrowser(t);      // the same app served on a free port + Chromium
 *   const page = await browser.open("/");            // navigated, islands hydrated
 */
import { type Browser, chromium, type ConsoleMessage, type Page } from "playwright-core";
import type { AnalyticsEvent, CleanProperties } from "../domain/analytics/events.ts";
import { type Config, type EnvMap, parseConfig } from "../domain/config.ts";
import type { AnalyticsSink } from "../providers/analytics.ts";
import { listDevMail } from "../kv/dev_mail.ts";
import { createMailer } from "../providers/mail/select.ts";
import { createPayments } from "../providers/payments/select.ts";
import { closeProviders, type Providers } from "../providers/mod.ts";
import { createApp } from "../routes/app.ts";
import { retryWhenBusy } from "../kv/busy_retry.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { createS3Bucket } from "../providers/blobs/s3.ts";
import { createLocalStudio } from "../providers/music/local.ts";
import { createLocalLyricist } from "../providers/words/local.ts";
import { type Clock, createDeps } from "../deps.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tools/chromium.ts";
import { type BuildManifest, manifestPath } from "../routes/assets.ts";

/** The connection info Deno.serve passes for a client on loopback. */
export const THIS_MACHINE = { remoteAddr: { transport: "tcp", hostname: "127.0.0.1", port: 50000 } };

export function testConfig(env: EnvMap = {}): Config {
  return parseConfig({ APP_ENV: "test", KV_PATH: ":memory:", ...env });
}

/** A clock that only moves when a test says so. */
export class TestClock implements Clock {
  constructor(private time = Date.parse("2026-01-15T12:00:00Z")) {}
  now() {
    return this.time;
  }
  advance(ms: number) {
    this.time += ms;
  }
  set(ms: number) {
    this.time = ms;
  }
}

/** Records what would have gone to the analytics service, already scrubbed. */
export class RecordingAnalytics implements AnalyticsSink {
  events: { event: AnalyticsEvent; properties: CleanProperties }[] = [];
  send(event: AnalyticsEvent, properties: CleanProperties) {
    this.events.push({ event, properties });
  }
}

export interface TestAppOptions {
  env?: EnvMap;
  providers?: Partial<Providers>;
  /**
   * Starts the job worker (queue listener and sweeper), so orders are generated as in the running
   * app. Queue delays are real time, so the app then reads the system clock instead of a TestClock.
   */
  jobs?: boolean;
  /** A KV file instead of `:memory:`, for tests where two app instances share one database. */
  kvPath?: string;
  /** This instance's worker name in the leases it takes. */
  workerId?: string;
}

/** Short waits for the worker in tests; a test's env still overrides each. */
const FAST_JOBS: EnvMap = {
  SONG_POLL_SECONDS: "0.05",
  RETRY_BASE_SECONDS: "0.02",
  SWEEP_SECONDS: "0.2",
};

export async function createTestApp(options: TestAppOptions = {}) {
  const kv = options.kvPath
    ? retryWhenBusy(await Deno.openKv(options.kvPath))
    : await Deno.openKv(":memory:");
  const config = testConfig({ ...(options.jobs ? FAST_JOBS : {}), ...options.env });
  const clock: Clock & Partial<TestClock> = options.jobs ? { now: () => Date.now() } : new TestClock();
  const now = () => clock.now();
  const analytics = new RecordingAnalytics();
  const providers: Providers = {
    analytics,
    // The dev mailbox unless the test sets SMTP_URL (then the real nodemailer transport).
    mail: createMailer(config, kv, now),
    // The local checkout unless the test sets STRIPE_SECRET_KEY (then the real SDK, e.g. at the fake).
    payments: createPayments(config, kv, now),
    // The local lyricist and synthesiser unless a test passes the real adapters pointed at fakes.
    words: createLocalLyricist(),
    music: createLocalStudio(kv, { renderDelayMs: 50, now, restAfterRender: 0 }),
    // The bucket when the test sets S3_* (then the real client, e.g. at a loopback S3 server).
    bucket: config.blobs.s3 ? createS3Bucket(config.blobs.s3) : null,
    ...options.providers,
  };
  const deps = createDeps({ kv, config, providers, clock, workerId: options.workerId ?? "test-worker" });
  const app = createApp(deps);
  const worker = options.jobs ? startJobWorker(deps) : null;
  return {
    app,
    kv,
    config,
    clock: clock as TestClock,
    analytics,
    providers,
    /** The one dependency object the app and the worker share; tests hand it to commands and jobs. */
    deps,
    worker,
    /** `app.request` with a path, for the common case. */
    // As Deno.serve would call it for a request from this machine (the tests' own client).
    request: async (path: string, init?: RequestInit) => await app.request(path, init, THIS_MACHINE),
    async [Symbol.asyncDispose]() {
      await worker?.stop();
      await closeProviders(providers);
      kv.close();
      await worker?.closed;
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * An APP_URL on a loopback port that is free right now, for browser tests that follow links the
 * app puts in emails: pass it as `env.APP_URL` and openBrowser serves the app there.
 */
export function loopbackAppUrl(): string {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return `http://127.0.0.1:${port}`;
}

/** Whether Chromium is here; CI sets E2E_REQUIRED so a missing browser fails instead of skipping. */
export const browserAvailable = (() => {
  try {
    return Deno.statSync(CHROMIUM_PATH).isFile;
  } catch {
    return false;
  }
})();
const browserRequired = Deno.env.get("E2E_REQUIRED") === "1";

/**
 * The browsers the running browser test opened. They stay open (offline) until the test has ended, so
 * that a failing test can leave a picture of every tab it had open.
 */
let browsersOfThisTest: Set<Browser> | null = null;

/** Where pictures go: a failing test's tabs always, and every view a test names when `SCREENSHOTS=all`. */
const screenshotsDir = Deno.env.get("SCREENSHOTS_DIR");
/** Whether `deno task screenshots` asked for every named view, for a person to review the design. */
export const reviewScreenshots = !!screenshotsDir && Deno.env.get("SCREENSHOTS") === "all";

/** Declares a browser test: skipped with a note where Chromium is missing, unless CI requires it. */
export function e2eTest(name: string, fn: () => Promise<void>) {
  Deno.test({
    name,
    ignore: !browserAvailable && !browserRequired,
    async fn() {
      const opened = new Set<Browser>();
      browsersOfThisTest = opened;
      try {
        await fn();
      } catch (error) {
        if (screenshotsDir) await photographTabs(opened, `${screenshotsDir}/failed-${slug(name)}`);
        throw error;
      } finally {
        browsersOfThisTest = null;
        for (const browser of opened) await browser.close();
      }
    },
  });
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").slice(0, 80);

async function photographTabs(browsers: Set<Browser>, prefix: string) {
  let n = 0;
  for (const browser of browsers) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        await page.screenshot({ path: `${prefix}-${++n}.png`, fullPage: true }).catch(() => {});
      }
    }
  }
}

/**
 * A Chromium of the test's own. A connection to one browser shared by every test was tried: each
 * kind of connection leaves an operation of Playwright's running past its close (the WebSocket's close
 * timer, an unawaited unlink), which the op sanitizer rightly counts against the test.
 */
export async function launchChromium(): Promise<Browser> {
  return await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface BrowserOptions {
  /** Viewport width; the spec's breakpoints are 768 (mobile) and 1024 (tablet). */
  width?: number;
  height?: number;
  javaScriptEnabled?: boolean;
  /** Tests run with reduced motion unless they check an animation itself. */
  reducedMotion?: "reduce" | "no-preference";
  /** The browser's time zone ("Europe/London"); the machine's when unset. */
  timezoneId?: string;
  /**
   * A Chromium the caller launched and keeps (a module checking many views in steps of one test):
   * this opens a context of its own in it, and closes only that.
   */
  chromium?: Browser;
}

/**
 * Serves the test app on a free loopback port and opens Chromium on it. Console errors, warnings and
 * uncaught page errors, and violations of the content security policy, are collected in `problems` so
 * tests can assert a clean run.
 */
export async function openBrowser(t: TestApp, options: BrowserOptions = {}) {
  // Serve where APP_URL points when a test chose a loopback address (see loopbackAppUrl), so links
  // the app builds for emails lead back to it.
  const appUrl = new URL(t.config.appUrl);
  const port = appUrl.hostname === "127.0.0.1" ? Number(appUrl.port) : 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port, onListen() {} }, t.app.fetch);
  const origin = `http://127.0.0.1:${server.addr.port}`;
  let browser: Browser;
  try {
    browser = options.chromium ?? await launchChromium();
  } catch (error) {
    await server.shutdown();
    throw error;
  }
  if (!options.chromium) browsersOfThisTest?.add(browser);
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    reducedMotion: options.reducedMotion ?? "reduce",
    timezoneId: options.timezoneId,
  });
  const problems: string[] = [];
  const requests: string[] = [];
  // Chromium prints nothing for a CSP violation whose error the page caught (Zod's eval probe was
  // one); it only fires this event. Made a console error, it lands in `problems` like any other.
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const where = `${event.sourceFile || "the page"}:${event.lineNumber}`;
      console.error(
        `CSP violation: ${event.violatedDirective} refused ${event.blockedURI || "inline"} at ${where}`,
      );
    });
  });
  context.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  context.on("weberror", (error) => problems.push(`pageerror: ${error.error().message}`));
  context.on("request", (request) => requests.push(request.url()));
  context.on("requestfailed", (request) => {
    const error = request.failure()?.errorText;
    // ERR_ABORTED is the page letting a request go, never the server failing it: a media element that
    // has buffered enough, a prefetch or an island's code when the page is left, a list's fetch that a
    // newer one replaced. When these land depends on the machine's speed; a failure does not (the
    // server's errors are its statuses, below, and a broken connection is its own error).
    if (error === "net::ERR_ABORTED") return;
    problems.push(`requestfailed: ${request.url()} ${error}`);
  });
  context.on("response", (response) => {
    if (response.status() >= 400) problems.push(`http ${response.status()}: ${response.url()}`);
  });

  return {
    origin,
    context,
    problems,
    requests,
    /**
     * Opens a path in a new tab and waits until every island on it has hydrated (accessibility is
     * checked in one place, tests/e2e/accessibility/).
     */
    async open(path: string): Promise<Page> {
      const page = await context.newPage();
      await page.goto(origin + path);
      if (options.javaScriptEnabled === false) return page;
      await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
      return page;
    },
    /** Saves a view for design review (`deno task screenshots`); the gate itself takes none. */
    async screenshot(page: Page, name: string) {
      if (!reviewScreenshots) return;
      await page.screenshot({ path: `${screenshotsDir}/${name}.png`, fullPage: !name.includes("viewport") });
    },
    async [Symbol.asyncDispose]() {
      if (options.chromium) {
        await context.close();
      } else if (browsersOfThisTest?.has(browser)) {
        // Kept as it is, for a picture if the test is failing, but cut off from the server that stops now.
        await context.setOffline(true).catch(() => {});
      } else {
        await browser.close();
      }
      await server.shutdown();
    },
  };
}

export type TestBrowser = Awaited<ReturnType<typeof openBrowser>>;

/**
 * The analytics events pages send, as the development sink logs them (the app must run with
 * `APP_ENV: "development"`). Call before opening pages. The page logs `[analytics] {event}` and an
 * object; it is flattened to one line of JSON in the page, because an object can no longer be read
 * back once its page has navigated away.
 */
export async function recordBrowserAnalytics(browser: TestBrowser) {
  const events: { event: string; properties: Record<string, unknown> }[] = [];
  await browser.context.addInitScript(() => {
    const info = console.info.bind(console);
    console.info = (label: unknown, properties?: unknown) => info(`${label} ${JSON.stringify(properties)}`);
  });
  browser.context.on("console", (message) => {
    const logged = message.text().match(/^\[analytics\] ([^{]+) (\{.*\})$/);
    if (logged) events.push({ event: logged[1], properties: JSON.parse(logged[2]) });
  });
  return events;
}

/** axe-core's accessibility violations on the page as it is now (WCAG 2.x A and AA, best practices). */
export async function axeViolations(page: Page): Promise<string[]> {
  const { default: axe } = await import("axe-core");
  // Colours read halfway through a transition (a tab turning active) are not the page's colours: axe
  // waits for what is moving on screen to settle, as a person's eye would. What loops for ever, or is
  // held still, is read as it is; what is not rendered (inside a closed <details>) never runs.
  await page.evaluate(() =>
    Promise.all(
      document.getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .filter((animation) => animation.playState === "running")
        .filter((animation) => (animation.effect as KeyframeEffect | null)?.target?.checkVisibility())
        .map((animation) => animation.finished.catch(() => {})),
    )
  );
  // Evaluated through the debugging protocol: the site's CSP rightly refuses an injected <script>.
  await page.evaluate(axe.source);
  return await page.evaluate(async () => {
    interface Violation {
      id: string;
      help: string;
      nodes: { target: string[] }[];
    }
    const runner = (globalThis as unknown as {
      axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> };
    }).axe;
    const result = await runner.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
      },
      // Only the violations are read: axe then skips describing every node that passed (a third of
      // a run's time here). Every rule still runs on every node.
      resultTypes: ["violations"],
    });
    return result.violations.map((violation) =>
      `${violation.id}: ${violation.help} (${
        violation.nodes.map((node) => node.target.join(" ")).join(", ")
      })`
    );
  });
}

/** The sign-in link of the newest message to `email` in the dev mailbox. */
export async function latestSignInLink(t: TestApp, email: string): Promise<string> {
  const mail = (await listDevMail(t.kv)).find((message) => message.to === email);
  const link = mail?.text.match(/https?:\/\/\S+\/auth\/verify\?t=[\w-]+/)?.[0];
  if (!link) throw new Error(`no sign-in link for ${email} in the dev mailbox`);
  return link;
}

/**
 * The mark (SIGN_IN_BROWSER_COOKIE) that asking for a sign-in link leaves in a browser, kept per test
 * app as the one browser its requests stand for: its links then sign in at once, as in the browser
 * that asked. A test of the other browser's path sends the link without it.
 */
const signInMarks = new WeakMap<TestApp, string>();

function withSignInMark(t: TestApp, init: RequestInit = {}): RequestInit {
  const mark = signInMarks.get(t);
  if (!mark) return init;
  const headers = new Headers(init.headers);
  headers.append("cookie", `lh_signin=${mark}`);
  return { ...init, headers };
}

/** POST /api/auth/request-magic-link from the test's browser, which keeps the mark it is given. */
export async function requestSignInLink(t: TestApp, email: string, init: RequestInit = {}) {
  const response = await t.request(
    "/api/auth/request-magic-link",
    withSignInMark(t, jsonBody({ email }, init)),
  );
  const mark = response.headers.get("set-cookie")?.match(/lh_signin=([^;]+)/)?.[1];
  if (mark) signInMarks.set(t, mark);
  return response;
}

/** Opens an emailed sign-in link (GET /api/auth/verify-magic-link) in the browser that asked for it. */
export async function openSignInLink(t: TestApp, link: string, init: RequestInit = {}) {
  return await t.request(`/api/auth/verify-magic-link${new URL(link).search}`, withSignInMark(t, init));
}

/** Signs `email` in through the real endpoints; answers the session token and the cookie header. */
export async function signIn(t: TestApp, email: string) {
  const requested = await requestSignInLink(t, email);
  if (requested.status !== 200) throw new Error(`request-magic-link answered ${requested.status}`);
  const verified = await openSignInLink(t, await latestSignInLink(t, email));
  if (verified.status !== 200) throw new Error(`verify-magic-link answered ${verified.status}`);
  const body = await verified.json();
  return { token: body.token as string, cookie: `lh_session=${body.token}`, user: body.user };
}

/**
 * A browser signed in as `email`, as the sign-in page leaves one: the HttpOnly session cookie, and
 * `token` and `user` in local storage.
 */
export async function openSignedInBrowser(t: TestApp, email: string, options: BrowserOptions = {}) {
  const session = await signIn(t, email);
  const browser = await openBrowser(t, options);
  await browser.context.addCookies([{ name: "lh_session", value: session.token, url: browser.origin }]);
  await browser.context.addInitScript(([token, user]) => {
    // Init scripts also run in the blank page a tab starts with, which has no storage.
    if (location.protocol.startsWith("http") && !localStorage.getItem("token")) {
      localStorage.setItem("token", token);
      localStorage.setItem("user", user);
    }
  }, [session.token, JSON.stringify(session.user)]);
  return { browser, session };
}

/** A POST with a JSON body. */
export function jsonBody(body: unknown, init: RequestInit = {}): RequestInit {
  return {
    method: "POST",
    ...init,
    headers: { "content-type": "application/json", ...init.headers },
    body: JSON.stringify(body),
  };
}

/**
 * Holds an island's script on the wire until `release` is called, so a test can act on the server's
 * HTML before that island hydrates (issue 24), as a visitor on a slow phone does.
 */
export async function holdIslandCode(browser: TestBrowser, island: string): Promise<() => void> {
  const manifest: BuildManifest = JSON.parse(await Deno.readTextFile(manifestPath()));
  const src = manifest.islands[island]?.src;
  if (!src) throw new Error(`no built island named ${island}`);
  let release = () => {};
  const released = new Promise<void>((resolve) => release = resolve);
  await browser.context.route(`**${src}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
