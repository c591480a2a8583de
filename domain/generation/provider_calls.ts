/**
 * What every call to an outside service reports, whether it worked or not: the facts a generation
 * event records (customer-side §3, generation event) and the retry decision reads.
 */
export type ProviderName =
  | "openai"
  | "suno"
  | "local-lyricist"
  | "local-synthesiser"
  | "smtp"
  | "dev-mailbox";

export interface CallFacts {
  provider: ProviderName;
  /** The path called, without host or secrets, e.g. "/v1/chat/completions". */
  endpoint: string;
  method: string;
  /** The HTTP status; 0 when no answer came (network error, timeout, reset). */
  httpStatus: number;
  durationMs: number;
  /** The provider's request id, when it sent one (OpenAI's `x-request-id`). */
  requestId?: string | null;
  /** A status code inside an answer's body (the music API answers HTTP 200 with `code: 429`). */
  code?: number | null;
  taskId?: string | null;
}

const SERVICE_NAMES: Partial<Record<ProviderName, string>> = {
  openai: "the lyrics service",
  "local-lyricist": "the local lyricist",
  suno: "the music service",
  "local-synthesiser": "the local synthesiser",
  smtp: "the mail server",
  "dev-mailbox": "the dev mailbox",
};

/** How staff and customers are told which service failed, in our words (lower case, mid-sentence). */
export function serviceName(provider: ProviderName): string {
  return SERVICE_NAMES[provider] ?? "an outside service";
}

/** A call's facts as the fields of its generation event. */
export function callEventFields(call: CallFacts | null) {
  if (!call) return { provider: "app" as const };
  return {
    provider: call.provider,
    httpStatus: call.httpStatus,
    endpoint: call.endpoint,
    method: call.method,
    durationMs: call.durationMs,
    requestId: call.requestId ?? null,
    taskId: call.taskId ?? null,
    code: call.code ?? null,
  };
}
