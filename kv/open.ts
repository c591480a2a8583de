import { dirname } from "node:path";
import { StartupError } from "../domain/errors.ts";
import { retryWhenBusy } from "./busy_retry.ts";

/**
 * KV_PATH for `Deno.openKv()` with no path: on Deno Deploy, the database assigned to the app;
 * elsewhere, Deno's own per-script default file.
 */
export const PLATFORM_KV = ":default:";

/**
 * Opens Deno KV at a file path, `:memory:`, a KV Connect URL or `:default:` (PLATFORM_KV: no path,
 * Deno Deploy's own database), creating the folder of a file path first: the server's one write to
 * the local file system, which Deno Deploy (KV_PATH=:default:, docs/deploy.md) never makes. Any
 * failure becomes a StartupError naming the path, so main.ts can stop with one line.
 */
export async function openKv(path: string): Promise<Deno.Kv> {
  const isFile = path !== ":memory:" && path !== PLATFORM_KV && !/^https?:\/\//.test(path);
  try {
    if (isFile) await Deno.mkdir(dirname(path), { recursive: true });
    const kv = path === PLATFORM_KV ? await Deno.openKv() : await Deno.openKv(path);
    // A file may be shared with another process (two servers, a seed run): see busy_retry.ts.
    return isFile ? retryWhenBusy(kv) : kv;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(`Cannot open Deno KV at "${path}" (KV_PATH): ${reason}`, {
      cause: error,
    });
  }
}
