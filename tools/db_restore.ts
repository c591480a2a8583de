/**
 * `deno task db:restore [--kv PATH] [--in FILE|-] [--force]`: loads a dump made by db:dump into the
 * app's KV (KV_PATH, or --kv: a file or a KV Connect URL; `:default:` only on Deno Deploy), from
 * stdin by default. The target must be empty unless --force. A file is read twice: first every
 * line, the count and the checksum are checked, then it is written, so a damaged dump never touches
 * the target. From stdin it is read once; a dump found bad part-way is rolled back (kv/dump.ts).
 * Start the app afterwards: its migrations (kv/migrations.ts) bring an older dump's shapes up to date.
 */
import { parseArgs } from "node:util";
import { parseConfig, runsOnDenoDeploy } from "../domain/config.ts";
import { StartupError } from "../domain/errors.ts";
import { blobCensus, describeCensus } from "../kv/blob_census.ts";
import { DumpError, readLines, restoreDump } from "../kv/dump.ts";
import { createS3Bucket } from "../providers/blobs/s3.ts";
import { openKv, refusePlatformKvOffDeploy } from "../kv/open.ts";

const USAGE = "Usage: deno task db:restore [--kv PATH] [--in FILE|-] [--force]";

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      kv: { type: "string" },
      in: { type: "string", default: "-" },
      force: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.error(USAGE);
    return 0;
  }
  const env = Deno.env.toObject();
  const config = parseConfig(env);
  const kvPath = values.kv ?? config.kvPath;
  refusePlatformKvOffDeploy(kvPath, runsOnDenoDeploy(env));
  if (kvPath === ":memory:") {
    throw new StartupError("An in-memory KV is gone when this tool exits: give a file.");
  }
  const fromStdin = values.in === "-";

  const started = performance.now();
  if (!fromStdin) {
    using file = await Deno.open(values.in);
    const checked = await restoreDump(null, readLines(file.readable));
    console.error(`Checked ${values.in}: ${checked.entries} entries, count and checksum right.`);
  }
  const kv = await openKv(kvPath);
  try {
    const source = fromStdin ? Deno.stdin.readable : (await Deno.open(values.in)).readable;
    const summary = await restoreDump(kv, readLines(source), { force: values.force });
    const seconds = (performance.now() - started) / 1000;
    console.error(
      `Restored ${summary.written} entries into ${kvPath} in ${summary.commits} commits, ` +
        `${seconds.toFixed(1)} s (${Math.round(summary.entries / seconds)} entries/s); ` +
        `${summary.expired} had expired and were left out. ` +
        `Dump made ${summary.header.createdAt}` +
        (summary.header.skippedPrefixes.length
          ? `, without ${summary.header.skippedPrefixes.join(", ")}.`
          : "."),
    );
    // Audio in the bucket is not in a dump: each song restored is looked for where it should be.
    const bucket = config.blobs.s3 ? createS3Bucket(config.blobs.s3) : null;
    const census = await blobCensus(kv, bucket);
    console.error(describeCensus(census, bucket?.label ?? null));
    if (census.missingFromBucket?.length) return 1;
    return 0;
  } finally {
    kv.close();
  }
}

try {
  Deno.exit(await main());
} catch (error) {
  if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
    console.error(`${error.message}\n${USAGE}`);
    Deno.exit(2);
  }
  console.error(`db:restore failed: ${error instanceof Error ? error.message : String(error)}`);
  // A known refusal is one line; anything else keeps its stack for whoever investigates.
  if (!(error instanceof StartupError || error instanceof DumpError)) console.error(error);
  Deno.exit(1);
}
