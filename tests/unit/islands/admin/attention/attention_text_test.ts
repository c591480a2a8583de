import { assertEquals } from "@std/assert";
import type {
  AttentionAnswer,
  AttentionGroup,
  AttentionOrder,
} from "../../../../../domain/admin/attention.ts";
import { parseListQuery } from "../../../../../domain/admin/list_query.ts";
import {
  countText,
  groupsToShow,
  groupTitle,
  orderHref,
  orderNote,
  storageOutageText,
  tabHref,
  tabLinkText,
} from "../../../../../islands/admin/attention/attention_text.ts";

const CHECKED = "2026-01-15T12:00:00.000Z";
const ago = (minutes: number) => new Date(Date.parse(CHECKED) - minutes * 60_000).toISOString();
const ahead = (minutes: number) => new Date(Date.parse(CHECKED) + minutes * 60_000).toISOString();

const order = (more: Partial<AttentionOrder> = {}): AttentionOrder => ({
  id: "o-1",
  orderNumber: 1003,
  childName: "Mia",
  filter: "failed",
  since: ago(185),
  ...more,
});

const none: AttentionGroup = { count: 0, atLeast: false, orders: [] };
const answer = (more: Partial<AttentionAnswer> = {}): AttentionAnswer => ({
  failed: none,
  overdueSends: none,
  reviewWaiting: none,
  datedAtRisk: none,
  pastPromise: none,
  storageWait: none,
  storageOutage: null,
  reviewWaitHours: 12,
  promiseHours: 24,
  checkedAt: CHECKED,
  ...more,
});

Deno.test("attention: each group says what is wrong and for how long, from the server's clock", () => {
  assertEquals(orderNote("failed", order(), CHECKED), "failed 3 h 5 min ago");
  assertEquals(orderNote("reviewWaiting", order({ since: ago(13 * 60) }), CHECKED), "ready 13 h ago");
  assertEquals(
    orderNote("overdueSends", order({ since: ago(5), job: "delivery" }), CHECKED),
    "song email due 5 min ago",
  );
  assertEquals(
    orderNote("overdueSends", order({ since: ago(2), job: "confirmation-email" }), CHECKED),
    "confirmation email due 2 min ago",
  );
  assertEquals(
    orderNote("pastPromise", order({ since: ago(33 * 60 + 5) }), CHECKED),
    "ordered 33 h 5 min ago",
  );
});

Deno.test("attention: a dated order says the family's moment, and how long is left to approve or that it is too late", () => {
  const requestedDelivery = { at: "2026-01-16T08:00:00.000Z", timeZone: "Europe/London" };
  const soon = order({ requestedDelivery, risk: "soon", approveBy: ahead(125), since: requestedDelivery.at });
  assertEquals(orderNote("datedAtRisk", soon, CHECKED), "For 16 Jan 8:00 London: approve within 2 h 5 min");
  assertEquals(
    orderNote("datedAtRisk", { ...soon, risk: "missed", approveBy: ago(60) }, CHECKED),
    "For 16 Jan 8:00 London: too late to make it",
  );
});

Deno.test("attention: an order's link opens the dashboard on its tab, searched for its number, scrolled to the list", () => {
  const href = orderHref(order());
  assertEquals(href, "/admin/orders?filter=failed&q=%231003#admin-filter-panel-failed");
  // The dashboard reads that address as the failed tab searched for #1003.
  const url = new URL(href, "http://localhost");
  const { filter, q } = parseListQuery(url.searchParams);
  assertEquals({ filter, q }, { filter: "failed", q: "#1003" });
  assertEquals(orderHref(order({ filter: "all" })), "/admin/orders?q=%231003#admin-filter-panel-all");
  assertEquals(tabHref("review"), "/admin/orders?filter=review#admin-filter-panel-review");
  assertEquals(tabLinkText("dated"), "Open the For a date tab");
});

Deno.test("attention: only groups with something in them are shown, most urgent first; capped counts say so", () => {
  assertEquals(groupsToShow(answer()), []);
  const some = { count: 2, atLeast: false, orders: [order()] };
  assertEquals(
    groupsToShow(answer({ reviewWaiting: some, failed: some, datedAtRisk: some, pastPromise: some })),
    ["failed", "pastPromise", "datedAtRisk", "reviewWaiting"],
  );
  assertEquals(groupTitle("pastPromise", answer()), "Past the 24-hour promise");
  assertEquals(countText(some), "2");
  assertEquals(countText({ ...some, count: 100, atLeast: true }), "100+");
  assertEquals(groupTitle("reviewWaiting", answer({ reviewWaitHours: 24 })), "In review over 24 h");
});

Deno.test("attention: songs waiting for audio storage come right after failed ones, with the outage in staff's words", () => {
  const some = { count: 1, atLeast: false, orders: [order()] };
  assertEquals(groupsToShow(answer({ pastPromise: some, storageWait: some, failed: some })), [
    "failed",
    "storageWait",
    "pastPromise",
  ]);
  assertEquals(groupTitle("storageWait", answer()), "Waiting for audio storage");
  assertEquals(
    orderNote("storageWait", order({ since: ago(12) }), CHECKED),
    "ready 12 min ago, not yet kept",
  );
  const outage = { since: ago(35), lastFailedAt: ago(1), lastError: "Could not write blobs/x: fetch failed" };
  assertEquals(
    storageOutageText(outage, CHECKED),
    "Audio storage unreachable for 35 min: finished songs wait for it (none is failed and no family is " +
      "emailed), and are kept in KV after an hour. Last error: Could not write blobs/x: fetch failed",
  );
});
