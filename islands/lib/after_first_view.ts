/**
 * Work a page can do later (hydrating an `idle` island, buffering the reveal's song) waits until the
 * first view is on screen: the page has loaded, its first contentful paint has been shown, and the
 * main thread has an idle moment. The load event alone comes too early: on a slow phone the first
 * frame is often still being drawn then, and a song's download or React's start would compete with it.
 */

/** The longest each wait (the paint, then the idle moment) may take, so the work is late, never lost. */
const WAIT_LIMIT_MS = 3000;
const FIRST_CONTENTFUL_PAINT = "first-contentful-paint";

/** A step of the wait: calls `next` once (at once, or later) and returns a function that stops it. */
type Wait = (next: () => void) => () => void;

/** Runs `work` once the first view is on screen; the returned function gives up waiting. */
export function afterFirstView(work: () => void): () => void {
  let stopped = false;
  let stopCurrent = () => {};
  const wait = (step: Wait, next: () => void) => {
    if (stopped) return;
    let passed = false;
    const stop = step(() => {
      passed = true;
      next();
    });
    // A step that passed at once has already handed over to the next one, whose stop is current.
    if (!passed) stopCurrent = stop;
  };
  wait(afterLoad, () => wait(afterFirstPaint, () => wait(whenIdle, work)));
  return () => {
    stopped = true;
    stopCurrent();
  };
}

function afterLoad(next: () => void): () => void {
  if (document.readyState === "complete") {
    next();
    return () => {};
  }
  addEventListener("load", next, { once: true });
  return () => removeEventListener("load", next);
}

/** Browsers without paint timing (and a tab that stays hidden) wait no longer than the limit. */
function afterFirstPaint(next: () => void): () => void {
  const painted = () => performance.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0;
  const observable = "PerformanceObserver" in globalThis &&
    PerformanceObserver.supportedEntryTypes?.includes("paint");
  if (!observable || painted()) {
    next();
    return () => {};
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    stop();
    next();
  };
  const observer = new PerformanceObserver(() => {
    if (painted()) once();
  });
  observer.observe({ type: "paint", buffered: true });
  const timer = setTimeout(once, WAIT_LIMIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  return () => {
    done = true;
    stop();
  };
}

function whenIdle(work: () => void): () => void {
  if ("requestIdleCallback" in globalThis) {
    const id = requestIdleCallback(work, { timeout: WAIT_LIMIT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
}
