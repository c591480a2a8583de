import type { SearchIndex } from "../domain/admin/search.ts";

/**
 * Every KV key the app uses is built here, so a key's shape is defined once and an index can never
 * drift from its entity by a typo. Secrets never appear in keys: tokens are stored by their hash.
 */
export const keys = {
  user: (id: string) => ["users", id] as const,
  userByEmail: (email: string) => ["users_by_email", email] as const,

  session: (tokenHash: string) => ["sessions", tokenHash] as const,
  sessionOfUser: (userId: string, tokenHash: string) => ["sessions_by_user", userId, tokenHash] as const,

  magicLink: (tokenHash: string) => ["magic_links", tokenHash] as const,

  /** A fixed-window counter: `window` is the window's start time in ms. */
  rateLimit: (scope: string, subject: string, window: number) =>
    ["rate_limits", scope, subject, window] as const,

  order: (id: string) => ["orders", id] as const,
  allOrders: () => ["orders"] as const,
  orderByNumber: (orderNumber: number) => ["orders_by_number", orderNumber] as const,
  orderByUser: (userId: string, orderId: string) => ["orders_by_user", userId, orderId] as const,
  ordersOfUser: (userId: string) => ["orders_by_user", userId] as const,
  orderByEmail: (email: string, orderId: string) => ["orders_by_email", email, orderId] as const,
  ordersOfEmail: (email: string) => ["orders_by_email", email] as const,
  orderByStage: (stage: string, orderId: string) => ["orders_by_stage", stage, orderId] as const,
  /** The idempotency key of fulfilment: one order per paid checkout session. */
  orderBySession: (sessionId: string) => ["orders_by_session", sessionId] as const,
  orderSequence: () => ["order_sequence"] as const,
  /** Counters kept in the same atomic writes as the orders they count (e.g. "all", "status:failed"). */
  orderCount: (name: string) => ["order_counts", name] as const,

  /** The dashboard's filter tabs (domain/admin/order_list.ts), newest first by listing in reverse. */
  orderByFilter: (filter: string, orderNumber: number) => ["orders_by_filter", filter, orderNumber] as const,
  ordersByFilter: (filter: string) => ["orders_by_filter", filter] as const,
  /** The "For a date" tab's order: the family's chosen moment (ms), soonest first. */
  orderByRequestedDelivery: (atMs: number, orderNumber: number) =>
    ["orders_by_requested_delivery", atMs, orderNumber] as const,
  ordersByRequestedDelivery: () => ["orders_by_requested_delivery"] as const,
  /**
   * How many orders of a filter fall in one block of order numbers: a page deep in the list is found
   * by adding block counts instead of walking every order before it.
   */
  orderBlockCount: (filter: string, block: number) => ["order_block_counts", filter, block] as const,
  orderBlockCounts: (filter: string) => ["order_block_counts", filter] as const,
  /**
   * The list's views (domain/admin/list_views.ts): each order under every view it is in, holding its
   * filter bits, so one walk of a view counts and pages every tab of it.
   */
  orderInView: (view: string, orderNumber: number) => ["orders_by_view", view, orderNumber] as const,
  ordersInView: (view: string) => ["orders_by_view", view] as const,
  allOrderViews: () => ["orders_by_view"] as const,
  /** A tab's orders in a view, in all and per block of order numbers (as orderBlockCount). */
  orderViewCount: (filter: string, view: string) => ["order_view_counts", filter, view] as const,
  allOrderViewCounts: () => ["order_view_counts"] as const,
  orderViewBlockCount: (filter: string, view: string, block: number) =>
    ["order_view_block_counts", filter, view, block] as const,
  orderViewBlockCounts: (filter: string, view: string) => ["order_view_block_counts", filter, view] as const,
  allOrderViewBlockCounts: () => ["order_view_block_counts"] as const,
  /**
   * Orders whose family still waits on the 24-hour promise (domain/admin/attention.ts, promiseWaitingSince),
   * by the moment they were placed (ms): the first is the longest wait, and those past the promise are
   * one range, so neither the backlog nor "Needs attention" reads every order.
   */
  orderAwaitingSong: (sinceMs: number, orderNumber: number) =>
    ["orders_awaiting_song", sinceMs, orderNumber] as const,
  ordersAwaitingSong: () => ["orders_awaiting_song"] as const,
  /**
   * Stored audio the family of an order has now (domain/delivery/release.ts, releasedAudioOf), by blob id: what
   * `/audio/{blobId}.mp3` serves to anyone. Keyed by order too, should two orders ever share a blob.
   */
  releasedAudio: (blobId: string, orderId: string) => ["released_audio", blobId, orderId] as const,
  releasedAudioOfBlob: (blobId: string) => ["released_audio", blobId] as const,
  allReleasedAudio: () => ["released_audio"] as const,
  /**
   * Generating orders whose finished song waits for our audio storage to come back (jobs/stages/
   * song_status.ts), by when they began waiting (ms): what staff see under "Needs attention".
   */
  orderAwaitingStorage: (sinceMs: number, orderNumber: number) =>
    ["orders_awaiting_storage", sinceMs, orderNumber] as const,
  ordersAwaitingStorage: () => ["orders_awaiting_storage"] as const,
  /** Orders by the moment they were placed (ms): where a range of days starts and ends in order numbers. */
  orderByPlacedAt: (placedMs: number, orderNumber: number) =>
    ["orders_by_placed_at", placedMs, orderNumber] as const,
  ordersByPlacedAt: () => ["orders_by_placed_at"] as const,
  /**
   * The dashboard's search (domain/admin/search.ts): an entry per word of an order, one for its
   * address and one per suffix of its address's domain; each holds the order's filter bits, so matches
   * are counted per tab without reading orders.
   */
  orderSearch: (index: SearchIndex, term: string, orderNumber: number) =>
    ["order_search", index, term, orderNumber] as const,
  orderSearchIndex: (index: SearchIndex) => ["order_search", index] as const,
  /** Lyrics an admin regenerated away, oldest first (staff-side §3, lyricsHistory). */
  orderLyricsVersion: (orderId: string, entryId: string) =>
    ["order_lyrics_history", orderId, entryId] as const,
  orderLyricsHistory: (orderId: string) => ["order_lyrics_history", orderId] as const,

  /** An order's private links (delivery emails), by the token's hash: a link only opens its own order. */
  orderLink: (orderId: string, tokenHash: string) => ["order_links", orderId, tokenHash] as const,
  orderLinks: (orderId: string) => ["order_links", orderId] as const,
  /** Customer-side §3, user order access: orders a user reached through a link, and the reverse index. */
  orderAccess: (userId: string, orderId: string) => ["order_access", userId, orderId] as const,
  orderAccessOfUser: (userId: string) => ["order_access", userId] as const,
  orderAccessByOrder: (orderId: string, userId: string) =>
    ["order_access_by_order", orderId, userId] as const,
  orderAccessOfOrder: (orderId: string) => ["order_access_by_order", orderId] as const,

  checkoutDraft: (sessionId: string) => ["checkout_drafts", sessionId] as const,
  paymentEvent: (eventId: string) => ["payment_events", eventId] as const,
  localCheckout: (sessionId: string) => ["local_checkout", sessionId] as const,
  unknownPaymentSession: (sessionId: string) => ["unknown_payment_sessions", sessionId] as const,

  referralCode: (id: string) => ["referral_codes", id] as const,
  referralCodeByCode: (code: string) => ["referral_codes_by_code", code] as const,
  referralCodeByOwner: (email: string) => ["referral_codes_by_owner", email] as const,
  referralCodes: () => ["referral_codes"] as const,
  /**
   * Uses of a code held by checkouts not yet paid, by hold id (kv/referral_holds.ts): one entry per
   * code, so "uses + live holds ≤ limit" is checked and written in one atomic operation.
   */
  referralHolds: (codeId: string) => ["referral_holds", codeId] as const,
  /**
   * A code's figures (domain/referral/stats.ts), by the text orders recorded in `referralCodeUsed`:
   * counters kept in the same atomic writes as those orders.
   */
  referralCodeStat: (code: string, stat: "orders" | "revenue") =>
    ["referral_code_stats", code, stat] as const,
  referralCodeStats: () => ["referral_code_stats"] as const,
  /** A buyer's (canonical address) one live first-order discount, so aliases cannot stack it. */
  firstOrderHold: (buyer: string) => ["first_order_holds", buyer] as const,
  /** Which hold a checkout session carries, to count or release it by the session's id. */
  sessionHold: (sessionId: string) => ["session_holds", sessionId] as const,
  /** A buyer (canonical address, domain/referral/canonical_email.ts) who has a paid order: the first-order rule. */
  orderOfBuyer: (buyer: string) => ["orders_by_buyer", buyer] as const,

  /** An order's generation events, ordered by their sortable ids (ARCHITECTURE.md §4). */
  allOrderEvents: () => ["order_events"] as const,
  orderEvent: (orderId: string, eventId: string) => ["order_events", orderId, eventId] as const,
  orderEvents: (orderId: string) => ["order_events", orderId] as const,
  /**
   * The staff activity log (domain/admin/staff_activity.ts): each order's STAFF events by when (ms), across
   * orders and per staff member, written with the event; and everyone who has acted, for the filter.
   */
  staffActivity: (atMs: number, eventId: string) => ["staff_activity", atMs, eventId] as const,
  allStaffActivity: () => ["staff_activity"] as const,
  staffActivityOf: (by: string, atMs: number, eventId: string) =>
    ["staff_activity_by_staff", by, atMs, eventId] as const,
  staffActivityByStaff: (by: string) => ["staff_activity_by_staff", by] as const,
  allStaffActivityByStaff: () => ["staff_activity_by_staff"] as const,
  staffMember: (by: string) => ["staff_activity_staff", by] as const,
  staffMembers: () => ["staff_activity_staff"] as const,
  /** Debug texts kept beside the order (value limit): lyricsPrompt, lyricsResponse, tagsInput, tagsOutput. */
  orderDebug: (orderId: string, name: string) => ["order_debug", orderId, name] as const,
  orderDebugTexts: (orderId: string) => ["order_debug", orderId] as const,

  /**
   * Work that is due at `dueAt` (ms) in its lane (domain/order/due_work.ts), derived from the order's state
   * in the same write (jobs/).
   */
  jobDue: (lane: string, dueAt: number, orderId: string, job: string) =>
    ["jobs_due_by_lane", lane, dueAt, orderId, job] as const,
  jobsDue: (lane: string) => ["jobs_due_by_lane", lane] as const,
  allJobsDue: () => ["jobs_due_by_lane"] as const,
  /**
   * The trace context (W3C traceparent) of the request that made an order's job due, written with the
   * due work, for the job's span to join that trace (providers/telemetry.ts). Expires on its own.
   */
  jobCause: (orderId: string, job: string) => ["job_causes", orderId, job] as const,
  /** Generation steps in the hour starting at `hour` (ms): all of them, or those whose call failed. */
  generationSteps: (hour: number, outcome: "all" | "failed") => ["generation_steps", hour, outcome] as const,
  allGenerationSteps: () => ["generation_steps"] as const,
  /** The due-time index without lanes: only migration 3 reads it, to move its entries into the lanes. */
  jobsDueBeforeLanes: () => ["jobs_due"] as const,
  /** A lease on a resource (staff-side §3, concurrency lock). */
  lock: (resourceType: string, resourceId: string) => ["locks", resourceType, resourceId] as const,
  /**
   * A provider account's limit kept for the whole deployment (kv/shared_limits.ts): the starts of the
   * calls in its request window, or the shares of its places held now, each in one entry.
   */
  sharedWindow: (name: string) => ["shared_limits", name, "window"] as const,
  sharedShares: (name: string) => ["shared_limits", name, "shares"] as const,

  /** The admin's system prompts ("lyrics", "tags"). */
  systemPrompt: (kind: string) => ["system_prompts", kind] as const,
  /** Every saved prompt, kept by its version number (1, 2, …); `systemPrompt` holds the newest. */
  systemPromptVersion: (kind: string, version: number) => ["system_prompt_versions", kind, version] as const,
  /**
   * What demo users saved in the prompt editor (domain/prompts/scope.ts), kept apart from the live
   * prompts above: only demo orders read these, never a paying customer's.
   */
  demoSystemPrompt: (kind: string) => ["demo_system_prompts", kind] as const,
  demoSystemPromptVersion: (kind: string, version: number) =>
    ["demo_system_prompt_versions", kind, version] as const,
  /** All saved versions of a prompt, for its history (listed newest first by reading in reverse). */
  systemPromptVersions: (kind: string) => ["system_prompt_versions", kind] as const,
  demoSystemPromptVersions: (kind: string) => ["demo_system_prompt_versions", kind] as const,
  /**
   * Who saved or restored a prompt, when (domain/admin/staff_actions.ts): the prompt's own staff events,
   * written with the version they describe, by sortable event id.
   */
  promptEvent: (scope: string, kind: string, eventId: string) =>
    ["prompt_events", scope, kind, eventId] as const,
  promptEvents: (scope: string, kind: string) => ["prompt_events", scope, kind] as const,

  /** Blobs (songs, uploads): the meta record commits a blob whose chunks were written before it. */
  blob: (id: string) => ["blobs", id] as const,
  allBlobs: () => ["blobs"] as const,
  blobChunk: (id: string, index: number) => ["blob_chunks", id, index] as const,
  blobChunks: (id: string) => ["blob_chunks", id] as const,
  /**
   * Bytes written to a store before any record points at them: the write that makes them a blob removes
   * this, so what a crash leaves behind is found here by the sweep (kv/blob_store.ts). Few at any time.
   */
  blobStaged: (id: string, store: string) => ["blob_staged", id, store] as const,
  blobsStaged: () => ["blob_staged"] as const,
  /** The audio bucket's outage as the shop last found it (kv/storage_health.ts); absent while it works. */
  storageOutage: () => ["storage_outage", "bucket"] as const,
  /**
   * Songs kept in KV because the bucket stayed away too long (kv/blob_store.ts), each moved to the
   * bucket once it is back (jobs/worker.ts): by blob id.
   */
  blobAwaitingBucket: (id: string) => ["blobs_awaiting_bucket", id] as const,
  blobsAwaitingBucket: () => ["blobs_awaiting_bucket"] as const,
  /** A song staff uploaded (kv/song_uploads.ts), by its blob's id: who, when, and which order took it. */
  songUpload: (blobId: string) => ["song_uploads", blobId] as const,
  /** Uploads no order has taken yet, by when they may be collected (ms), so old ones are found in order. */
  songUploadUnattached: (expiresAt: number, blobId: string) =>
    ["song_uploads_unattached", expiresAt, blobId] as const,
  songUploadsUnattached: () => ["song_uploads_unattached"] as const,
  /** A take's timed lyrics (kv/lyrics_timing.ts), by the blob id of the audio they were aligned to. */
  timedLyrics: (blobId: string) => ["timed_lyrics", blobId] as const,

  /** The local synthesiser's tasks, so a song being "rendered" survives a restart like a real one. */
  localSongTask: (taskId: string) => ["local_song_tasks", taskId] as const,

  /** The version of the stored shapes (kv/migrations.ts). */
  schemaVersion: () => ["schema", "version"] as const,
  /** How far a migration cut short got, so it resumes there. */
  migrationCheckpoint: (version: number) => ["schema", "migration_checkpoint", version] as const,
  /** Which layout of the order indexes a store has (migration 1 rebuilds older ones). */
  orderIndexLayout: () => ["schema", "order_indexes"] as const,

  devMailbox: () => ["dev_mail"] as const,
  devMail: (id: string) => ["dev_mail", id] as const,
  devMailByMessageId: (messageId: string) => ["dev_mail_by_message_id", messageId] as const,
};
