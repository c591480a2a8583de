import { songUrlFor } from "../../domain/download.ts";
import { songMade } from "../../domain/order_lifecycle.ts";
import { putBlob } from "../../kv/blobs.ts";
import { seconds } from "../../domain/time.ts";
import type { Stage, StageFailure } from "./mod.ts";

/**
 * The music service's task states that are worth making the song again for (its generation broke,
 * credits are refunded), and the code each failure is recorded with when the service sent none.
 * The check that saw the failure itself succeeded: its HTTP status stays the one that came.
 */
const TASK_FAILURES: Record<string, { code: number; transient: boolean }> = {
  CREATE_TASK_FAILED: { code: 500, transient: true },
  GENERATE_AUDIO_FAILED: { code: 500, transient: true },
  CALLBACK_EXCEPTION: { code: 500, transient: true },
  SENSITIVE_WORD_ERROR: { code: 400, transient: false },
  NOT_FOUND: { code: 404, transient: false },
};

/**
 * SUNO_STATUS: checks the task every SONG_POLL_SECONDS until the song is ready, has failed, or the
 * deadline passes. A ready song is copied into our blob store (the provider's links expire) and the
 * order completes, waiting for staff approval.
 */
export const checkSong: Stage = async ({ deps, order, signal }) => {
  const { config } = deps;
  const now = () => deps.clock.now();
  const taskId = order.songTaskId;
  if (!taskId) {
    return fail({
      message: "There is no song task to check.",
      call: null,
      httpStatus: null,
      transient: true,
    });
  }
  const check = await deps.providers.music.checkSong(taskId, signal);
  // The deadline is for a song still being made: after a backlog (workers down a while) a finished
  // song is still collected, however late we look.
  if (check.state === "pending" && order.songDeadlineAt && now() > Date.parse(order.songDeadlineAt)) {
    return fail({
      message: `The music service did not finish the song within ${config.jobs.songDeadlineMinutes} minutes.`,
      call: null,
      httpStatus: 408,
      transient: false,
    });
  }
  if (check.state === "pending") {
    return {
      kind: "wait",
      delayMs: seconds(config.songPollSeconds),
      statusDetail: `The music service is making the song (${check.providerStatus}).`,
    };
  }
  if (check.state === "failed") {
    const known = TASK_FAILURES[check.providerStatus] ?? { code: 500, transient: false };
    return fail({
      message: `The music service could not make the song (${check.providerStatus}): ${check.message}`,
      call: { ...check.call, taskId, code: check.errorCode ?? known.code },
      httpStatus: check.call.httpStatus,
      transient: known.transient,
    });
  }

  const audio = await deps.providers.music.downloadAudio(check.audioUrl, signal);
  const blob = await putBlob(deps.kv, audio.bytes, { contentType: audio.contentType, now: now() });
  return {
    kind: "complete",
    blobId: blob.id,
    patch: songMade({
      songBlobId: blob.id,
      songUrl: songUrlFor(config.appUrl, blob.id),
      songTitle: order.songTitle || check.title || `${order.childName}'s Song`,
    }, now()),
    message: `The song is ready (${Math.round(audio.bytes.length / 1024)} KB${
      check.durationSeconds ? `, ${Math.round(check.durationSeconds)} s` : ""
    }).`,
    call: { ...audio.call, taskId },
  };
};

function fail(failure: StageFailure) {
  return {
    kind: "fail" as const,
    failure: { ...failure, retryAt: failure.transient ? "SUNO_CREATE" as const : undefined },
  };
}
