import { normalizeEmail } from "../config.ts";
import { emailText } from "../email/address_schema.ts";

/** Customer-side §9: a sign-in link works for 15 minutes. */
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;

/** How long a session lasts; logging out ends it sooner. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Limits on sign-in link requests (ARCHITECTURE.md §10: at least 5 per address and 20 per client in
 * 15 minutes), counted in fixed windows. Generous enough for a parent who mistypes twice, tight
 * enough that nobody can flood an inbox or our mail provider.
 */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perEmail: 5,
  perClient: 20,
} as const;

/**
 * Opening order links, per client: a family opening their song again and again stays far below it;
 * guessing tokens (hopeless at 256 bits anyway) does not get far.
 */
export const ORDER_LINK_LIMIT = { windowMs: 15 * 60 * 1000, perClient: 60 } as const;

export const SESSION_COOKIE = "lh_session";
/**
 * Marks the browser that asked for a sign-in link; the link signs in at once only there.
 * Anywhere else (another device, or a page someone else sent you to) it asks first whose account opens.
 */
export const SIGN_IN_BROWSER_COOKIE = "lh_signin";

/** ARCHITECTURE.md §10: emails up to 254 characters; compared and stored normalised. */
export const emailSchema = emailText({
  notText: "Please enter your email address.",
  missing: "Please enter your email address.",
  tooLong: "Email addresses are at most 254 characters.",
  invalid: "Please enter a valid email address.",
}).transform(normalizeEmail);

export const MESSAGES = {
  linkSent: "Check your email for a sign-in link. It expires in 15 minutes.",
  missingSignInToken: "Invalid link. Please request a new sign-in link.",
  badSignInToken: "This sign-in link is invalid, expired or already used. Please request a new one.",
  signedIn: "You've been signed in successfully.",
  signedOut: "You have been signed out.",
  notSignedIn: "Please sign in to continue.",
  adminOnly: "Only administrators can do this.",
  tooManyForEmail:
    "Too many sign-in links were requested for this address. Please wait 15 minutes and try again.",
  tooManyForClient: "Too many sign-in requests from your network. Please wait 15 minutes and try again.",
  crossSite: "This request came from another site and was refused.",
  confirmSignIn: "This link was requested in another browser. Please check the address before you continue.",
  // Customer-side §5, magic link pages.
  badOrderLink: "Invalid magic link. Please check your email and try again.",
  revokedOrderLink: "This link has been turned off. Please contact us and we'll send you a new one.",
  orderLinkOpened: "You've been signed in successfully. Redirecting to your surprise...",
  tooManyOrderLinks:
    "Too many attempts to open song links from your network. Please wait 15 minutes and try again.",
} as const;
