import { songTaskTaken } from "../../domain/order/lifecycle.ts";
import { seconds } from "../../domain/time.ts";
import type { Stage } from "./mod.ts";

/**
 * SUNO_CREATE: asks the music service for the song. The callback address names the order and this
 * attempt, so a callback can tell us the task id even if we crashed before storing it.
 */
export const createSong: Stage = async ({ deps, order, attemptId, signal }) => {
  const { config } = deps;
  const now = () => deps.clock.now();
  const callbackUrl = songCallbackUrl(config.appUrl, order.id, attemptId);
  const created = await deps.providers.music.createSong({
    lyrics: order.songLyrics ?? "",
    style: order.songTags ?? "",
    title: order.songTitle ?? `${order.childName}'s Song`,
    singer: order.singerGender,
    callbackUrl,
  }, signal);
  return {
    kind: "advance",
    to: "SUNO_STATUS",
    delayMs: seconds(config.songPollSeconds),
    patch: songTaskTaken(created.taskId, now() + config.jobs.songDeadlineMinutes * 60_000),
    message: `The music service took the song (task ${created.taskId}).`,
    call: { ...created.call, taskId: created.taskId },
  };
};

function songCallbackUrl(appUrl: string, orderId: string, attemptId: string): string {
  const url = new URL("/api/webhooks/suno", appUrl);
  url.searchParams.set("order", orderId);
  url.searchParams.set("attempt", attemptId);
  return url.toString();
}
