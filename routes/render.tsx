import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { stylesheetFor } from "../components/css.ts";
import { Layout } from "../components/Layout.tsx";
import { IslandCollector } from "../islands/marker.tsx";
import type { Hydrate } from "../islands/lib/hydrate_strategy.ts";
import { AdminSettings } from "../islands/mod.ts";
import type { SessionUser } from "../domain/account/users.ts";
import { jsonLdText } from "../domain/site/seo.ts";
import { pageAnalyticsModes } from "../domain/analytics/browser_events.ts";
import type { AppDeps, AppEnv } from "./request_context.ts";
import { type HeadOptions, pageHead } from "./page_head.ts";
import { type CachedPage, cachePage, preferredEncoding } from "./page_cache.ts";

export interface PageOptions extends HeadOptions {
  status?: ContentfulStatusCode;
  /** Images the first view needs (the hero's poster), fetched before the stylesheet finds them. */
  preloadImages?: string[];
  /** Landing page: navigation entries scroll in place instead of linking back to `/`. */
  onLanding?: boolean;
  /**
   * Set on pages whose HTML depends on nothing but the visitor being signed out (landing, legal,
   * 404): the finished page is then reused for every anonymous request under this key.
   */
  anonymousCacheKey?: string;
  /** Without the site's navigation and footer: a page that stands in for someone else's (checkout). */
  bare?: boolean;
}

const BODY_OPEN = `<body class="bg-white text-slate-900 antialiased">`;

/**
 * Renders a page inside the shared layout to a complete HTML document: React on the server,
 * the CSS for exactly the classes used, and module scripts only for the islands the page rendered.
 * A page that is the same for every signed-out visitor is rendered once and then served from the
 * page cache, compressed as the client prefers.
 */
export function renderPage(c: Context<AppEnv>, page: ReactElement, options: PageOptions) {
  const { deps, user } = c.var;
  const status = options.status ?? 200;
  const key = !user && options.anonymousCacheKey;
  if (key) {
    let cached = deps.anonymousPages.get(key);
    if (!cached) {
      const document = renderDocument(page, options, user, deps, c.req.path);
      cached = cachePage(document.html, status, document.styleSource);
      deps.anonymousPages.set(key, cached);
    }
    return sendCachedPage(c, cached);
  }
  const document = renderDocument(page, options, user, deps, c.req.path);
  c.set("styleSource", document.styleSource);
  // A page that shows who is signed in must not be kept by a shared cache or the back button.
  if (user) c.header("cache-control", "private, no-store");
  return c.html(document.html, status);
}

function sendCachedPage(c: Context<AppEnv>, page: CachedPage) {
  c.set("styleSource", page.styleSource);
  const encoding = preferredEncoding(c.req.header("accept-encoding"));
  const headers: Record<string, string> = {
    "content-type": "text/html; charset=UTF-8",
    "vary": "Accept-Encoding",
  };
  if (encoding) headers["content-encoding"] = encoding;
  const body = encoding ? page[encoding] : page.identity;
  return c.body(body, page.status as ContentfulStatusCode, headers);
}

function renderDocument(
  page: ReactElement,
  options: PageOptions,
  user: SessionUser | null,
  deps: AppDeps,
  path: string,
): { html: string; styleSource: string } {
  const islands = new Map<string, Hydrate>();
  const body = renderToString(
    <IslandCollector.Provider value={islands}>
      {options.bare ? page : (
        <Layout
          user={user}
          onLanding={options.onLanding ?? false}
          // Opens the prompt editor from the navigation's admin settings entries (demo users only).
          overlay={user?.isDemo && <AdminSettings />}
        >
          {page}
        </Layout>
      )}
    </IslandCollector.Provider>,
  );
  const { scripts, preloads, entries, prefetch, classes } = deps.assets.forIslands(islands);
  const head = pageHead(options, {
    appUrl: deps.config.appUrl,
    path,
    preloads,
    preloadImages: options.preloadImages,
  });
  // Pages without islands are interactive as soon as they load; tests wait on this flag.
  const ready = islands.size === 0 ? ` data-islands-ready="true"` : "";
  const modes = pageAnalyticsModes(deps.config);
  const analytics = modes.length > 0 ? ` data-analytics="${modes.join(" ")}"` : "";
  // Tells the client boot the server saw a session, so it can drop a token the server no longer honours.
  const signedIn = user ? ` data-signed-in="true"` : "";
  const { css, cspSource } = stylesheetFor(BODY_OPEN + body, classes);
  // Data, not code: the CSP's script-src governs only scripts the browser would run.
  const entryData = scripts.length > 0
    ? `<script type="application/json" id="lh-island-entries">${jsonLdText(entries)}</script>`
    : "";
  const prefetchData = prefetch.length > 0
    ? `<script type="application/json" id="lh-island-prefetch">${jsonLdText(prefetch)}</script>`
    : "";
  const scriptTags = entryData + prefetchData +
    scripts.map((src) => `<script type="module" src="${src}"></script>`).join("");
  const html = `<!DOCTYPE html><html lang="en"${ready}${analytics}${signedIn}><head>${head}` +
    `<style>${css}</style>${scriptTags}</head>${BODY_OPEN}${body}</body></html>`;
  return { html, styleSource: cspSource };
}
