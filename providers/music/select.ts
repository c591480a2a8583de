import type { Config } from "../../domain/config.ts";
import { createLocalStudio } from "./local.ts";
import type { MusicStudio } from "./mod.ts";
import { createSunoStudio } from "./suno.ts";

/** The music API when SUNO_API_KEY is set; otherwise the local synthesiser (refused in production). */
export function createMusicStudio(config: Config, kv: Deno.Kv, now: () => number = Date.now): MusicStudio {
  const { apiKey, apiUrl, model, rateLimit } = config.suno;
  return apiKey ? createSunoStudio({ apiKey, apiUrl, model, rateLimit }) : createLocalStudio(kv, { now });
}
