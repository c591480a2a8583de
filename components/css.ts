import { createHash } from "node:crypto";
import { stringify, twind, virtual } from "twind";
import presetTailwind from "@twind/preset-tailwind";

/**
 * Server-side CSS: twind turns the classes found in a rendered page into a stylesheet that is inlined
 * in the page, so the browser runs no style code. Generating costs about a millisecond, so the result
 * is cached per page shape (its class attributes): a page rendered again with the same classes,
 * whatever its text, reuses the stylesheet.
 */
const tw = twind(
  {
    presets: [presetTailwind()],
    hash: false,
    theme: {
      extend: {
        fontFamily: {
          display: ["ui-rounded", '"Trebuchet MS"', "system-ui", "sans-serif"],
        },
        // The reveal's gift box floats while it waits for its tap, in CSS so it floats before, and
        // without, the island's script (the box hydrates on that tap).
        keyframes: {
          float: { "0%,100%": { transform: "translateY(0)" }, "50%": { transform: "translateY(-10px)" } },
        },
        animation: { float: "float 2.6s ease-in-out infinite" },
        // Twind draws `ring-{colour}` at half opacity (Tailwind draws it solid), which left every
        // focus ring faint: a focus ring must be seen at a glance.
        ringOpacity: { DEFAULT: "1" },
      },
    },
  },
  virtual(),
);

/** Rules every page needs that are not utility classes. */
const BASE_CSS = [
  "lh-island{display:contents}",
  // `hidden` must win over display utilities such as `flex` on the same element.
  "[hidden]{display:none!important}",
  "@media (prefers-reduced-motion:no-preference){html{scroll-behavior:smooth}}",
  "[id]{scroll-margin-top:5rem}",
  // The menu and the FAQ draw their own icons instead of the disclosure triangle.
  ":is(details[data-menu],details[data-faq])>summary{list-style:none}",
  ":is(details[data-menu],details[data-faq])>summary::-webkit-details-marker{display:none}",
].join("");

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const MAX_CACHED_SHAPES = 500;

export interface Stylesheet {
  css: string;
  /** The CSP source that allows exactly this inline stylesheet: `'sha256-…'`. */
  cspSource: string;
}

const cache = new Map<string, Stylesheet>();

/**
 * The stylesheet for a rendered HTML fragment. `extraClasses` are classes the page's islands may add
 * in the browser (from the build manifest): never in the server's HTML, yet they need their CSS.
 * The cache key is the class attributes joined as they appear, which is cheap to build; only a miss
 * pays for splitting, generating and hashing.
 */
export function stylesheetFor(html: string, extraClasses = ""): Stylesheet {
  let shape = extraClasses;
  for (const match of html.matchAll(CLASS_ATTRIBUTE)) shape += "|" + unescapeAttribute(match[1]);
  let stylesheet = cache.get(shape);
  if (stylesheet === undefined) {
    const css = generate(shape);
    stylesheet = { css, cspSource: `'sha256-${createHash("sha256").update(css).digest("base64")}'` };
    if (cache.size >= MAX_CACHED_SHAPES) cache.delete(cache.keys().next().value!);
    cache.set(shape, stylesheet);
  }
  return stylesheet;
}

/**
 * The server's HTML escapes `&` in attributes, but a class such as `[&:has(:focus-visible)]:outline`
 * means the `&` itself; escaped, its selector would never match.
 */
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&#x27;": "'",
  "&lt;": "<",
  "&gt;": ">",
};

function unescapeAttribute(value: string): string {
  return value.includes("&")
    ? value.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity])
    : value;
}

function generate(classList: string): string {
  tw.clear();
  for (const name of new Set(classList.split(/[\s|]+/))) if (name) tw(name);
  return BASE_CSS + stringify(tw.target);
}
