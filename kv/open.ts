import { dirname } from "node:path";
import { PLATFORM_KV } from "../domain/config.ts";
import { StartupError } from "../domain/errors.ts";
import { retryBusy, retryWhenBusy } from "./busy_retry.ts";

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
    if (!isFile) return path === PLATFORM_KV ? await Deno.openKv() : await Deno.openKv(path);
    // A file may be shared with another process (two servers, a seed run): see busy_retry.ts. Opening
    // meets the other's transactions too, while SQLite sets the file up.
    return retryWhenBusy(await retryBusy(() => Deno.openKv(path)));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(`Cannot open Deno KV at "${path}" (KV_PATH): ${reason}`, {
      cause: error,
    });
  }
}

/**
 * For the tools that open the app's KV from an operator's machine (db:dump, db:restore): `:default:` away
 * from Deno Deploy is Deno's per-script local file, an empty store that has nothing to do with the app's
 * database, so a backup of it would look fine and hold nothing. The Deploy database is reached from outside
 * by its KV Connect URL instead (docs/deploy.md, "Backups from anywhere").
 */
export function refusePlatformKvOffDeploy(path: string, onDenoDeploy: boolean): void {
  if (path !== PLATFORM_KV || onDenoDeploy) return;
  throw new StartupError(
    `KV_PATH=${PLATFORM_KV} means Deno Deploy's own database only on Deno Deploy; here it would open a ` +
      "local file that is not the app's. Use the database's KV Connect URL with an access token: " +
      "KV_PATH=https://api.deno.com/v2/databases/<database-id>/connect DENO_KV_ACCESS_TOKEN=ddo_… " +
      "(docs/deploy.md).",
  );
}
