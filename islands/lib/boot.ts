import { afterFirstView } from "./after_first_view.ts";
import { enhancePage } from "./page_features.ts";
import {
  createLifecycle,
  holdsRemembered,
  parseHydrate,
  type RememberedLookup,
  schedule,
  type Signals,
} from "./hydrate_strategy.ts";
import { readStored } from "./storage.ts";
import { readCookie } from "./cookies.ts";

/**
 * The page's only eager script: small and free of React. It turns on the plain-DOM
 * features, then hydrates each `<lh-island>` when its strategy says so by importing that island's
 * entry, which brings React along the first time. `<html data-islands-ready>` is set once every
 * `load` island has hydrated (at once on a page with none): tests and tooling wait on it.
 */

/** An island's entry: hydrates the marker, resolving once React has committed it. */
type Mount = (marker: HTMLElement) => Promise<void>;

/** How near the viewport a `visible` island hydrates, so it is live before the visitor reaches it. */
const VISIBLE_MARGIN = "300px 0px";
const INTERACTION_EVENTS = ["pointerdown", "keydown", "focusin"] as const;

const entries: Record<string, string> = JSON.parse(
  document.getElementById("lh-island-entries")?.textContent ?? "{}",
);

/** Something the visitor did before the island hydrated, done again once it has. */
type Replay = () => void;

const lifecycle = createLifecycle<HTMLElement, Replay>(
  async (marker) => {
    const name = marker.dataset.island ?? "";
    const src = entries[name];
    if (!src) throw new Error(`no script for island "${name}"`);
    const { default: mount }: { default: Mount } = await import(src);
    await mount(marker);
    marker.dataset.hydrated = "true";
  },
  (replay) => replay(),
  (marker, error) => console.error(`Island "${marker.dataset.island}" could not load:`, error),
);

/**
 * A `<lh-island>` is `display: contents` (no box of its own), so what is watched is what it holds.
 * Without IntersectionObserver the island hydrates at once rather than never.
 */
function whenVisible(marker: HTMLElement, wake: () => void) {
  if (!("IntersectionObserver" in globalThis)) {
    wake();
    return () => {};
  }
  const observer = new IntersectionObserver((seen) => {
    if (seen.some((entry) => entry.isIntersecting)) wake();
  }, { rootMargin: VISIBLE_MARGIN });
  for (const child of marker.children) observer.observe(child);
  return () => observer.disconnect();
}

function whenTouched(marker: HTMLElement, wake: () => void) {
  for (const type of INTERACTION_EVENTS) marker.addEventListener(type, wake, { once: true });
  return () => {
    for (const type of INTERACTION_EVENTS) marker.removeEventListener(type, wake);
  };
}

/** `idle` waits for the first view to be on screen, so React never competes with it. */
const signals: Signals<HTMLElement> = {
  visible: whenVisible,
  idle: afterFirstView,
  interaction: whenTouched,
};

/**
 * Clicks whose default action works without script and is what the visitor wants at once: following a
 * link, and typing, ticking or choosing in a form field or its label. They go through (and start the
 * island hydrating); a form island adopts what was changed once it has hydrated
 * (islands/lib/changed_before_hydration.ts). Buttons are not among them: a submit button would send the
 * form without its script.
 */
const WORKS_WITHOUT_SCRIPT =
  "a[href], label, select, textarea, input:not([type=submit], [type=button], [type=image], [type=reset])";

/**
 * Other clicks inside an island that has not hydrated are held (their default action too, so a disclosure
 * does not toggle twice) and replayed once it has: the first tap on the carousel still plays the video.
 * The click's user activation lasts a few seconds (5 in Chromium), longer than the island's code takes
 * on a usual connection, so a replayed play() with sound is still allowed.
 */
