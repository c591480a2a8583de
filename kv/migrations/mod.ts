import type { Migration } from "../migrations.ts";
import { orderIndexes } from "./v1_order_indexes.ts";
import { ordersByBuyer } from "./v2_orders_by_buyer.ts";
import { dueWorkLanes } from "./v3_due_work_lanes.ts";
import { searchByDomain } from "./v4_search_by_domain.ts";
import { inProgressAndFailedTabs } from "./v5_in_progress_and_failed_tabs.ts";
import { referralCodeStats } from "./v6_referral_code_stats.ts";
import { listViews } from "./v7_list_views.ts";
import { searchGiftRecipients } from "./v8_search_gift_recipients.ts";
import { ordersAwaitingSong } from "./v9_orders_awaiting_song.ts";
import { staffActivity } from "./v10_staff_activity.ts";
import { releasedAudio } from "./v11_released_audio.ts";

/**
 * Every migration of the stored shapes, oldest first (docs/migrations.md). Append only: a released
 * migration is never edited or reordered, since stores out there already recorded its version.
 */
export const MIGRATIONS: readonly Migration[] = [
  orderIndexes,
  ordersByBuyer,
  dueWorkLanes,
  searchByDomain,
  inProgressAndFailedTabs,
  referralCodeStats,
  listViews,
  searchGiftRecipients,
  ordersAwaitingSong,
  staffActivity,
  releasedAudio,
];
