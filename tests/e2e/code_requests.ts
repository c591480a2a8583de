import type { Page } from "playwright-core";

export interface CodeRequest {
  path: string;
  /** `link` for a prefetch (fetched, not run), `script` for an import. */
  how: string;
  /** 0 when it came from the browser's cache. */
  bytes: number;
}

/** Which of these built files the page has asked for, and how (Resource Timing). */
export const codeRequests = (page: Page, files: string[]): Promise<CodeRequest[]> =>
  page.evaluate((files) =>
    performance.getEntriesByType("resource")
      .filter((entry) => files.includes(new URL(entry.name).pathname))
      .map((entry) => ({
        path: new URL(entry.name).pathname,
        how: (entry as PerformanceResourceTiming).initiatorType,
        bytes: (entry as PerformanceResourceTiming).transferSize,
      })), files);

/** The files the page imported to run, leaving out what it only prefetched. */
export const codeImported = async (page: Page, files: string[]): Promise<string[]> =>
  (await codeRequests(page, files)).filter((request) => request.how !== "link").map((request) =>
    request.path
  );
