import type { Config } from "../../domain/config.ts";
import { createLocalLyricist } from "./local.ts";
import type { Lyricist } from "./mod.ts";
import { createOpenAiLyricist } from "./openai.ts";

/** OpenAI when OPENAI_API_KEY is set; otherwise the local lyricist (config refuses that in production). */
export function createLyricist(config: Config): Lyricist {
  const { apiKey, baseUrl, model, api, reasoningEffort } = config.openai;
  return apiKey
    ? createOpenAiLyricist({ apiKey, baseUrl, model, api, reasoningEffort })
    : createLocalLyricist();
}
