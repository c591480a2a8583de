import { assert, assertEquals } from "@std/assert";
import type { AttentionAnswer } from "../../../domain/attention.ts";
import { objectKeyOf } from "../../../kv/blob_store.ts";
import { listDevMail } from "../../../kv/dev_mail.ts";
import { startLoopbackS3 } from "../../../fakes/s3_server.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { adminHeaders, DELIVERY_ENV } from "../delivery/helpers.ts";
import { clockWorker, placeOrder, settled, stepUntil } from "./helpers.ts";

/**
 * Our own audio storage being away is ours to wait out (docs/deploy.md, "When the bucket is away"):
 * a song finished meanwhile is not failed, its family is not emailed, staff see the outage and the
 * songs waiting on it, the deep health check says so, and once the bucket is back the song is kept
 * there. Against a real S3 API server on loopback, stopped for the outage; the worker runs on the
 * test's clock.
 */
const MINUTE = 60_000;

async function attention(t: TestApp): Promise<AttentionAnswer> {
  const response = await t.request("/api/admin/attention", { headers: await adminHeaders(t) });
  assertEquals(response.status, 200);
  return await response.json();
}

async function health(t: TestApp, path: string) {
  const response = await t.request(path);
  return { status: response.status, body: await response.json() };
}

Deno.test("a song finished while the bucket is down waits for it, fails nobody, and is kept there once it is back", async () => {
  await using s3 = await startLoopbackS3();
  await using t = await createTestApp({ env: { ...s3.env, BLOB_STORE: "s3", ...DELIVERY_ENV } });
  await using worker = clockWorker(t);
  const placed = await placeOrder(t, { childName: "Ivy", parentEmail: "ivy@example.com" });
  const making = await stepUntil(t, worker, placed.id, (order) => order.currentStage === "SUNO_STATUS");

  await s3.pause();
  const outageStart = t.clock.now();
  const during = await stepUntil(
    t,
    worker,
    placed.id,
    (order) => settled(order) || t.clock.now() >= outageStart + 30 * MINUTE,
  );
  assertEquals(during.status, "generating", during.error ?? during.statusDetail ?? "");
  assertEquals(during.retryCount, making.retryCount, "the outage costs the song none of its retries");
  assert(during.storageWaitSince, "the order says it waits for storage");
  const snags = (await listDevMail(t.kv)).filter((mail) => /snag/i.test(mail.subject));
  assertEquals(snags, [], "no failure email");

  const staff = await attention(t);
  assert(staff.storageOutage, "staff see the outage");
  assertEquals(staff.storageWait.count, 1);
  assertEquals(staff.storageWait.orders.map((order) => order.id), [placed.id]);
  assertEquals(staff.failed.count, 0);

  // The platform's liveness check keeps its contract; the deep one names the outage.
  assertEquals(await health(t, "/healthz"), { status: 200, body: { ok: true } });
  const deep = await health(t, "/healthz?deep=1");
  assertEquals(deep.status, 503);
  assertEquals(deep.body.ok, false);
  assertEquals(deep.body.audioStorage.state, "unreachable");

  await s3.resume();
  const made = await stepUntil(t, worker, placed.id);
  assertEquals(made.status, "completed", made.error ?? "");
  assertEquals(made.storageWaitSince ?? null, null);
  assertEquals(made.songTakes?.length, 2);
  for (const take of made.songTakes!) {
    const meta = (await t.deps.blobs.meta(take.blobId))!;
    assertEquals(meta.store, "s3");
    const object = await t.deps.blobs.bucket!.getObject(objectKeyOf(take.blobId), null);
    assertEquals((await new Response(object).arrayBuffer()).byteLength, meta.size);
  }

  const after = await attention(t);
  assertEquals(after.storageOutage, null);
  assertEquals(after.storageWait.count, 0);
  assertEquals((await health(t, "/healthz?deep=1")).status, 200);
});
