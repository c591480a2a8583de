import { AwsClient } from "aws4fetch";
import type { S3Settings } from "../../domain/config.ts";
import { BlobStoreError } from "../../kv/blobs.ts";
import type { BlobBucket, PresignOptions } from "../../kv/blob_store.ts";

/**
 * An S3-compatible bucket (S3, R2, MinIO, B2) through aws4fetch: SigV4 signing over `fetch`, 3 KB
 * gzipped with no dependencies, where @aws-sdk/client-s3 is 175 KB gzipped over 26 packages; we need
 * five calls of the API, not the SDK's model of all of it.
 *
 * Buckets are addressed by path (`{endpoint}/{bucket}/{key}`), which every one of those services
 * accepts, so the endpoint alone says where the bucket is.
 */

/** A write of a whole song (a few MB) in one request; longer means the link is down, not slow. */
const WRITE_TIMEOUT_MS = 120_000;
/** How long a read may wait for the bucket's first byte; the body then flows as the listener pulls. */
const FIRST_BYTE_TIMEOUT_MS = 10_000;
const SMALL_CALL_TIMEOUT_MS = 15_000;

/**
 * No retries here: a failed write fails the job step, which the job system retries with its own backoff
 * and records; a failed read is the listener's to repeat (players do).
 */
export function createS3Bucket(settings: S3Settings): BlobBucket {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: "s3",
    retries: 0,
  });
  const bucketUrl = `${settings.endpoint}/${encodeURIComponent(settings.bucket)}`;
  const objectUrl = (key: string) => `${bucketUrl}/${key.split("/").map(encodeURIComponent).join("/")}`;
  const label = `bucket ${settings.bucket}`;

  const call = async (url: string, init: RequestInit, what: string): Promise<Response> => {
    let response: Response;
    try {
      const signed = await client.sign(url, init);
      response = await fetch(signed);
    } catch (error) {
      throw new BlobStoreError(
        `Could not ${what} in ${label}: ${error instanceof Error ? error.message : error}`,
      );
    }
    return response;
  };

  const refused = async (response: Response, what: string) => {
    const text = await response.text().catch(() => "");
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    return new BlobStoreError(
      `Could not ${what} in ${label}: HTTP ${response.status}${code ? ` ${code}` : ""}.`,
    );
  };

  return {
    label,
    async putObject(key, bytes, contentType) {
      const what = `write ${key}`;
      const response = await call(objectUrl(key), {
        method: "PUT",
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { "content-type": contentType, "content-length": String(bytes.byteLength) },
        signal: AbortSignal.timeout(WRITE_TIMEOUT_MS),
      }, what);
      if (!response.ok) throw await refused(response, what);
      await response.body?.cancel();
    },
    async getObject(key, range, signal) {
      const what = `read ${key}`;
      const firstByte = new AbortController();
      const timer = setTimeout(() => firstByte.abort(new Error("no answer in time")), FIRST_BYTE_TIMEOUT_MS);
      const headers: Record<string, string> = {};
      if (range) headers.range = `bytes=${range.start}-${range.endInclusive}`;
      try {
        const response = await call(objectUrl(key), {
          headers,
          signal: signal ? AbortSignal.any([signal, firstByte.signal]) : firstByte.signal,
        }, what);
        if (response.status === 404) {
          await response.body?.cancel();
          return null;
        }
        if (!(range ? response.status === 206 : response.status === 200) || !response.body) {
          throw await refused(response, what);
        }
        // Bytes from anywhere but the start asked for would be spliced into the wrong place.
        const answeredStart = /^bytes (\d+)-/.exec(response.headers.get("content-range") ?? "")?.[1];
        if (range && answeredStart !== String(range.start)) {
          await response.body.cancel();
          throw new BlobStoreError(
            `Could not ${what} in ${label}: the range came back from byte ${answeredStart}.`,
          );
        }
        return response.body;
      } finally {
        clearTimeout(timer);
      }
    },
    async deleteObject(key) {
      const what = `delete ${key}`;
      const response = await call(objectUrl(key), {
        method: "DELETE",
        signal: AbortSignal.timeout(SMALL_CALL_TIMEOUT_MS),
      }, what);
      // S3 answers 204 whether or not the object was there; some servers say 404.
      if (!response.ok && response.status !== 404) throw await refused(response, what);
      await response.body?.cancel();
    },
    async presignGet(key, options: PresignOptions) {
      const url = new URL(objectUrl(key));
      url.searchParams.set("X-Amz-Expires", String(options.expiresInSeconds));
      if (options.contentDisposition) {
        url.searchParams.set("response-content-disposition", options.contentDisposition);
      }
      if (options.contentType) url.searchParams.set("response-content-type", options.contentType);
      const signed = await client.sign(url.toString(), { method: "GET", aws: { signQuery: true } });
      return signed.url;
    },
  };
}
