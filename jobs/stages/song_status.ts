import { songUrlFor } from "../../domain/download.ts";
import { songMade } from "../../domain/order_lifecycle.ts";
import type { BlobMeta } from "../../kv/blobs.ts";
import { seconds } from "../../domain/time.ts";
import type { Stage, StageContext, StageFailure } from "./mod.ts";
import type { CallFacts } from "../../domain/provider_calls.ts";
import { type SongTake, takeLabel, type TakeNumber } from "../../domain/song_takes.ts";
import { timingOwedNow, timingRefused } from "../../domain/take_timing.ts";
import type { SongTrack } from "../../providers/music/mod.ts";

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
 * deadline passes. A ready song's takes are copied into our blob store (the provider's links expire)
 * and the order completes, waiting for staff approval.
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

  const [first, ...others] = check.tracks;
  const kept = [await keepTake(deps, first, 1, signal)];
  // The second take is a bonus: one that cannot be fetched leaves the song with one take, never
  // fails it. A retry would download the first again and could lose what works.
  let missed = "";
  if (others[0]) {
    try {
      kept.push(await keepTake(deps, others[0], 2, signal));
    } catch (error) {
      missed = ` Take 2 could not be kept: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  const takes = kept.map(({ take }) => take);
  const delivered = takes[0];
  return {
    kind: "complete",
    blobs: kept.map(({ blob }) => blob),
    patch: songMade(
      {
        songBlobId: delivered.blobId,
        songUrl: delivered.songUrl,
        songTitle: order.songTitle || first.title || `${order.childName}'s Song`,
      },
      takes,
      now(),
    ),
    message: `The song is ready: ${kept.map(describeTake).join("; ")}.${missed}`,
    call: { ...kept[0].call, taskId },
  };
};

/** A take's audio copied into our blob store (the service's files expire), its timed lyrics owed. */
async function keepTake(
  deps: StageContext["deps"],
  track: SongTrack,
  take: TakeNumber,
  signal: AbortSignal,
): Promise<{ take: SongTake; blob: BlobMeta; size: number; call: CallFacts }> {
  const now = deps.clock.now();
  const audio = await deps.providers.music.downloadAudio(track.audioUrl, signal);
  const blob = await deps.blobs.stage(audio.bytes, { contentType: audio.contentType, now });
  return {
    take: {
      take,
      audioId: track.audioId,
      blobId: blob.id,
      songUrl: songUrlFor(deps.config.appUrl, blob.id),
      title: track.title,
      durationSeconds: track.durationSeconds,
      // Without the service's id of the track there is nothing to ask by.
      timing: track.audioId ? timingOwedNow(now) : timingRefused(
        timingOwedNow(now),
        "The music service gave this take no id to ask for its timed lyrics by.",
        null,
      ),
    },
    blob,
    size: audio.bytes.length,
    call: audio.call,
  };
}

function describeTake({ take, size }: { take: SongTake; size: number }): string {
  const length = take.durationSeconds ? `, ${Math.round(take.durationSeconds)} s` : "";
  return `${takeLabel(take.take)} (${Math.round(size / 1024)} KB${length})`;
}

function fail(failure: StageFailure) {
  return {
    kind: "fail" as const,
    failure: { ...failure, retryAt: failure.transient ? "SUNO_CREATE" as const : undefined },
  };
}
