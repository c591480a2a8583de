/**
 * `deno task blobs:migrate [--kv PATH] [--concurrency N] [--dry-run]`: copies every song kept in KV
 * chunks into the S3 bucket (S3_*), switching each blob to its copy once the copy is read back and
 * proven the same bytes, then freeing the chunks (kv/blob_migration.ts). Each blob's URL names its id,
 * never its store, so no order, email or page changes, and the app may keep running. Run it again
 * after a stop: what moved is skipped, what did not is moved. Set BLOB_STORE=s3 first, so that no new
 * song lands in KV while this runs.
 */
import { parseArgs } from "node:util";
import { parseConfig, runsOnDenoDeploy } from "../domain/config.ts";
import { StartupError } from "../domain/errors.ts";
import { blobsInKv, moveBlobToBucket, type MoveResult } from "../kv/blob_migration.ts";
import { openKv, refusePlatformKvOffDeploy } from "../kv/open.ts";
import { createS3Bucket } from "../providers/blobs/s3.ts";
import { forEachLimited } from "../jobs/limiter.ts";

const USAGE = "Usage: deno task blobs:migrate [--kv PATH] [--concurrency N] [--dry-run]";

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      kv: { type: "string" },
      concurrency: { type: "string", default: "4" },
      "dry-run": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.error(USAGE);
    return 0;
  }
  const env = Deno.env.toObject();
  const config = parseConfig(env);
  if (!config.blobs.s3) throw new StartupError("Set S3_* (the bucket to move the audio to).");
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) {
    throw new StartupError(
      `--concurrency must be a whole number from 1 to 32 (got "${values.concurrency}").`,
    );
  }
  const kvPath = values.kv ?? config.kvPath;
  refusePlatformKvOffDeploy(kvPath, runsOnDenoDeploy(env));
  if (config.blobs.store !== "s3") {
    console.error(
      "Note: BLOB_STORE is not s3, so songs made meanwhile still go to KV; run this again later.",
    );
  }

  const kv = await openKv(kvPath);
  const bucket = createS3Bucket(config.blobs.s3);
  const started = performance.now();
  const counts: Record<MoveResult | "failed", number> = {
    moved: 0,
    already: 0,
    gone: 0,
    damaged: 0,
    failed: 0,
  };
  let bytes = 0;
  try {
    const ids: { id: string; size: number }[] = [];
    for await (const meta of blobsInKv(kv)) ids.push({ id: meta.id, size: meta.size });
    console.error(`${ids.length} songs' audio in KV at ${kvPath}, to ${bucket.label}.`);
    if (values["dry-run"]) return 0;
    await forEachLimited(ids, concurrency, async ({ id, size }) => {
      try {
        const result = await moveBlobToBucket(kv, bucket, id, Date.now());
        counts[result]++;
        if (result === "moved") bytes += size;
        if (result === "damaged") {
          console.error(`blob ${id}: its chunks do not match its SHA-256; left in KV.`);
        }
      } catch (error) {
        counts.failed++;
        console.error(`blob ${id}: ${error instanceof Error ? error.message : error}`);
      }
      const done = counts.moved + counts.already + counts.gone + counts.damaged + counts.failed;
      if (done % 100 === 0) console.error(`… ${done} of ${ids.length}`);
    });
    const seconds = (performance.now() - started) / 1000;
    console.error(
      `Moved ${counts.moved} (${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s); ` +
        `${counts.already} were there already, ${counts.gone} deleted meanwhile, ` +
        `${counts.damaged} damaged, ${counts.failed} failed (run again to retry them).`,
    );
    return counts.failed + counts.damaged > 0 ? 1 : 0;
  } finally {
    kv.close();
  }
}

try {
  Deno.exitCode = await main();
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(error.message);
  console.error(USAGE);
  Deno.exitCode = 2;
}
