import { Hono } from "hono";
import { DATED_WARNING_HOURS, PROMISE_HOURS, REVIEW_WAIT_HOURS } from "../../../domain/admin/attention.ts";
import { deliveryDelayMs } from "../../../domain/delivery/release.ts";
import { readAttention } from "../../../kv/attention.ts";
import type { AppEnv } from "../../request_context.ts";
import { requireAdmin } from "../../middleware/session.ts";

/** The dashboard's "Needs attention" panel, guarded like the backlog beside it. */
export const attentionAdminApi = new Hono<AppEnv>();

attentionAdminApi.use("/attention", requireAdmin);

attentionAdminApi.get("/attention", async (c) => {
  const { kv, clock, config } = c.var.deps;
  c.header("cache-control", "private, no-store");
  return c.json(
    await readAttention(kv, clock.now(), {
      delayMs: deliveryDelayMs(config.deliveryDelayHours),
      reviewWaitHours: REVIEW_WAIT_HOURS,
      datedWarningHours: DATED_WARNING_HOURS,
      promiseHours: PROMISE_HOURS,
    }),
  );
});
