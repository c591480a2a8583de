import { type AnalyticsProperties, isAnalyticsEvent } from "../../domain/analytics/events.ts";
import { afterFirstView } from "./after_first_view.ts";
import { track } from "./analytics.ts";
import { api, ApiError } from "./api.ts";
import { clearSession, hasStoredToken } from "./session.ts";

/**
 * What every page with scripts gets without React: the tiny boot (islands/lib/boot.ts) turns these on
 * before any island hydrates, so the menu and counted links work on a page whose islands wait.
 */
export function enhancePage() {
  enhanceMenus();
  enhanceLogout();
  trackMarkedClicks();
  bufferMediaAfterFirstView();
  // Both read the stored token, and the first read of storage waits on the browser (3 to 10 ms on this
  // project's test machine, longer on a phone). Nothing in the first view depends on them, so they get a
  // task of their own rather than lengthening the boot's.
  setTimeout(() => {
    trackOpenings();
    dropStaleToken();
  });
}

/**
 * What a page's opening stands for in analytics (the order form's "Order Started", the reveal's
 * "Unboxing Viewed") is named by its HTML in `data-track-open`, with the properties the server knows
 * as JSON in `data-track-props`, and counted once here, so it does not wait for an island to hydrate.
 * Whether someone is signed in is added here, as only the browser knows it; it gates nothing.
 */
function trackOpenings() {
  for (const marked of document.querySelectorAll<HTMLElement>("[data-track-open]")) {
    const name = marked.dataset.trackOpen;
    if (name && isAnalyticsEvent(name)) {
      track(name, { ...propertiesOf(marked.dataset.trackProps), signedIn: hasStoredToken() });
    }
  }
}

function propertiesOf(json: string | undefined): AnalyticsProperties {
  try {
    const properties = JSON.parse(json ?? "{}");
    return typeof properties === "object" && properties !== null && !Array.isArray(properties)
      ? properties
      : {};
  } catch {
    return {};
  }
}

/**
 * Media the server renders with `preload="none"` and `data-preload-after-view` (the reveal's song) ask
 * for their bytes only once the page's first view is on screen, so a song's download never competes
 * with the page's first view and its code on a phone's connection, yet it is buffered before the tap.
 */
function bufferMediaAfterFirstView() {
  afterFirstView(() => {
    for (const media of document.querySelectorAll<HTMLMediaElement>("[data-preload-after-view]")) {
      media.preload = media.dataset.preloadAfterView === "metadata" ? "metadata" : "auto";
    }
  });
}

/**
 * Links rendered by plain components (the footer's contact and social links) name their analytics
 * event in `data-track`, and `data-track-target` says which one it was; one listener serves them all.
 */
function trackMarkedClicks() {
  document.addEventListener("click", (event) => {
    const marked = (event.target as Element).closest?.("[data-track]") as HTMLElement | null;
    const name = marked?.dataset.track;
    if (name && isAnalyticsEvent(name)) track(name, { target: marked.dataset.trackTarget ?? null });
  });
}

/** Logging out forgets the stored token too, not only the server session and its cookie. */
function enhanceLogout() {
  document.addEventListener("submit", (event) => {
    if ((event.target as Element).matches?.("form[data-logout]")) clearSession();
  });
}

/**
 * Customer-side §4: a user is signed in only while the user endpoint accepts their token. When the
 * server rendered this page signed out but a token is still stored (a logout on a page without
 * scripts, an expired session), ask once and forget the token if it is refused.
 */
function dropStaleToken() {
  if (document.documentElement.dataset.signedIn || !hasStoredToken()) return;
  api("GET", "/api/auth/user").catch((error) => {
    if (error instanceof ApiError && error.status === 401) clearSession();
  });
}

/**
 * The mobile menu is a `<details>` disclosure so it works with no script at all; where scripts run,
 * add what a script can: close on Escape, on a click outside, and after choosing a link.
 */
function enhanceMenus() {
  const menus = () => document.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]");
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    for (const menu of menus()) {
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
  });
  document.addEventListener("click", (event) => {
    for (const menu of menus()) {
      const target = event.target as Node;
      if (!menu.contains(target) || (target as Element).closest?.("a")) menu.open = false;
    }
  });
}
