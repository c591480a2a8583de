import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { cssFor } from "../components/css.ts";
import { Layout } from "../components/Layout.tsx";
import { escapeHtml } from "../domain/html.ts";
import { SITE_NAME } from "../domain/site.ts";
import { IslandCollector } from "../islands/marker.tsx";
import type { SessionUser } from "../domain/users.ts";
import type { AppDeps, AppEnv } from "./env.ts";

export interface PageOptions {
  /** The page's own title; the document title adds the shop's name. */
  title: string;
  description?: string;
  status?: ContentfulStatusCode;
  /** Landing page: navigation entries scroll in place instead of linking back to `/`. */
  onLanding?: boolean;
  /** Pages behind a token or a sign-in are kept out of search engines. */
  noindex?: boolean;
  /**
   * Set on pages whose HTML depends on nothing but the visitor being signed out (landing, legal,
   * 404): their rendered parts are then reused for every anonymous request under this key.
   */
  anonymousCacheKey?: string;
  /** Without the site's navigation and footer: a page that stands in for someone else's (checkout). */
  bare?: boolean;
}

const BODY_OPEN = `<body class="bg-white text-slate-900 antialiased">`;

const DEFAULT_DESCRIPTION =
  "Magical personalized songs for kids: tell us about your child and get a unique song within 24 hours.";

/** Everything of a page but the per-request nonce. */
export interface RenderedParts {
  head: string;
  css: string;
  scripts: string;
  htmlAttributes: string;
  body: string;
}

/**
 * Renders a page inside the shared layout to a complete HTML document: React on the server,
 * the CSS for exactly the classes used, and module scripts only for the islands the page rendered.
 */
export function renderPage(c: Context<AppEnv>, page: ReactElement, options: PageOptions) {
  const { deps, user, secureHeadersNonce: nonce } = c.var;
  const key = !user && options.anonymousCacheKey;
  let parts = key ? deps.anonymousPages.get(key) : undefined;
  if (!parts) {
    parts = renderParts(page, options, user, deps);
    if (key) deps.anonymousPages.set(key, parts);
  }
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  // A page that shows who is signed in must not be kept by a shared cache or the back button.
  if (user) c.header("cache-control", "private, no-store");
  const html = `<!DOCTYPE html><html lang="en"${parts.htmlAttributes}><head>${parts.head}` +
    `<style${nonceAttribute}>${parts.css}</style>${parts.scripts}</head>${BODY_OPEN}${parts.body}</body></html>`;
  return c.html(html, options.status ?? 200);
}

function renderParts(
  page: ReactElement,
  options: PageOptions,
  user: SessionUser | null,
  deps: AppDeps,
): RenderedParts {
  const islands = new Set<string>();
  const body = renderToString(
    <IslandCollector.Provider value={islands}>
      {options.bare ? page : <Layout user={user} onLanding={options.onLanding ?? false}>{page}</Layout>}
    </IslandCollector.Provider>,
  );
  const { scripts, preloads, classes } = deps.assets.forIslands(islands);
  const head = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(`${options.title} | ${SITE_NAME}`)}</title>`,
    `<meta name="description" content="${escapeHtml(options.description ?? DEFAULT_DESCRIPTION)}">`,
    options.noindex ? `<meta name="robots" content="noindex">` : "",
    `<meta name="theme-color" content="#7c3aed">`,
    `<link rel="icon" href="/favicon.ico" sizes="48x48">`,
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
    `<link rel="apple-touch-icon" href="/apple-touch-icon.png">`,
    `<link rel="manifest" href="/site.webmanifest">`,
    ...preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
  ].join("");
  // Pages without islands are interactive as soon as they load; tests wait on this flag.
  const ready = islands.size === 0 ? ` data-islands-ready="true"` : "";
  const analytics = deps.config.env === "development" ? ` data-analytics="console"` : "";
  // Tells the client boot the server saw a session, so it can drop a token the server no longer honours.
  const signedIn = user ? ` data-signed-in="true"` : "";
  return {
    head,
    css: cssFor(BODY_OPEN + body, classes),
    scripts: scripts.map((src) => `<script type="module" src="${src}"></script>`).join(""),
    htmlAttributes: ready + analytics + signedIn,
    body,
  };
}
