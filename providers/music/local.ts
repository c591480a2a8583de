import type { SingerGender } from "../../domain/orders.ts";
import { keys } from "../../kv/keys.ts";
import { type CallFacts, ProviderCallError, stopwatch } from "../calls.ts";
import type { MusicStudio, SongCheck } from "./mod.ts";
import { cpuPool } from "../cpu_pool.ts";
import { songDurationSeconds, type SynthRequest } from "./synth.ts";

/**
 * The local default for music (ARCHITECTURE.md §3): the same create → poll → download cycle as the
 * music API, answered from KV, so the generation worker runs its real code path offline. A task is
 * "rendering" for a moment before it succeeds, as a real one is; the MP3 is rendered on download.
 */
export interface LocalStudioOptions {
  /** How long a task stays pending; a worker must see at least one pending answer in real use. */
  renderDelayMs?: number;
  now?: () => number;
}

interface LocalSongTask {
  taskId: string;
  lyrics: string;
  style: string;
  title: string;
  singer: SingerGender;
  createdAt: number;
}

const TASK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const AUDIO_URL_PREFIX = "local-synth:";

/**
 * One render at a time, and at most half of a core (a render of ~350 ms is followed by as long a
 * rest): a backlog of songs must not take the CPU the requests need. A real music service does this
 * work on its own machines.
 */
const RENDERING = { size: 1, rest: 1 };

export function createLocalStudio(kv: Deno.Kv, options: LocalStudioOptions = {}): MusicStudio {
  const renderDelayMs = options.renderDelayMs ?? 2000;
  const now = options.now ?? Date.now;
  const renderer = cpuPool<SynthRequest, Uint8Array>(
    new URL("./synth_worker.ts", import.meta.url),
    RENDERING,
  );

  /** A store failure is a failed call like any other: the worker decides whether to retry it. */
  async function store<T>(
    endpoint: string,
    taskId: string | null,
    elapsed: () => number,
    work: () => Promise<T>,
  ) {
    try {
      return await work();
    } catch (error) {
      throw new ProviderCallError(
        `The local synthesiser could not use its store: ${error instanceof Error ? error.message : error}`,
        callFacts(endpoint, 500, elapsed(), taskId),
        { cause: error },
      );
    }
  }

  return {
    kind: "local",
    async createSong(request) {
      const elapsed = stopwatch();
      const taskId = `local-${crypto.randomUUID()}`;
      const task: LocalSongTask = {
        taskId,
        lyrics: request.lyrics,
        style: request.style,
        title: request.title,
        singer: request.singer,
        createdAt: now(),
      };
      await store(
        "local:create",
        taskId,
        elapsed,
        () => kv.set(keys.localSongTask(taskId), task, { expireIn: TASK_TTL_MS }),
      );
      return { taskId, call: callFacts("local:create", 200, elapsed(), taskId) };
    },

    async checkSong(taskId): Promise<SongCheck> {
      const elapsed = stopwatch();
      const task = await store("local:status", taskId, elapsed, () => readTask(kv, taskId));
      if (!task) {
        return {
          state: "failed",
          providerStatus: "NOT_FOUND",
          message: `The local synthesiser has no task ${taskId}.`,
          errorCode: 404,
          call: callFacts("local:status", 404, elapsed(), taskId),
        };
      }
      if (now() - task.createdAt < renderDelayMs) {
        return {
          state: "pending",
          providerStatus: "PENDING",
          call: callFacts("local:status", 200, elapsed(), taskId),
        };
      }
      return {
        state: "succeeded",
        providerStatus: "SUCCESS",
        audioUrl: `${AUDIO_URL_PREFIX}${taskId}`,
        title: task.title || null,
        durationSeconds: songDurationSeconds(task),
        call: callFacts("local:status", 200, elapsed(), taskId),
      };
    },

    async downloadAudio(audioUrl) {
      const elapsed = stopwatch();
      const taskId = audioUrl.startsWith(AUDIO_URL_PREFIX) ? audioUrl.slice(AUDIO_URL_PREFIX.length) : null;
      const task = taskId ? await store("local:audio", taskId, elapsed, () => readTask(kv, taskId)) : null;
      if (!task) {
        throw new ProviderCallError(
          `The local synthesiser has no audio at ${audioUrl}.`,
          callFacts("local:audio", 404, elapsed(), taskId),
        );
      }
      let bytes: Uint8Array;
      try {
        bytes = await renderer.run(task);
      } catch (error) {
        throw new ProviderCallError(
          `The local synthesiser could not render the song: ${
            error instanceof Error ? error.message : error
          }`,
          callFacts("local:audio", 500, elapsed(), task.taskId),
          { cause: error },
        );
      }
      return {
        bytes,
        contentType: "audio/mpeg",
        call: callFacts("local:audio", 200, elapsed(), task.taskId),
      };
    },

    close: () => renderer.close(),
  };
}

async function readTask(kv: Deno.Kv, taskId: string): Promise<LocalSongTask | null> {
  return (await kv.get<LocalSongTask>(keys.localSongTask(taskId))).value;
}

function callFacts(
  endpoint: string,
  httpStatus: number,
  durationMs: number,
  taskId: string | null,
): CallFacts {
  return { provider: "local-synthesiser", endpoint, method: "LOCAL", httpStatus, durationMs, taskId };
}
