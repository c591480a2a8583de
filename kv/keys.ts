/**
 * Every KV key the app uses is built here, so a key's shape is defined once and an index can never
 * drift from its entity by a typo. Secrets never appear in keys: tokens are stored by their hash.
 */
export const keys = {
  user: (id: string) => ["users", id] as const,
  userByEmail: (email: string) => ["users_by_email", email] as const,

  session: (tokenHash: string) => ["sessions", tokenHash] as const,
  sessionsOfUser: (userId: string) => ["sessions_by_user", userId] as const,
  sessionOfUser: (userId: string, tokenHash: string) => ["sessions_by_user", userId, tokenHash] as const,

  magicLink: (tokenHash: string) => ["magic_links", tokenHash] as const,

  /** A fixed-window counter: `window` is the window's start time in ms. */
  rateLimit: (scope: string, subject: string, window: number) =>
    ["rate_limits", scope, subject, window] as const,

  devMailbox: () => ["dev_mail"] as const,
  devMail: (id: string) => ["dev_mail", id] as const,
};
