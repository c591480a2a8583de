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
  orderByNumber: (orderNumber: number) => ["orders_by_number", orderNumber] as const,
  orderByUser: (userId: string, orderId: string) => ["orders_by_user", userId, orderId] as const,
  orderByEmail: (email: string, orderId: string) => ["orders_by_email", email, orderId] as const,
  ordersOfEmail: (email: string) => ["orders_by_email", email] as const,
  orderByStage: (stage: string, orderId: string) => ["orders_by_stage", stage, orderId] as const,
  /** The idempotency key of fulfilment: one order per paid checkout session. */
  orderBySession: (sessionId: string) => ["orders_by_session", sessionId] as const,
  orderSequence: () => ["order_sequence"] as const,
  /** Counters kept in the same atomic writes as the orders they count (e.g. "all", "status:failed"). */
  orderCount: (name: string) => ["order_counts", name] as const,

  checkoutDraft: (sessionId: string) => ["checkout_drafts", sessionId] as const,
  paymentEvent: (eventId: string) => ["payment_events", eventId] as const,
  localCheckout: (sessionId: string) => ["local_checkout", sessionId] as const,

  referralCode: (id: string) => ["referral_codes", id] as const,
  referralCodeByCode: (code: string) => ["referral_codes_by_code", code] as const,
  referralCodeByOwner: (email: string) => ["referral_codes_by_owner", email] as const,

  devMailbox: () => ["dev_mail"] as const,
  devMail: (id: string) => ["dev_mail", id] as const,
};
