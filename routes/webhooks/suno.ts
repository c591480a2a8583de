import { Hono } from "hono";
import { z } from "zod";
import { BadRequestError } from "../../domain/errors.ts";
import { noteSongCallback } from "../../jobs/song_callback.ts";
import type { AppEnv } from "../request_context.ts";

/**
 * `POST /api/webhooks/suno?order=…&attempt=…` (ARCHITECTURE.md §10): the music service's progress
 * callback. Only a trigger to check again: its content is never taken as the song's state, so a
 * forged call can at most cause an early look. It answers 200 quickly, as the service expects
 * (15 s timeout), including for orders it does not know, which tells a prober nothing.
 */
export const sunoWebhook = new Hono<AppEnv>();

const callbackQuery = z.object({
  order: z.string().regex(/^[\w-]{1,64}$/),
  attempt: z.string().regex(/^[\w-]{1,64}$/).optional(),
});

const callbackBody = z.object({
  data: z.object({
    task_id: z.string().min(1).max(200).optional(),
    taskId: z.string().min(1).max(200).optional(),
  })
    .partial().nullish(),
}).passthrough();

sunoWebhook.post("/api/webhooks/suno", async (c) => {
  const query = callbackQuery.safeParse(c.req.query());
  if (!query.success) throw new BadRequestError("The callback address is missing its order.");
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new BadRequestError("The callback body is not valid JSON.");
  }
  const parsed = callbackBody.safeParse(body);
  const data = parsed.success ? parsed.data.data : null;
  await noteSongCallback(c.var.deps, {
    orderId: query.data.order,
    attemptId: query.data.attempt ?? null,
    taskId: data?.task_id ?? data?.taskId ?? null,
  });
  return c.json({ received: true });
});
