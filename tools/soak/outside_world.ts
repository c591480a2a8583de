/**
 * The outside services of a soak run, on loopback in the soak's own process so they outlive every
 * server it kills: OpenAI, the music API (songs finish by time and call back, as the real one does)
 * and an SMTP server that keeps every message. They count every call, which is how a run proves each
 * order cost one call per step and got one email.
 */
import { seededRandom } from "../../fakes/loopback.ts";
import { startOpenAiFake, TRANSIENT_OPENAI_FAULTS } from "../../fakes/openai.ts";
import { startSmtpSink } from "../../fakes/smtp_sink.ts";
import { startSunoFake, type TaskOutcome, TRANSIENT_SUNO_FAULTS } from "../../fakes/suno.ts";

export const SOAK_KEYS = { openai: "sk-soak-openai", suno: "soak-suno-key" } as const;

export interface OutsideWorldOptions {
  /** How long the music service takes to finish a song; its callbacks come at ⅓, ⅔ and the end. */
  songMs: number;
  /**
   * How long each OpenAI and music-API call takes. Real calls take seconds; some latency keeps calls
   * in flight, so a kill interrupts steps mid-call as it would in production.
   */
  callLatencyMs: number;
  /**
   * Bad weather: this share of OpenAI and music-API requests fail (429, 5xx, body codes, timeouts,
   * resets, prose instead of JSON), as many song tasks fail or never finish, and as many messages are
   * refused by the SMTP server once `smtp.setFaults(rate)` turns that on (after staff have signed in).
   */
  faults?: { rate: number; seed: number };
  /**
   * The music account's request limit, kept by the fake as the real service keeps it (code 405 past
   * it) and given to the servers as SUNO_RATE_LIMIT. Unset: no limit at the fake, and the servers'
   * own set high, so a run measures our side rather than the allowance.
   */
  musicLimit?: { requests: number; windowMs: number };
}

/**
 * A client's wait for each SMTP answer, shorter than a soak's 10 s lease so a message the server never
 * answers fails its send before another worker may take the delivery over (in production 30 s against
 * a 60–300 s lease, providers/mail/smtp.ts).
 */
export const SOAK_SMTP_SOCKET_TIMEOUT_MS = 3_000;

export async function startOutsideWorld(options: OutsideWorldOptions) {
  const latencyMs = options.callLatencyMs;
  const { rate, seed } = options.faults ?? { rate: 0, seed: 1 };
  const openai = startOpenAiFake({
    apiKey: SOAK_KEYS.openai,
    latencyMs,
    faultRate: rate,
    seed,
    randomFaults: TRANSIENT_OPENAI_FAULTS,
  });
  const taskRandom = seededRandom(seed + 2);
  const suno = startSunoFake({
    apiKey: SOAK_KEYS.suno,
    finishAfterMs: options.songMs,
    callbacks: "once",
    latencyMs,
    faultRate: rate,
    seed: seed + 1,
    randomFaults: TRANSIENT_SUNO_FAULTS,
    rateLimit: options.musicLimit,
    pickOutcome: (): TaskOutcome =>
      taskRandom() >= rate ? "success" : taskRandom() < 0.5 ? "GENERATE_AUDIO_FAILED" : "never",
  });
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  try {
    smtp = await startSmtpSink({ seed: seed + 3 });
  } catch (error) {
    await suno[Symbol.asyncDispose]();
    await openai[Symbol.asyncDispose]();
    throw error;
  }
  return {
    openai,
    suno,
    smtp,
    /** The servers' settings that point them here. */
    env: {
      OPENAI_API_KEY: SOAK_KEYS.openai,
      OPENAI_BASE_URL: openai.baseUrl,
      SUNO_API_KEY: SOAK_KEYS.suno,
      SUNO_API_URL: suno.baseUrl,
      // Without a limit at the fake, these runs measure our side, not the account's allowance.
      SUNO_RATE_LIMIT: options.musicLimit
        ? `${options.musicLimit.requests}/${options.musicLimit.windowMs / 1000}s`
        : "1000/1s",
      SMTP_URL: `${smtp.url}?socketTimeout=${SOAK_SMTP_SOCKET_TIMEOUT_MS}`,
      MAIL_FROM: "Little Hits <songs@littlehits.studio>",
    },
    async [Symbol.asyncDispose]() {
      await smtp[Symbol.asyncDispose]();
      await suno[Symbol.asyncDispose]();
      await openai[Symbol.asyncDispose]();
    },
  };
}

export type OutsideWorld = Awaited<ReturnType<typeof startOutsideWorld>>;
