/**
 * `deno task db:dump [--kv PATH] [--out FILE|-] [--include-ephemeral]`: writes every entry of the
 * app's KV (KV_PATH, or --kv: a file or a KV Connect URL; `:default:` only on Deno Deploy) as JSON
 * lines (kv/dump.ts), to stdout by default. A file is written as FILE.partial and renamed when
 * complete, so a dump that dies half-way never looks like a finished one. The summary goes to
 * stderr. Best taken with the app stopped: KV lists page by page, so writes made during a dump may
 * be half in it (docs/migrations.md).
 */
import { parseArgs } from "node:util";
import { parseConfig, PLATFORM_KV, runsOnDenoDeploy } from "../domain/config.ts";
import { StartupError } from "../domain/errors.ts";
import { blobCensus, describeCensus } from "../kv/blob_census.ts";
import { DumpError, writeDump } from "../kv/dump.ts";
import { openKv, refusePlatformKvOffDeploy } from "../kv/open.ts";

const USAGE = "Usage: deno task db:dump [--kv PATH] [--out FILE|-] [--include-ephemeral]";

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      kv: { type: "string" },
      out: { type: "string", default: "-" },
      "include-ephemeral": { type: "boolean", default: false },
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
    throw new StartupError("An in-memory KV starts empty: there is nothing to dump.");
  }
  if (kvPath !== PLATFORM_KV && !/^https?:\/\//.test(kvPath) && !(await isFile(kvPath))) {
    // Opening a missing path would create an empty store and dump that, hiding a wrong KV_PATH.
    throw new StartupError(`There is no KV file at "${kvPath}".`);
  }

  const started = performance.now();
  const kv = await openKv(kvPath);
  const toStdout = values.out === "-";
  const target = toStdout ? null : `${values.out}.partial`;
  try {
    const file = target ? await Deno.open(target, { write: true, create: true, truncate: true }) : null;
    const summary = await writeDump(kv, file ? file.writable : stdoutUnclosed(), {
      includeEphemeral: values["include-ephemeral"],
    });
    if (target) await Deno.rename(target, values.out);
    const seconds = (performance.now() - started) / 1000;
    console.error(
      `Dumped ${summary.entries} entries from ${kvPath} to ${toStdout ? "stdout" : values.out}: ` +
        `${(summary.bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s ` +
        `(${Math.round(summary.entries / seconds)} entries/s); ` +
        `${summary.skipped} ephemeral entries left out; sha256 ${summary.sha256}.`,
    );
    console.error(
      describeCensus(await blobCensus(kv, null), config.blobs.s3 && `bucket ${config.blobs.s3.bucket}`),
    );
    return 0;
  } catch (error) {
    if (target) await Deno.remove(target).catch(() => {});
    throw error;
  } finally {
    kv.close();
  }
}

/** Deno.stdout's stream without closing the process's stdout at the end. */
function stdoutUnclosed(): WritableStream<Uint8Array> {
  return new WritableStream({
    async write(chunk) {
      for (let written = 0; written < chunk.byteLength;) {
        written += await Deno.stdout.write(chunk.subarray(written));
      }
    },
  });
}

async function isFile(path: string) {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

try {
  Deno.exit(await main());
} catch (error) {
  if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
    console.error(`${error.message}\n${USAGE}`);
    Deno.exit(2);
  }
  console.error(`db:dump failed: ${error instanceof Error ? error.message : String(error)}`);
  // A known refusal is one line; anything else keeps its stack for whoever investigates.
  if (
    !(error instanceof StartupError || error instanceof DumpError || error instanceof Deno.errors.BrokenPipe)
  ) {
    console.error(error);
  }
  Deno.exit(1);
}
