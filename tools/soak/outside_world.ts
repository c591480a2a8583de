/**
 * The outside services of a soak run, on loopback in the soak's own process so they outlive every
 * server it kills: OpenAI, the music API (songs finish by time and call back, as the real one does)
 * and an SMTP server that keeps every message. They count every call, which is how a run proves each
 * order cost one call per step and got one email.
 */
import { startOpenAiFake } from "../../tests/fakes/openai.ts";
import { startSmtpSink } from "../../tests/fakes/smtp_sink.ts";
import { startSunoFake } from "../../tests/fakes/suno.ts";

export const SOAK_KEYS = { openai: "sk-soak-openai", suno: "soak-suno-key" } as const;

export interface OutsideWorldOptions {
  /** How long the music service takes to finish a song; its callbacks come at ⅓, ⅔ and the end. */
  songMs: number;
  /**
   * How long each OpenAI and music-API call takes. Real calls take seconds; some latency keeps calls
   * in flight, so a kill interrupts steps mid-call as it would in production.
   */
  callLatencyMs: number;
}

export async function startOutsideWorld(options: OutsideWorldOptions) {
  const latencyMs = options.callLatencyMs;
  const openai = startOpenAiFake({ apiKey: SOAK_KEYS.openai, latencyMs });
  const suno = startSunoFake({
    apiKey: SOAK_KEYS.suno,
    finishAfterMs: options.songMs,
    callbacks: "once",
    latencyMs,
  });
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  try {
    smtp = await startSmtpSink();
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
      SMTP_URL: smtp.url,
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
