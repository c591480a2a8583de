import { assert, assertEquals, assertMatch } from "@std/assert";
import {
  backoffMs,
  classifyStatus,
  isTransient,
  MAX_BACKOFF_MS,
  recommendedAction,
} from "../../../../domain/generation/call_errors.ts";

Deno.test("classifyStatus follows staff-side §8 for every listed status", () => {
  const table: [number | null, string, string | null][] = [
    [401, "Authentication Error", "Warning"],
    [403, "Authorization Error", "Warning"],
    [404, "Resource Not Found", "Warning"],
    [408, "Request Timeout", "Temporary"],
    [429, "Rate Limit Exceeded", "Temporary"],
    [418, "Client Error", "Warning"],
    [500, "Internal Server Error", "Critical"],
    [502, "Bad Gateway", "Critical"],
    [503, "Service Unavailable", "Critical"],
    [504, "Gateway Timeout", "Temporary"],
    [599, "Server Error", "Critical"],
    [0, "Network Error", "Temporary"],
    [null, "Unknown Error", null],
  ];
  for (const [status, title, severity] of table) {
    const found = classifyStatus(status);
    assertEquals([found.title, found.severityLabel], [title, severity], `status ${status}`);
  }
});

Deno.test("isTransient retries timeouts, rate limits, 5xx and network errors, not client errors", () => {
  const openai = (httpStatus: number) => isTransient({ provider: "openai", httpStatus, method: "POST" });
  assertEquals([0, 408, 429, 500, 502, 503, 504].map(openai), Array(7).fill(true));
  assertEquals([400, 401, 403, 404, 413].map(openai), Array(5).fill(false));
  assertEquals(openai(200), true, "an unusable answer (prose, not JSON) is worth asking again");
});

Deno.test("isTransient reads the music API's body code: 429 is no credits, 430/455/405 are worth waiting for", () => {
  const suno = (code: number) => isTransient({ provider: "suno", httpStatus: code, code, method: "POST" });
  assertEquals(suno(429), false, "no credits: waiting buys nothing");
  assertEquals(suno(430), true, "too many calls");
  assertEquals(suno(455), true, "maintenance");
  assertEquals(suno(405), true, "rate limited");
  assertEquals(suno(500), true);
  assertEquals(suno(401), false);
  assertEquals(suno(413), false);
  assertEquals(
    isTransient({ provider: "suno", httpStatus: 503, code: null, method: "POST" }),
    true,
    "HTTP-level 503",
  );
  assertEquals(
    isTransient({ provider: "suno", httpStatus: 429, code: 429, method: "GET" }),
    true,
    "a status check spends no credits, so its 429 is only a busy service",
  );
});

Deno.test("backoffMs doubles per retry with jitter in the upper half, and is capped", () => {
  assertEquals(backoffMs(1, 1000, () => 0), 500);
  assertEquals(backoffMs(1, 1000, () => 1), 1000);
  assertEquals(backoffMs(3, 1000, () => 1), 4000);
  assertEquals(backoffMs(30, 1000, () => 1), MAX_BACKOFF_MS);
  const samples = Array.from({ length: 50 }, () => backoffMs(2, 1000));
  assert(samples.every((ms) => ms >= 1000 && ms <= 2000));
});

Deno.test("recommendedAction goes by the provider's reason, then status, then service, then stage, and suggests the manual way after 3 retries", () => {
  assertMatch(recommendedAction({ httpStatus: 401 }), /API key/);
  assertMatch(recommendedAction({ httpStatus: 504 }), /timed out/);
  assertMatch(recommendedAction({ httpStatus: null, message: "Insufficient credits" }), /credits/);
  assertMatch(recommendedAction({ httpStatus: null, message: "", stage: "SUNO_STATUS" }), /upload/);
  assertMatch(recommendedAction({ httpStatus: 503, retryCount: 3 }), /uploading a song manually/);
});

Deno.test("the lyrics service's 429 for an empty account is advised by its words, not as a rate limit", () => {
  const quota = recommendedAction({
    httpStatus: 429,
    message:
      "OpenAI answered HTTP 429 insufficient_quota: You exceeded your current quota, please check your plan and billing details.",
    stage: "LYRICS",
  });
  assertMatch(quota, /out of credits or quota: top it up/);
  // A 429 that is a rate limit still says to wait.
  assertMatch(
    recommendedAction({
      httpStatus: 429,
      message:
        "The lyrics service answered 429: Rate limit reached for requests per min. Please try again in 20s.",
      stage: "LYRICS",
    }),
    /rate limiting us: wait a little/,
  );
  // Words that only name the service leave the status to decide.
  assertMatch(
    recommendedAction({ httpStatus: 503, message: "OpenAI answered HTTP 503: overloaded", stage: "LYRICS" }),
    /server error: retry in a few minutes/,
  );
});

Deno.test("a refusal inside a 200 answer is advised by the provider's words: credits, sensitive words, the key", () => {
  const refusal = (message: string) => recommendedAction({ httpStatus: 200, message, stage: "SUNO_CREATE" });
  assertMatch(
    refusal(
      "The music API could not start the song: code 429, the account is out of credits (credits insufficient)",
    ),
    /top it up/,
  );
  assertMatch(
    refusal("The music service could not make the song (SENSITIVE_WORD_ERROR): sensitive word detected"),
    /edit the lyrics \(Regenerate Lyrics\), then regenerate the song/,
  );
  assertMatch(
    refusal("The music API could not start the song: code 401, the API key was refused"),
    /API key/,
  );
  assertEquals(classifyStatus(200).title, "Refused in the Answer");
});
