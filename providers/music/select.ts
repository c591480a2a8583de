import type { Config } from "../../domain/config.ts";
import { createLocalStudio } from "./local.ts";
import type { MusicStudio } from "./mod.ts";
import { createSunoStudio } from "./suno.ts";
import { sharedRateWindow } from "../rate_window.ts";

/** The music API account's request window in KV (kv/shared_limits.ts), one for every instance. */
export const SUNO_WINDOW = "suno-requests";

/**
 * The music API when SUNO_API_KEY is set, its request limit kept for the whole deployment in `kv`;
 * otherwise the local synthesiser (refused in production).
 */
export function createMusicStudio(config: Config, kv: Deno.Kv, now: () => number = Date.now): MusicStudio {
  const { apiKey, apiUrl, model, rateLimit } = config.suno;
  if (!apiKey) return createLocalStudio(kv, { now });
  // The account's window is in real time whatever clock the app runs on: the service keeps it so.
  const allowance = sharedRateWindow(kv, SUNO_WINDOW, rateLimit.requests, rateLimit.windowMs);
  return createSunoStudio({ apiKey, apiUrl, model, rateLimit, allowance });
}