document.addEventListener("click", (event) => {
  const marker = (event.target as Element).closest?.("lh-island") as HTMLElement | null;
  if (!marker || !event.isTrusted) return;
  if ((event.target as Element).closest(WORKS_WITHOUT_SCRIPT)) {
    lifecycle.start(marker);
    return;
  }
  const { clientX, clientY, screenX, screenY, button, buttons, detail } = event;
  const init = {
    bubbles: true,
    cancelable: true,
    composed: true,
    clientX,
    clientY,
    screenX,
    screenY,
    button,
    buttons,
    detail,
  };
  const target = event.target!;
  if (!lifecycle.hold(marker, () => target.dispatchEvent(new MouseEvent("click", init)))) return;
  startNamedMedia(target as Element);
  event.preventDefault();
  event.stopImmediatePropagation();
}, { capture: true });

/**
 * A control that starts a song or video names its element in `data-plays` (the reveal's 'Tap to
 * Open!'). Safari lets sound start only inside the tap itself, not in the replay after the island has
 * hydrated, so a held tap starts it here; the island's own handler then finds it playing.
 */
function startNamedMedia(target: Element) {
  const id = target.closest<HTMLElement>("[data-plays]")?.dataset.plays;
  const media = id ? document.getElementById(id) : null;
  if (!(media instanceof HTMLMediaElement) || !media.paused) return;
  media.play().catch((error: unknown) => console.info("The media could not start playing:", error));
}

/**
 * A form inside an island that has not hydrated is not sent as plain HTML (it would go nowhere useful
 * and put what was typed in the address): the sending is held and asked for again once the island has
 * hydrated, so its own checks run. Enter in a field sends a form by an untrusted click on its button,
 * which the click holder above leaves alone, so the submission itself is what is held. A form that
 * names its `action` is built to work as plain HTML (the admin list's "Go to page") and goes at once.
 */
document.addEventListener("submit", (event) => {
  const form = event.target as HTMLFormElement;
  if (form.hasAttribute("action")) return;
  const marker = form.closest?.("lh-island") as HTMLElement | null;
  const submitter = event.submitter;
  if (!marker || !lifecycle.hold(marker, () => form.requestSubmit(submitter))) return;
  event.preventDefault();
  event.stopImmediatePropagation();
}, { capture: true });

/**
 * Focus moving through an island that has not hydrated is heard again once it has, in order with the
 * held clicks, so its handlers see each field the visitor went through (the order form counts them:
 * "Form Field Focused", "Form Field Completed"). Focus itself is never held: the field has it at once.
 * A held event goes no further, as held clicks do: while the island hydrates, React is already listening
 * and would hear it, and then its replay, out of order (a field counted before the ones visited first).
 */
for (const type of ["focusin", "focusout"] as const) {
  document.addEventListener(type, (event) => {
    const marker = (event.target as Element).closest?.("lh-island") as HTMLElement | null;
    if (!marker || !event.isTrusted) return;
    const { target, relatedTarget } = event;
    const init = { bubbles: true, composed: true, relatedTarget };
    if (lifecycle.hold(marker, () => target!.dispatchEvent(new FocusEvent(type, init)))) {
      event.stopImmediatePropagation();
    }
  }, { capture: true });
}

/**
 * The code of the islands that wait for a touch is fetched into the cache once the first view is on
 * screen, and runs only on the touch (routes/assets.ts says why). Not for a visitor who asked their
 * browser to save data: they pay for it on the touch instead.
 */
function prefetchTouchedIslands() {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const files: string[] = JSON.parse(document.getElementById("lh-island-prefetch")?.textContent ?? "[]");
  for (const href of files) {
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.href = href;
    document.head.append(link);
  }
}

const remembered: RememberedLookup = (where, name) =>
  where === "query"
    ? new URLSearchParams(location.search).has(name)
    : where === "cookie"
    ? readCookie(name) !== null
    : readStored(name, where) !== null;

enhancePage();
const atLoad: Promise<void>[] = [];
for (const marker of document.querySelectorAll<HTMLElement>("lh-island")) {
  const strategy = parseHydrate(marker.dataset.hydrate);
  if (strategy === "load" || holdsRemembered(marker.dataset.atOnceIf, remembered)) {
    atLoad.push(lifecycle.start(marker));
  } else schedule(strategy, marker, signals, () => lifecycle.start(marker));
}
afterFirstView(prefetchTouchedIslands);
Promise.all(atLoad).then(() => document.documentElement.dataset.islandsReady = "true");
