// First: Zod must be jitless before any island module builds a schema (see zod_jitless.ts).
import "./zod_jitless.ts";
import { type ComponentType, type ReactNode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { isAnalyticsEvent } from "../../domain/analytics.ts";
import { track } from "./analytics.ts";
import { api, ApiError } from "./api.ts";
import { clearSession, hasStoredToken } from "./session.ts";
import { Toaster } from "./Toaster.tsx";

/**
 * The client runtime, shared by every island entry (the bundler keeps it in one chunk with React).
 * Each island entry calls `hydrate(name, Component)`; when every marker on the page has hydrated,
 * the toaster is mounted and `<html data-islands-ready>` is set for tests and tooling.
 */
let pending = document.querySelectorAll("lh-island").length;

function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    pending -= 1;
    if (pending === 0) ready();
  }, []);
  return children;
}

// deno-lint-ignore no-explicit-any
export function hydrate(name: string, Component: ComponentType<any>) {
  for (const marker of document.querySelectorAll<HTMLElement>(`lh-island[data-island="${name}"]`)) {
    const props = JSON.parse(marker.dataset.props ?? "{}");
    hydrateRoot(
      marker,
      <Hydrated>
        <Component {...props} />
      </Hydrated>,
      {
        onRecoverableError(error) {
          console.error(`Island "${name}" did not hydrate cleanly:`, error);
        },
      },
    );
  }
}

function ready() {
  const host = document.createElement("div");
  host.id = "toaster";
  document.body.append(host);
  createRoot(host).render(<Toaster />);
  enhanceMenus();
  enhanceLogout();
  trackMarkedClicks();
  dropStaleToken();
  document.documentElement.dataset.islandsReady = "true";
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
 * The mobile menu is a `<details>` disclosure so it works with no script at all; where islands
 * load anyway, add what a script can: close on Escape, on a click outside, and after choosing a link.
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
