import { ADMIN_FILTER_LABELS, type AdminFilter } from "../../../domain/admin/order_list.ts";
import type {
  AttentionAnswer,
  AttentionGroup,
  AttentionGroupName,
  AttentionOrder,
} from "../../../domain/admin/attention.ts";
import type { JobName } from "../../../domain/order/due_work.ts";
import type { StorageOutage } from "../../../domain/admin/storage_outage.ts";
import { waited } from "./backlog_text.ts";
import { FILTER_TABS_ID } from "../list/FilterTabs.tsx";
import { requestedShort } from "../requested_date.ts";
import { panelId } from "../Tabs.tsx";

/**
 * The "Needs attention" panel's words and links (AttentionPanel.tsx). Times are said from the
 * server's `checkedAt`, not the browser's clock, which may be wrong or in another day.
 */

/** The groups in the order staff should act on them: what has gone wrong, then what is about to. */
const GROUP_ORDER: readonly AttentionGroupName[] = [
  "failed",
  "storageWait",
  "overdueSends",
  "pastPromise",
  "datedAtRisk",
  "reviewWaiting",
];

/**
 * A group's heading, and the tab that lists all its kind (none for late sends and broken promises,
 * which span tabs).
 */
export function groupTitle(name: AttentionGroupName, answer: AttentionAnswer): string {
  switch (name) {
    case "failed":
      return "Failed songs";
    case "storageWait":
      return "Waiting for audio storage";
    case "overdueSends":
      return "Sends overdue";
    case "pastPromise":
      return `Past the ${answer.promiseHours}-hour promise`;
    case "datedAtRisk":
      return "Dates at risk";
    case "reviewWaiting":
      return `In review over ${answer.reviewWaitHours} h`;
  }
}

export const GROUP_TAB: Record<AttentionGroupName, AdminFilter | null> = {
  failed: "failed",
  storageWait: null,
  overdueSends: null,
  pastPromise: null,
  datedAtRisk: "dated",
  reviewWaiting: "review",
};

/** "3", or "100+" when the server stopped counting. */
export const countText = (group: AttentionGroup) => `${group.count}${group.atLeast ? "+" : ""}`;

const JOB_WORDS: Record<JobName, string> = {
  delivery: "song email",
  "confirmation-email": "confirmation email",
  "failure-email": "failure email",
  "lyrics-timing": "timed lyrics",
  generation: "song step",
};

/** What is wrong with one order, after its number and child's name. */
export function orderNote(name: AttentionGroupName, order: AttentionOrder, checkedAt: string): string {
  const ago = waited(order.since, checkedAt);
  switch (name) {
    case "failed":
      return `failed ${ago} ago`;
    case "storageWait":
      return `ready ${ago} ago, not yet kept`;
    case "overdueSends":
      return `${JOB_WORDS[order.job ?? "delivery"]} due ${ago} ago`;
    case "pastPromise":
      return `ordered ${ago} ago`;
    case "reviewWaiting":
      return `ready ${ago} ago`;
    case "datedAtRisk": {
      const when = order.requestedDelivery ? requestedShort(order.requestedDelivery) : "For its date";
      if (order.risk === "missed") return `${when}: too late to make it`;
      return `${when}: approve within ${waited(checkedAt, order.approveBy ?? checkedAt)}`;
    }
  }
}

/**
 * The line staff read while our audio bucket is away: how long, that no family is let down by it
 * yet, and the bucket's last words for whoever fixes it.
 */
export function storageOutageText(outage: StorageOutage, checkedAt: string): string {
  return `Audio storage unreachable for ${waited(outage.since, checkedAt)}: finished songs wait for it ` +
    `(none is failed and no family is emailed), and are kept in KV after an hour. Last error: ${outage.lastError}`;
}

/** Where a tab's list is on the page, so the browser scrolls to it on arriving. */
const listAnchor = (filter: AdminFilter) => `#${panelId(FILTER_TABS_ID, filter)}`;

/**
 * The dashboard showing this one order: its tab, searched for its number. The list has no address
 * for one order's dialog, and its row is one click from there.
 */
export function orderHref(order: Pick<AttentionOrder, "filter" | "orderNumber">): string {
  const params = new URLSearchParams();
  if (order.filter !== "all") params.set("filter", order.filter);
  params.set("q", `#${order.orderNumber}`);
  return `/admin/orders?${params}${listAnchor(order.filter)}`;
}

export const tabHref = (filter: AdminFilter) => `/admin/orders?filter=${filter}${listAnchor(filter)}`;

export const tabLinkText = (filter: AdminFilter) => `Open the ${ADMIN_FILTER_LABELS[filter]} tab`;

/** The groups with something in them, in GROUP_ORDER. */
export const groupsToShow = (answer: AttentionAnswer) =>
  GROUP_ORDER.filter((name) => answer[name].count > 0 || answer[name].orders.length > 0);
