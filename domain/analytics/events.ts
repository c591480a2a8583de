import { EMAIL_IN_TEXT } from "../email/address.ts";

/**
 * Product analytics shared by the server and the browser (customer-side §3): the event names as a
 * typed union, the scrubbing that keeps personal data out of a third-party service, and the device
 * class. Pure; the sinks live in providers/analytics.ts and islands/lib/analytics.ts.
 */
export const ANALYTICS_EVENTS = [
  "Order Started",
  "Order Form Submitted",
  "Payment Initiated",
  "Payment Success",
  "Payment Failed",
  "Order Completed",
  "Song Played",
  "Song Downloaded",
  "Song Paused",
  "Magic Link Accessed",
  "Unboxing Viewed",
  "Sample Song Played",
  "User Signup",
  "User Login",
  "User Logout",
  "Admin Access",
  "Auth Verify",
  "Form Field Focused",
  "Form Field Completed",
  "Promo Code Applied",
  "FAQ Viewed",
  "Contact Clicked",
  "Social Link Clicked",
  "Unbox Clicked",
  "Error Occurred",
  "API Error",
] as const;

export type AnalyticsEvent = typeof ANALYTICS_EVENTS[number];
export type AnalyticsValue = string | number | boolean | null;
export type AnalyticsProperties = Record<string, unknown>;
export type CleanProperties = Record<string, AnalyticsValue>;

export function isAnalyticsEvent(name: string): name is AnalyticsEvent {
  return (ANALYTICS_EVENTS as readonly string[]).includes(name);
}

/** Property names that suggest secrets or personal data, whatever their value. */
const SENSITIVE_NAME =
  /pass(word|code)?|secret|token|auth|cookie|session|e-?mail|phone|mobile|ssn|social.?security|card|cvc|cvv|iban|account.?number|routing|address|birth|dob|(child|parent|recipient|artist|user|first|last|full|real|given|family)_?name/i;

const SSN = /\b\d{3}-\d{2}-\d{4}\b|^\d{9}$/;
/** Runs of digits broken only by spaces, dots, dashes or brackets (phones and card numbers). */
const DIGIT_RUN = /\+?\(?\d[\d\s().-]*\d/g;
/**
 * Our own ids (orders, blobs, visitors) are random UUIDs, whose hex groups can line up eleven digits
 * ("…-4447-8054-464…") like a phone number. They name nobody, and an event without its order id is
 * useless, so they are set aside before the digits are read.
 */
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

function isSensitiveName(name: string): boolean {
  return SENSITIVE_NAME.test(name);
}

/**
 * An address written to slip past a plain pattern: "mia at example dot com", "mia [at] example.com",
 * "mia(at)example(dot)com". The spelled "at" must sit between two words and lead to a domain.
 */
const SPELLED_EMAIL =
  /[\w.+-]+\s*[([{<]?\s*\bat\b\s*[)\]}>]?\s*[\w-]+(?:\.|\s*[([{<]?\s*\bdot\b\s*[)\]}>]?\s*)[a-z]{2,}\b/i;
/** A private link's secret in a query (`/u/{id}?t=…`, `?token=…`). */
const LINK_SECRET = /[?&;](?:t|token|key|code|sig|signature)=[^&\s]/i;
/**
 * A run that looks random, as our tokens and other services' keys do (domain/account/tokens.ts: 43 characters
 * of base64url): long, with upper case, lower case and digits mixed. Words and our UUIDs never are.
 */
const RANDOM_RUN = /[A-Za-z0-9_-]{20,}/g;

function looksRandom(run: string): boolean {
  return /[A-Z]/.test(run) && /[a-z]/.test(run) && /\d/.test(run);
}

/**
 * The text as a person would read it: percent-escapes undone (`%40`, twice-escaped `%2540`) and
 * compatibility forms folded (a full-width `＠` is an `@`), so a disguised address is seen as one.
 */
function asRead(value: string): string {
  let text = value;
  for (let round = 0; round < 3 && /%[0-9a-f]{2}/i.test(text); round++) {
    text = text.replace(/(?:%[0-9a-f]{2})+/gi, (escapes) => {
      try {
        return decodeURIComponent(escapes);
      } catch {
        return escapes;
      }
    });
  }
  return text.normalize("NFKC");
}

/**
 * True when a string contains an email (however written), a private link's secret, a phone, a social
 * security number or a card number.
 */
export function looksPersonal(value: string): boolean {
  const text = asRead(value);
  if (EMAIL_IN_TEXT.test(text) || SPELLED_EMAIL.test(text) || SSN.test(text) || LINK_SECRET.test(text)) {
    return true;
  }
  const withoutIds = text.replace(UUID, " ");
  if ((withoutIds.match(RANDOM_RUN) ?? []).some(looksRandom)) return true;
  for (const run of withoutIds.match(DIGIT_RUN) ?? []) {
    const digits = run.replace(/\D/g, "");
    if (/^\d{4}-\d{2}-\d{2}/.test(run.trim())) continue; // ISO dates are not phone numbers
    if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits)) return true; // card
    if (digits.length >= 10 && digits.length <= 15) return true; // phone, with or without country code
  }
  return false;
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Keeps only flat, non-personal values: sensitive-looking names and personal-looking strings are
 * dropped, as are objects and functions (a nested object could smuggle anything past the checks).
 */
export function scrubProperties(properties: AnalyticsProperties = {}): CleanProperties {
  const clean: CleanProperties = {};
  for (const [name, value] of Object.entries(properties)) {
    if (isSensitiveName(name)) continue;
    if (typeof value === "string") {
      if (!looksPersonal(value)) clean[name] = value.slice(0, 500);
    } else if (typeof value === "number") {
      if (Number.isFinite(value)) clean[name] = value;
    } else if (typeof value === "boolean" || value === null) {
      clean[name] = value;
    }
  }
  return clean;
}

export type DeviceClass = "mobile" | "tablet" | "desktop";

const MOBILE_BREAKPOINT = 768;
const TABLET_BREAKPOINT = 1024;

export function deviceClass(width: number): DeviceClass {
  if (width < MOBILE_BREAKPOINT) return "mobile";
  if (width < TABLET_BREAKPOINT) return "tablet";
  return "desktop";
}
