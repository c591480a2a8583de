/**
 * What every test needs in one line or three:
 *   await using t = await createTestApp();          // app + fresh :memory: KV + clock
 *   await using browser = await openBrowser(t);      // the same app served on a free port + Chromium
 *   const page = await browser.open("/");            // navigated, islands hydrated
 */
import { type Browser, chromium, type ConsoleMessage, type Page } from "playwright-core";
import type { AnalyticsEvent, CleanProperties } from "../domain/analytics.ts";
import { type Config, type EnvMap, parseConfig } from "../domain/config.ts";
import type { AnalyticsSink } from "../providers/analytics.ts";
import type { Providers } from "../providers/mod.ts";
import { createApp } from "../routes/app.ts";
import type { Clock } from "../routes/env.ts";

export const CHROMIUM_PATH = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

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
}

export async function createTestApp(options: TestAppOptions = {}) {
  const kv = await Deno.openKv(":memory:");
  const config = testConfig(options.env);
  const clock = new TestClock();
  const analytics = new RecordingAnalytics();
  const providers: Providers = { analytics, ...options.providers };
  const app = createApp({ kv, config, providers, clock });
  return {
    app,
    kv,
    config,
    clock,
    analytics,
    /** `app.request` with a path, for the common case. */
    request: (path: string, init?: RequestInit) => app.request(path, init),
    [Symbol.asyncDispose]() {
      kv.close();
      return Promise.resolve();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Whether Chromium is here; CI sets E2E_REQUIRED so a missing browser fails instead of skipping. */
export const browserAvailable = (() => {
  try {
    return Deno.statSync(CHROMIUM_PATH).isFile;
  } catch {
    return false;
  }
})();
const browserRequired = Deno.env.get("E2E_REQUIRED") === "1";

/** Declares a browser test: skipped with a note where Chromium is missing, unless CI requires it. */
export function e2eTest(name: string, fn: () => Promise<void>) {
  Deno.test({ name, ignore: !browserAvailable && !browserRequired, fn });
}

export interface BrowserOptions {
  /** Viewport width; the spec's breakpoints are 768 (mobile) and 1024 (tablet). */
  width?: number;
  height?: number;
  javaScriptEnabled?: boolean;
}

/**
 * Serves the test app on a free loopback port and opens Chromium on it. Console errors, warnings and
 * uncaught page errors are collected in `problems` so tests can assert a clean run.
 */
export async function openBrowser(t: TestApp, options: BrowserOptions = {}) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, t.app.fetch);
  const origin = `http://127.0.0.1:${server.addr.port}`;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  } catch (error) {
    await server.shutdown();
    throw error;
  }
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    reducedMotion: "reduce",
  });
  const problems: string[] = [];
  const requests: string[] = [];
  context.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  context.on("weberror", (error) => problems.push(`pageerror: ${error.error().message}`));
  context.on("request", (request) => requests.push(request.url()));
  context.on(
    "requestfailed",
    (request) => problems.push(`requestfailed: ${request.url()} ${request.failure()?.errorText}`),
  );
  context.on("response", (response) => {
    if (response.status() >= 400) problems.push(`http ${response.status()}: ${response.url()}`);
  });

  return {
    origin,
    context,
    problems,
    requests,
    /** Opens a path in a new tab and waits until every island on it has hydrated. */
    async open(path: string): Promise<Page> {
      const page = await context.newPage();
      await page.goto(origin + path);
      if (options.javaScriptEnabled !== false) {
        await page.waitForSelector("html[data-islands-ready]", { state: "attached" });
      }
      return page;
    },
    /** Saves a screenshot when SCREENSHOTS_DIR is set, so a person can look at what was built. */
    async screenshot(page: Page, name: string) {
      const dir = Deno.env.get("SCREENSHOTS_DIR");
      if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: !name.includes("viewport") });
    },
    async [Symbol.asyncDispose]() {
      await browser?.close();
      await server.shutdown();
    },
  };
}
