/**
 * The one headless Chromium everything here drives (browser tests, the landing's weight, Lighthouse,
 * the media renderer): Debian's, with the flags that keep it quiet and offline-friendly.
 */
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
