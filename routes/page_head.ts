import { escapeHtml } from "../domain/email/html.ts";
import { DEFAULT_DESCRIPTION, jsonLdText, SOCIAL_IMAGE } from "../domain/site/seo.ts";
import { SITE_NAME } from "../domain/site/site.ts";

export interface HeadOptions {
  title: string;
  description?: string;
  noindex?: boolean;
  /** schema.org JSON-LD for search engines (the landing page's product and FAQ). */
  structuredData?: object;
}

export interface HeadContext {
  appUrl: string;
  /** The page's path without its query: the canonical address of what it shows. */
  path: string;
  preloads: string[];
  /** Files the page needs early, such as the hero video's poster: `<link rel="preload">`. */
  preloadImages?: string[];
}

/**
 * The `<head>` of a page, before its stylesheet and scripts. Pages open to search engines also get
 * a canonical address and the social card that link previews show.
 */
export function pageHead(options: HeadOptions, context: HeadContext): string {
  const title = `${options.title} | ${SITE_NAME}`;
  const description = options.description ?? DEFAULT_DESCRIPTION;
  const attribute = escapeHtml;
  const tags = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${attribute(description)}">`,
    `<meta name="theme-color" content="#7c3aed">`,
    // Raster icons only: Chromium draws an SVG icon in the page's own main thread, as a document of its
    // own, after the page has painted: a long task a phone counts as blocking (docs/pages.md).
    `<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48">`,
    `<link rel="apple-touch-icon" href="/apple-touch-icon.png">`,
    `<link rel="manifest" href="/site.webmanifest">`,
    ...(context.preloadImages ?? []).map((href) =>
      `<link rel="preload" as="image" href="${attribute(href)}" fetchpriority="high">`
    ),
    ...context.preloads.map((href) => `<link rel="modulepreload" href="${attribute(href)}">`),
  ];
  if (options.noindex) {
    tags.push(`<meta name="robots" content="noindex">`);
  } else {
    const url = context.appUrl + context.path;
    const image = context.appUrl + SOCIAL_IMAGE.path;
    tags.push(
      `<link rel="canonical" href="${attribute(url)}">`,
      `<meta property="og:type" content="website">`,
      `<meta property="og:site_name" content="${SITE_NAME}">`,
      `<meta property="og:title" content="${attribute(title)}">`,
      `<meta property="og:description" content="${attribute(description)}">`,
      `<meta property="og:url" content="${attribute(url)}">`,
      `<meta property="og:image" content="${attribute(image)}">`,
      `<meta property="og:image:width" content="${SOCIAL_IMAGE.width}">`,
      `<meta property="og:image:height" content="${SOCIAL_IMAGE.height}">`,
      `<meta property="og:image:alt" content="${attribute(SOCIAL_IMAGE.alt)}">`,
      `<meta name="twitter:card" content="summary_large_image">`,
      `<meta name="twitter:title" content="${attribute(title)}">`,
      `<meta name="twitter:description" content="${attribute(description)}">`,
      `<meta name="twitter:image" content="${attribute(image)}">`,
      `<meta name="twitter:image:alt" content="${attribute(SOCIAL_IMAGE.alt)}">`,
    );
  }
  if (options.structuredData) {
    tags.push(`<script type="application/ld+json">${jsonLdText(options.structuredData)}</script>`);
  }
  return tags.join("");
}
