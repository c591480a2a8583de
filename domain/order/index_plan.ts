import { viewsOf } from "../admin/list_views.ts";
import { type AdminFilter, filterBits, filtersOf } from "../admin/order_list.ts";
import { type SearchIndex, searchTermsOf } from "../admin/search.ts";
import { promiseWaitingSince } from "../admin/attention.ts";
import { releasedAudioOf } from "../delivery/release.ts";
import { type DueWork, dueWorkOf } from "./due_work.ts";
import type { Order } from "./orders.ts";
import { referralTakingsOf } from "../referral/stats.ts";

/**
 * Everything the store keeps beside an order so that no list, count, search or sweep reads every
 * order, derived from the order alone in one call. kv/orders.ts names each part with its key and
 * writes what changed between the plans of the order before and after, in the order's own atomic
 * operation, so an index never says what its order does not.
 */
export interface OrderIndexPlan {
  /** The dashboard's tabs (domain/admin/order_list.ts): a list entry, a counter and a block counter each. */
  filters: AdminFilter[];
  /** The tabs as bits: all a view or search entry holds, since a search reads thousands of them. */
  filterBits: number;
  /** The list's views (domain/admin/list_views.ts), each counted per tab as the tabs are. */
  views: string[];
  /** The search's tokens, kept apart per index (domain/admin/search.ts). */
  search: Record<SearchIndex, string[]>;
  /** The work it waits for (domain/order/due_work.ts). */
  due: DueWork[];
  /** The stage it is listed under: only while in the pipeline (a failed order keeps its stage to show). */
  stage: string | null;
  /** Since when (ms) its finished song has waited for our audio storage: staff's "Needs attention". */
  storageWaitSince: number | null;
  /** Since when (ms) its family has waited on the 24-hour promise (domain/admin/attention.ts). */
  promiseSince: number | null;
  /** The family's chosen moment (ms) while under "For a date", which lists the soonest first. */
  requestedAt: number | null;
  placedAt: number;
  /** The checkout session that paid for it: one order per session. */
  sessionId: string | null;
  /** The stored audio its family has now (domain/delivery/release.ts). */
  releasedAudio: string[];
  /** What it adds to its referral code's figures (domain/referral/stats.ts). */
  referral: { code: string; revenueCents: number } | null;
}

export function indexPlanOf(order: Order): OrderIndexPlan {
  const filters = filtersOf(order);
  const generating = order.status === "generating";
  const terms = searchTermsOf(order);
  return {
    filters,
    filterBits: filterBits(filters),
    views: viewsOf(order),
    search: { word: terms.words, email: terms.emails.filter(Boolean), domain: terms.domains },
    due: dueWorkOf(order),
    stage: generating && order.currentStage ? order.currentStage : null,
    storageWaitSince: generating && order.storageWaitSince ? Date.parse(order.storageWaitSince) : null,
    promiseSince: promiseWaitingSince(order),
    requestedAt: filters.includes("dated") ? Date.parse(order.requestedDelivery!.at) : null,
    placedAt: Date.parse(order.createdAt),
    sessionId: order.payment.kind === "checkout" ? order.payment.sessionId : null,
    releasedAudio: releasedAudioOf(order),
    referral: referralTakingsOf(order),
  };
}
