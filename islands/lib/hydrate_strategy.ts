/**
 * When an island hydrates. The rules live here without the DOM so they can be tested
 * alone; islands/lib/boot.ts supplies the browser's signals (observer, idle callback, listeners).
 */
const HYDRATE_STRATEGIES = ["load", "visible", "idle", "interaction"] as const;
export type Hydrate = typeof HYDRATE_STRATEGIES[number];

/** A marker from an older page or a typo hydrates at once: late is worse than early. */
export function parseHydrate(value: string | undefined): Hydrate {
  return HYDRATE_STRATEGIES.includes(value as Hydrate) ? value as Hydrate : "load";
}

/** The same island placed twice: the page must preload its code if either placement needs it at once. */
export function strongerHydrate(current: Hydrate | undefined, next: Hydrate): Hydrate {
  return current === "load" || next === "load" ? "load" : current ?? next;
}

/**
 * Something a browser may hold that an island's server HTML cannot show: a parameter in the address
 * (`query:ref`), a key in local or session storage (`session:orderFormDraft`), or a cookie scripts
 * may read (`cookie:lh_referral`).
 */
export type RememberedPlace = "query" | "local" | "session" | "cookie";
export type Remembered = `${RememberedPlace}:${string}`;
const REMEMBERED_PLACES: readonly string[] = [
  "query",
  "local",
  "session",
  "cookie",
] satisfies RememberedPlace[];

/** Asks the browser whether it holds one such thing. */
export type RememberedLookup = (where: RememberedPlace, name: string) => boolean;

/**
 * An island that would wait for its signal hydrates at once when the browser holds anything it
 * restores (its marker's `data-at-once-if`, space-separated): a returning parent's draft is on
 * screen from the start, not after their first touch. Unknown places count as nothing held.
 */
export function holdsRemembered(tokens: string | undefined, lookup: RememberedLookup): boolean {
  return (tokens ?? "").split(" ").some((token) => {
    const colon = token.indexOf(":");
    const where = token.slice(0, colon);
    const name = token.slice(colon + 1);
    if (colon < 1 || !name) return false;
    return REMEMBERED_PLACES.includes(where) && lookup(where as RememberedPlace, name);
  });
}

/** Each signal calls `wake` once when due and returns a function that stops waiting. */
export interface Signals<M> {
  visible(marker: M, wake: () => void): () => void;
  idle(wake: () => void): () => void;
  interaction(marker: M, wake: () => void): () => void;
}

/** Calls `start` when the strategy's signal comes; the returned function gives up waiting. */
export function schedule<M>(
  strategy: Hydrate,
  marker: M,
  signals: Signals<M>,
  start: () => void,
): () => void {
  if (strategy === "load") {
    start();
    return () => {};
  }
  let stop = () => {};
  const wake = () => {
    stop();
    start();
  };
  stop = strategy === "visible"
    ? signals.visible(marker, wake)
    : strategy === "idle"
    ? signals.idle(wake)
    : signals.interaction(marker, wake);
  return () => stop();
}

export interface Lifecycle<M, C> {
  /** Hydrates the marker unless it is already under way; resolves once it has hydrated (or failed). */
  start(marker: M): Promise<void>;
  /**
   * A click inside a marker: true when it must be held (the island has not hydrated yet), and then
   * hydration starts at once, whatever the strategy: the visitor needs the island now.
   */
  hold(marker: M, click: C): boolean;
}

/**
 * Hydration once per marker, and the clicks made before it: held, then replayed in order when the
 * island has hydrated, so a tap on a not-yet-live button still does what it says. Should the island's
 * code fail to load, the held clicks are replayed anyway, for whatever the plain HTML does with them.
 */
export function createLifecycle<M, C>(
  hydrate: (marker: M) => Promise<void>,
  replay: (click: C) => void,
  onError: (marker: M, error: unknown) => void,
): Lifecycle<M, C> {
  const started = new Map<M, Promise<void>>();
  const held = new Map<M, C[]>();
  const done = new Set<M>();
  const start = (marker: M) => {
    let hydrated = started.get(marker);
    if (!hydrated) {
      hydrated = hydrate(marker).catch((error) => onError(marker, error)).then(() => {
        done.add(marker);
        const clicks = held.get(marker) ?? [];
        held.delete(marker);
        for (const click of clicks) replay(click);
      });
      started.set(marker, hydrated);
    }
    return hydrated;
  };
  return {
    start,
    hold(marker, click) {
      if (done.has(marker)) return false;
      held.set(marker, [...held.get(marker) ?? [], click]);
      start(marker);
      return true;
    },
  };
}
