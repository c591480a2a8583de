import { dirname } from "node:path";
import { StartupError } from "../domain/errors.ts";
import { retryWhenBusy } from "./busy_retry.ts";

/**
 * Opens Deno KV at a file path, `:memory:` or a KV Connect URL, creating the folder of a file path
 * first. Any failure becomes a StartupError naming the path, so main.ts can stop with one line.
 */
export async function openKv(path: string): Promise<Deno.Kv> {
  const isFile = path !== ":memory:" && !/^https?:\/\//.test(path);
  try {
    if (isFile) await Deno.mkdir(dirname(path), { recursive: true });
    const kv = await Deno.openKv(path);
    // A file may be shared with another process (two servers, a seed run): see busy_retry.ts.
    return isFile ? retryWhenBusy(kv) : kv;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(`Cannot open Deno KV at "${path}" (KV_PATH): ${reason}`, {
      cause: error,
    });
  }
}
