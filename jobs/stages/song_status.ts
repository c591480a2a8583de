import { songUrlFor } from "../../domain/song/download.ts";
import { songMade } from "../../domain/order/lifecycle.ts";
import { type BlobMeta, StorageUnavailableError } from "../../kv/blobs.ts";
import type { Order } from "../../domain/order/orders.ts";
import { MAX_BACKOFF_MS } from "../../domain/generation/call_errors.ts";
import { iso, seconds } from "../../domain/time.ts";
import { STORAGE_RECHECK_MS } from "../../domain/admin/storage_outage.ts";
import type { Stage, StageContext, StageFailure, StageOutcome } from "./mod.ts";
import type { CallFacts } from "../../domain/generation/provider_calls.ts";
import { type SongTake, takeLabel, type TakeNumber } from "../../domain/song/takes.ts";
import { timingOwedNow, timingRefused } from "../../domain/song/take_timing.ts";
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
 * How long a finished song waits for our audio bucket, when it is away, before its audio is kept in
 * KV instead (and moved to the bucket once it is back: kv/blob_migration.ts). A short outage costs
 * KV nothing; a long one delays no family's song by more than this, well inside the 24-hour promise
 * and the music service's keeping of its files.
 */
export const STORAGE_WAIT_LIMIT_MS = 60 * 60_000;

/**
 * SUNO_STATUS: checks the task every SONG_POLL_SECONDS until the song is ready, has failed, or the
 * deadline passes. A ready song's takes are copied into our blob store (the provider's links expire)
 * and the order completes, waiting for staff approval. Our own storage being away is not the song's
 * failure: the step waits for it (waitForStorage), costing none of the song's retries.
 */
export const checkSong: Stage = async ({ deps, order, signal }) => {
  const { config } = deps;
  const now = () => deps.clock.now();
  const waitedLong = !!order.storageWaitSince &&
    now() - Date.parse(order.storageWaitSince) >= STORAGE_WAIT_LIMIT_MS;
  // A song already waiting for our storage: while it stays away, the music service is not asked again.
  if (order.storageWaitSince && !waitedLong && !(await deps.blobs.writable())) {
    return waitForStorage(deps, order, null);
  }
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

  // Known to be away: the song is not downloaded only to be thrown away.
  if (!waitedLong && !(await deps.blobs.writable())) return waitForStorage(deps, order, null);
  // Past the wait, the audio is kept in KV if the bucket is still away.
  const ifBucketAway = waitedLong ? "kv" as const : undefined;
  const [first, ...others] = check.tracks;
  const kept: Awaited<ReturnType<typeof keepTake>>[] = [];
  try {
    kept.push(await keepTake(deps, first, 1, signal, ifBucketAway));
  } catch (error) {
    if (error instanceof StorageUnavailableError) return waitForStorage(deps, order, error);
    throw error;
  }
  // The second take is a bonus: one that cannot be fetched leaves the song with one take, never
  // fails it. A retry would download the first again and could lose what works.
  let missed = "";
  if (others[0]) {
    try {
      kept.push(await keepTake(deps, others[0], 2, signal, ifBucketAway));
    } catch (error) {
      // Our storage going away is no reason to lose the take: the whole song waits for it instead.
      if (error instanceof StorageUnavailableError) {
        await deps.blobs.discard(kept[0].blob).catch(() => {});
        return waitForStorage(deps, order, error);
      }
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

/**
 * The finished song waits at the music service for our storage to come back: looked at again when
 * the bucket may be tried again, less often the longer it is away (never past the moment its audio
 * would be kept in KV instead). Its first wait is an event on the order's timeline; staff see every
 * order waiting so under "Needs attention".
 */
function waitForStorage(
  deps: StageContext["deps"],
  order: Order,
  error: StorageUnavailableError | null,
): StageOutcome {
  const now = deps.clock.now();
  const since = order.storageWaitSince ? Date.parse(order.storageWaitSince) : now;
  const keepInKvAt = since + STORAGE_WAIT_LIMIT_MS;
  const spread = 1 + (deps.random ?? Math.random)() / 2;
  const wanted = Math.min(MAX_BACKOFF_MS, Math.max(STORAGE_RECHECK_MS, (now - since) / 2)) * spread;
  const delayMs = Math.round(Math.max(0, Math.min(wanted, keepInKvAt - now)));
  const why = error ? ` (${error.message})` : "";
  return {
    kind: "wait",
    delayMs,
    statusDetail: `Our audio storage is unreachable${why}. The finished song waits at the music service ` +
      `and is kept as soon as storage is back, or in KV from ${
        iso(keepInKvAt)
      }; it costs none of its retries.`,
    patch: { storageWaitSince: iso(since) },
    note: order.storageWaitSince
      ? undefined
      : `The song is ready, and our audio storage is unreachable${why}: ` +
        "it waits for storage instead of failing.",
  };
}

/** A take's audio copied into our blob store (the service's files expire), its timed lyrics owed. */
async function keepTake(
  deps: StageContext["deps"],
  track: SongTrack,
  take: TakeNumber,
  signal: AbortSignal,
  ifBucketAway: "kv" | undefined,
): Promise<{ take: SongTake; blob: BlobMeta; size: number; call: CallFacts }> {
  const now = deps.clock.now();
  const audio = await deps.providers.music.downloadAudio(track.audioUrl, signal);
  const blob = await deps.blobs.stage(audio.bytes, { contentType: audio.contentType, now, ifBucketAway });
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
