import { keys } from "./keys.ts";

/**
 * The debug texts of generation (staff-side §3, debug logs): what was sent to the lyricist and what
 * it answered. Kept beside the order, not in it, because together they can outgrow a KV value.
 */
const DEBUG_TEXTS = [
  "openaiLyricsPrompt",
  "openaiLyricsResponse",
  "openaiTagsInput",
  "openaiTagsOutput",
] as const;
export type DebugTextName = (typeof DEBUG_TEXTS)[number];
export type DebugTexts = Partial<Record<DebugTextName, string>>;

/** A KV value must stay under 64 KiB; 15,000 characters is under it even if every one takes 4 bytes. */
const TEXT_LIMIT = 15_000;

export function setDebugTexts(operation: Deno.AtomicOperation, orderId: string, texts: DebugTexts) {
  for (const [name, text] of Object.entries(texts)) {
    if (text === undefined) continue;
    const kept = text.length > TEXT_LIMIT
      ? `${text.slice(0, TEXT_LIMIT)}\n…(cut at ${TEXT_LIMIT} characters)`
      : text;
    operation.set(keys.orderDebug(orderId, name), kept);
  }
  return operation;
}

export async function getDebugTexts(kv: Deno.Kv, orderId: string): Promise<DebugTexts> {
  const entries = await kv.getMany<string[]>(DEBUG_TEXTS.map((name) => keys.orderDebug(orderId, name)));
  const texts: DebugTexts = {};
  DEBUG_TEXTS.forEach((name, index) => {
    const value = entries[index].value;
    if (value !== null) texts[name] = value;
  });
  return texts;
}
