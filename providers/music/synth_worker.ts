/// <reference no-default-lib="true" />
/// <reference lib="deno.worker" />
/**
 * The local synthesiser in a Web Worker (providers/cpu_pool.ts): rendering and MP3 encoding take
 * about 350 ms of CPU a song, which the request loop must never spend.
 */
import { renderSongMp3, type SynthRequest } from "./synth.ts";

self.onmessage = (event: MessageEvent<{ id: number; input: SynthRequest }>) => {
  const { id, input } = event.data;
  try {
    const output = renderSongMp3(input);
    self.postMessage({ id, output }, [output.buffer]);
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
