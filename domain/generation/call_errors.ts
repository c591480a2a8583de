import type { CallFacts } from "./provider_calls.ts";

/**
 * What a failed call means (staff-side §8) and whether it is worth trying again. The two are kept
 * apart on purpose: the classification is what staff read in Error Details, the retry decision is
 * ours, and they disagree on cases like the music API's "no credits" (HTTP-like 429, but waiting
 * will not buy credits).
 */
export type Severity = "low" | "medium" | "high";

export interface ErrorClass {
  title: string;
  /** Temporary (low), Warning (medium), Critical (high); null when nothing is known. */
  severity: Severity | null;
  severityLabel: "Temporary" | "Warning" | "Critical" | null;
}

const TEMPORARY = { severity: "low", severityLabel: "Temporary" } as const;
const WARNING = { severity: "medium", severityLabel: "Warning" } as const;
const CRITICAL = { severity: "high", severityLabel: "Critical" } as const;

/** Staff-side §8, by HTTP status; 0 is a network error, null/undefined is unknown. */
export function classifyStatus(status: number | null | undefined): ErrorClass {
  if (status === null || status === undefined) {
    return { title: "Unknown Error", severity: null, severityLabel: null };
  }
  switch (status) {
    case 0:
      return { title: "Network Error", ...TEMPORARY };
    case 401:
      return { title: "Authentication Error", ...WARNING };
    case 403:
      return { title: "Authorization Error", ...WARNING };
    case 404:
      return { title: "Resource Not Found", ...WARNING };
    case 408:
      return { title: "Request Timeout", ...TEMPORARY };
    case 429:
      return { title: "Rate Limit Exceeded", ...TEMPORARY };
    case 500:
      return { title: "Internal Server Error", ...CRITICAL };
    case 502:
      return { title: "Bad Gateway", ...CRITICAL };
    case 503:
      return { title: "Service Unavailable", ...CRITICAL };
    case 504:
      return { title: "Gateway Timeout", ...TEMPORARY };
  }
  // Outside the spec's table: the call went through and its answer said no (the music API's body codes).
  if (status >= 200 && status < 300) return { title: "Refused in the Answer", ...WARNING };
  if (status >= 400 && status < 500) return { title: "Client Error", ...WARNING };
  if (status >= 500 && status < 600) return { title: "Server Error", ...CRITICAL };
  return { title: "Unknown Error", severity: null, severityLabel: null };
}

/** Staff-side §4: an error counts as 'multiple retries' from this many on. */
export const MULTIPLE_RETRIES = 3;

/**
 * The music API's body codes that mean "not now" rather than "never": rate limited (405), too many
 * calls (430) and maintenance (455). Its 429 means the account has no credits: permanent.
 */
const MUSIC_BODY_CODES_WORTH_RETRYING = new Set([405, 430, 455]);

/** Whether trying the same call again later can succeed. */
export function isTransient(call: Pick<CallFacts, "provider" | "httpStatus" | "code" | "method">): boolean {
  if (call.provider === "suno" && call.code !== null && call.code !== undefined && call.code !== 200) {
    if (MUSIC_BODY_CODES_WORTH_RETRYING.has(call.code)) return true;
    // "No credits" only means something for the call that spends them; a status check is free.
    if (call.code === 429 && call.method === "GET") return true;
    if (call.code >= 500) return true;
    return false;
  }
  const status = call.httpStatus;
  // A language model's unusable answer (prose instead of the JSON asked for) is usually a fluke.
  if (call.provider === "openai" && status === 200) return true;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** How many times one stage is tried again before the order fails (so at most 6 attempts). */
export const MAX_STAGE_RETRIES = 5;
/** The longest wait between two attempts, whatever the backoff says. */
export const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Exponential backoff with "equal jitter": half the delay is fixed, half random, so a burst of
 * failures (a provider outage) does not come back as a synchronised burst.
 */
export function backoffMs(retry: number, baseMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, retry - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Staff-side §8, recommended actions. The provider's words come first when they give the reason (out
 * of quota, a refused key, refused words): one status means different things, and an HTTP 429 is a
 * rate limit from one service and an empty account from another (OpenAI's "You exceeded your current
 * quota"; the music API's code 429 in a 200 answer). Then the status, then which service the words
 * name, then the stage; from MULTIPLE_RETRIES on, suggest the manual way out. The message is the
 * provider's own words (the failing event's), not our summary of them: "the music service
 * answered…" says nothing about why.
 */
export function recommendedAction(
  error: { httpStatus?: number | null; message?: string | null; stage?: string | null; retryCount?: number },
): string {
  const message = error.message ?? "";
  const advice = byReason(message) ?? byStatus(error.httpStatus) ?? byService(message) ??
    byStage(error.stage);
  if ((error.retryCount ?? 0) >= MULTIPLE_RETRIES) {
    return `${advice} This has failed several times: consider uploading a song manually or contacting the customer.`;
  }
  return advice;
}

function byStatus(status: number | null | undefined): string | null {
  if (status === null || status === undefined) return null;
  if (status === 401) return "Check the API key configuration for this provider.";
  if (status === 403) return "The API key lacks permission for this call: check the account's access.";
  if (status === 404) return "The task expired or was deleted: regenerate the song.";
  if (status === 408 || status === 504) return "The request timed out: retry.";
  if (status === 429) return "The provider is rate limiting us: wait a little, then retry.";
  if (status >= 500) return "The provider had a server error: retry in a few minutes.";
  if (status === 0) return "The provider could not be reached: check the network, then retry.";
  return null;
}

/** The provider's words when they say why, whatever the status. */
function byReason(message: string): string | null {
  const text = message.toLowerCase();
  // Not "billing": OpenAI's rate-limit words end with a link to the billing page.
  if (/credit|quota|balance/.test(text)) {
    return "The provider account is out of credits or quota: top it up, then retry.";
  }
  if (/api key|unauthori[sz]ed|authenticat/.test(text)) {
    return "Check the API key configuration for this provider.";
  }
  if (/sensitive|moderation|policy|copyright/.test(text)) {
    return "The provider refused words in the lyrics or style: edit the lyrics (Regenerate Lyrics), then regenerate the song.";
  }
  if (/timeout|timed out/.test(text)) return "The request timed out: retry.";
  return null;
}

/** The service the words name, when neither they nor the status say more. */
function byService(message: string): string | null {
  const text = message.toLowerCase();
  if (/openai|lyrics service/.test(text)) {
    return "The lyrics service (OpenAI) failed: check its status page and the lyrics prompt, then retry.";
  }
  if (/suno|music service/.test(text)) {
    return "The music service failed: check its status and remaining credits, then retry.";
  }
  return null;
}

function byStage(stage: string | null | undefined): string {
  switch (stage) {
    case "LYRICS":
    case "TAGS":
      return "Regenerate the lyrics, or retry the order.";
    case "SUNO_CREATE":
    case "SUNO_STATUS":
      return "Retry the song, or upload one manually.";
    case "EMAIL_SEND":
      return "Check the mail settings and the address, then resend the email.";
    default:
      return "Retry the order; if it keeps failing, contact the customer.";
  }
}
