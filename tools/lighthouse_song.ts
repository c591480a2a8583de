/**
 * A delivered song for `deno task lighthouse --path=/unboxing/delivered`: the reveal page measured as a
 * family opens it, not its "not ready" state. The order is placed as a demo order and made by the local
 * lyricist and synthesiser through the real job worker, in the KV file the measured server then opens;
 * only the staff's approval and the 12-hour wait are written directly, as the delivery tests do.
 */
import { parseConfig } from "../domain/config.ts";
import { orderFormSchema } from "../domain/order/orders.ts";
import { createDeps } from "../deps.ts";
import { startJobWorker } from "../jobs/worker.ts";
import { openKv } from "../kv/open.ts";
import { getOrder, updateOrder } from "../kv/orders.ts";
import { createDemoOrder } from "../orders/demo_order.ts";
import { closeProviders, createProviders } from "../providers/mod.ts";

const MAKE_TIMEOUT_MS = 120_000;

/** Makes and delivers one song in the KV at `env.KV_PATH`; answers its order id. */
export async function deliveredSong(env: Record<string, string>): Promise<string> {
  const config = parseConfig({ ...Deno.env.toObject(), ...env, JOB_QUEUE: "off" });
  const kv = await openKv(config.kvPath);
  const providers = createProviders(config, kv);
  const deps = createDeps({ kv, config, providers, workerId: "lighthouse" });
  const worker = startJobWorker(deps);
  try {
    const form = orderFormSchema.parse({
      childName: "Mia Rose",
      childAge: "5",
      favoriteColor: "purple",
      bestFriend: "Leo",
      parentName: "Sam Parent",
      parentEmail: "sam@example.com",
      songGenre: "pop",
      singerGender: "female",
      songStyle: "happy",
    });
    const placed = await createDemoOrder(deps, form, "lighthouse-parent");
    const deadline = Date.now() + MAKE_TIMEOUT_MS;
    let order = placed;
    const timingOwed = () => (order.songTakes ?? []).some((take) => take.timing.state === "owed");
    while (order.status !== "completed" || timingOwed()) {
      if (order.status === "failed") throw new Error(`the song was not made: ${order.error}`);
      if (Date.now() > deadline) throw new Error(`the song was not made in time (${order.status})`);
      await worker.sweep();
      await new Promise((resolve) => setTimeout(resolve, 100));
      order = (await getOrder(kv, placed.id))!;
    }
    const now = new Date().toISOString();
    await updateOrder(kv, order.id, (made) => ({
      ...made,
      approvalStatus: "approved",
      approvedAt: now,
      approvedBy: "lighthouse@example.com",
      deliveryScheduledFor: now,
      emailScheduledFor: now,
      emailSentAt: now,
      emailSendCount: 1,
    }));
    return order.id;
  } finally {
    await worker.stop();
    await closeProviders(providers, { analyticsTimeoutMs: 1000 });
    kv.close();
  }
}
