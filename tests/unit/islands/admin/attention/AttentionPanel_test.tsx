import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { renderToString } from "react-dom/server";
import type {
  AttentionAnswer,
  AttentionGroup,
  AttentionOrder,
} from "../../../../../domain/admin/attention.ts";
import { AttentionView } from "../../../../../islands/admin/attention/AttentionPanel.tsx";

const CHECKED = "2026-01-15T12:00:00.000Z";
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
const failedOrder = (orderNumber: number): AttentionOrder => ({
  id: `o-${orderNumber}`,
  orderNumber,
  childName: `Kid ${orderNumber}`,
  filter: "failed",
  since: "2026-01-15T09:00:00.000Z",
});

Deno.test("attention panel: one line when nothing needs attention", () => {
  const html = renderToString(<AttentionView answer={answer()} />);
  assertStringIncludes(html, "Nothing needs attention right now.");
  assert(!html.includes("<a "));
});

Deno.test("attention panel: each order links to itself; a group with more than it lists links to its tab", () => {
  const shown = [1000, 1001, 1002, 1003, 1004].map(failedOrder);
  const html = renderToString(
    <AttentionView
      answer={answer({
        failed: { count: 7, atLeast: false, orders: shown },
        overdueSends: { count: 9, atLeast: false, orders: [{ ...failedOrder(1005), job: "delivery" }] },
      })}
    />,
  );
  assertEquals(html.match(/href="\/admin\/orders\?filter=failed&amp;q=%23100\d#/g)?.length, 6);
  assertStringIncludes(html, "failed 3 h ago");
  assertStringIncludes(html, `href="/admin/orders?filter=failed#admin-filter-panel-failed"`);
  assertStringIncludes(html, "Open the Failed tab");
  // Late sends span tabs: there is no one tab to send staff to.
  assertEquals(html.match(/Open the /g)?.length, 1);
  assert(!html.includes("Nothing needs attention"));
});

Deno.test("attention panel: a group whose orders are all listed has no tab link", () => {
  const html = renderToString(
    <AttentionView answer={answer({ failed: { count: 1, atLeast: false, orders: [failedOrder(1000)] } })} />,
  );
  assert(!html.includes("Open the Failed tab"));
});

Deno.test("attention panel: an audio storage outage is said even with no order listed, and nothing claims all is well", () => {
  const storageOutage = {
    since: "2026-01-15T11:20:00.000Z",
    lastFailedAt: "2026-01-15T11:59:00.000Z",
    lastError: "fetch failed",
  };
  const html = renderToString(<AttentionView answer={answer({ storageOutage })} />);
  assertStringIncludes(html, "Audio storage unreachable for 40 min");
  assert(!html.includes("Nothing needs attention"));
});
