/**
 * `deno task seed [count]`: fills the configured KV (KV_PATH) with demo data in every state.
 * The foundation has no entities yet; orders, users and referral codes join this script with the
 * issues that create them (ordering, accounts, admin). Until then it only checks its argument and
 * that the KV store opens, and says so.
 */
import { parseConfig } from "../domain/config.ts";
import { StartupError } from "../domain/errors.ts";
import { openKv } from "../kv/open.ts";

const DEFAULT_COUNT = 36;

const raw = Deno.args[0] ?? String(DEFAULT_COUNT);
const count = Number(raw);
if (!Number.isInteger(count) || count < 0) {
  console.error(`Usage: deno task seed [count]  (count must be a whole number, got "${raw}")`);
  Deno.exit(2);
}

try {
  const config = parseConfig(Deno.env.toObject());
  const kv = await openKv(config.kvPath);
  kv.close();
  console.log(
    `KV at ${config.kvPath} is reachable. Nothing to seed yet: orders (${count} requested) ` +
      `arrive with the ordering issue.`,
  );
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(`Cannot seed: ${error.message}`);
  Deno.exit(1);
}
