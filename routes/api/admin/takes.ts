import { Hono } from "hono";
import { z } from "zod";
import { NotFoundError } from "../../../domain/errors.ts";
import { adminOrderView } from "../../../domain/order/views.ts";
import { isOrderId } from "../../../domain/order/orders.ts";
import { TAKE_NUMBERS, takesOf } from "../../../domain/song/takes.ts";
import { everyLineTimed } from "../../../domain/song/timed_lyrics.ts";
import { chooseTake, offerBonusTake } from "../../../orders/song_takes.ts";
import { readTimings } from "../../../kv/lyrics_timing.ts";
import { getOrder } from "../../../kv/orders.ts";
import type { AppEnv } from "../../request_context.ts";
import { currentUser, requireAdmin } from "../../middleware/session.ts";
import { valid } from "../validate.ts";

/** Staff's choices among a song's two takes, and each take's timed lyrics for the preview. */
export const takesAdminApi = new Hono<AppEnv>();

takesAdminApi.use("/orders/*", requireAdmin);

const takeBody = z.object({
  take: z.union([z.literal(TAKE_NUMBERS[0]), z.literal(TAKE_NUMBERS[1])], {
    message: "Choose take 1 or take 2.",
  }),
}).strict();

const bonusBody = z.object({
  offered: z.boolean({ message: "Say whether the other take is offered (true or false)." }),
}).strict();

takesAdminApi.post("/orders/:id/take", valid("json", takeBody), async (c) => {
  const { take } = c.req.valid("json");
  const { order, message } = await chooseTake(c.var.deps, c.req.param("id"), take, currentUser(c).username);
  return c.json({ message, order: adminOrderView(order) });
});

takesAdminApi.post("/orders/:id/bonus-take", valid("json", bonusBody), async (c) => {
  const { offered } = c.req.valid("json");
  const { order, message } = await offerBonusTake(
    c.var.deps,
    c.req.param("id"),
    offered,
    currentUser(c).username,
  );
  return c.json({ message, order: adminOrderView(order) });
});

takesAdminApi.get("/orders/:id/timed-lyrics", async (c) => {
  const id = c.req.param("id");
  const order = isOrderId(id) ? await getOrder(c.var.deps.kv, id) : null;
  if (!order) throw new NotFoundError("Order not found.");
  const takes = takesOf(order);
  const timings = await readTimings(c.var.deps.kv, takes.map((take) => take.blobId));
  c.header("cache-control", "private, no-store");
  return c.json({
    takes: takes.map((take) => {
      const timing = timings.get(take.blobId);
      // Staff read every line too, as the family will, not only the part the timing covers.
      return { take: take.take, timing: timing ? everyLineTimed(order.songLyrics ?? null, timing) : null };
    }),
  });
});
