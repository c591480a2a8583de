/**
 * The bucket tools/bench_audio.ts measures against, in a process of its own so that its CPU is never
 * counted as the app's: s3rver on loopback (fakes/s3_server.ts). Prints its S3_* settings as one line of
 * JSON, then serves until its stdin closes or it is sent SIGTERM/SIGINT, and removes its objects.
 */
import { startLoopbackS3 } from "../fakes/s3_server.ts";

const s3 = await startLoopbackS3();
let stopping: Promise<void> | null = null;
const stop = () => {
  stopping ??= (async () => {
    await s3.close();
    Deno.exit(0);
  })();
  return stopping;
};
for (const signal of ["SIGTERM", "SIGINT"] as const) Deno.addSignalListener(signal, stop);

console.log(JSON.stringify(s3.env));
// The bench holds our stdin open while it needs the bucket; its end (or the bench's) closes it.
for await (const _ of Deno.stdin.readable);
await stop();
