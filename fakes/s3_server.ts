import S3rver from "s3rver";

/**
 * A real S3 API server on loopback (s3rver: objects on disk, ranges, presigned URLs and their expiry),
 * for tests and benchmarks of the bucket-backed blob store. Not a fake of our code: the client under
 * test signs and sends what it would send to S3. s3rver checks the access key of a SigV4 request but
 * not its signature; the signing is aws4fetch's, tested against AWS's own vectors upstream.
 */
export interface LoopbackS3 extends AsyncDisposable {
  /** Settings as the config reads them from S3_* (s3rver's fixed credentials). */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  /**
   * An outage: the server stops listening (a client's connection is refused), its objects kept for
   * `resume`, which listens again at the same address.
   */
  pause(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

/** s3rver accepts these and no others. */
const CREDENTIALS = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };

export async function startLoopbackS3(bucket = "little-hits-songs"): Promise<LoopbackS3> {
  const directory = await Deno.makeTempDir({ prefix: "s3rver-" });
  const serve = async (port: number) => {
    const server = new S3rver({
      address: "127.0.0.1",
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    const address = await server.run();
    return { server, port: address.port };
  };
  let running: Awaited<ReturnType<typeof serve>> | null = await serve(0);
  const port = running.port;
  const endpoint = `http://127.0.0.1:${port}`;
  let closed = false;
  const pause = async () => {
    const stopping = running;
    running = null;
    await stopping?.server.close();
  };
  const close = async () => {
    if (closed) return;
    closed = true;
    await pause();
    await Deno.remove(directory, { recursive: true }).catch(() => {});
  };
  return {
    env: { ...CREDENTIALS, S3_BUCKET: bucket, S3_REGION: "us-east-1", S3_ENDPOINT: endpoint },
    endpoint,
    bucket,
    pause,
    async resume() {
      running ??= await serve(port);
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
