import { type ReadonlySignal, signal } from "@preact/signals-react";
import { createListenClock, listenReport } from "./listen_time.ts";
import type { PlayerListener } from "./use_preview_player.ts";

export interface ListenReport {
  playedMs: number;
  durationMs: number;
}

/** What this sitting has heard so far, as the song plays: the words beside Approve follow it. */
export interface LiveListen {
  playing: boolean;
  /** Whole seconds heard in this sitting (the server keeps the largest listen of any). */
  heardSeconds: number;
  durationSeconds: number;
}

/** The preview's listen record: it hears the player and tells the server what was heard. */
export interface ListenRecorder extends PlayerListener {
  live: ReadonlySignal<LiveListen>;
  /**
   * Tells the server what was heard, when that is more than it was last told. Settles once every
   * report so far has been answered: an approval waits for it, so its timeline line names the listen.
   */
  flush(): Promise<void>;
  /**
   * The song is being decided (approved or sent back): what is heard from then on is no review's
   * listen, and the server would refuse it once decided, so nothing more is sent; `open` again if the
   * decision failed.
   */
  close(): void;
  open(): void;
}

/**
 * Reports go when the song pauses or ends and when the dialog closes or moves on (the players say
 * "stopped" then). Only more than was already told is sent (the server keeps the largest anyway);
 * a report that failed is sent again at the next chance.
 */
export function createListenRecorder(send: (report: ListenReport) => Promise<unknown>): ListenRecorder {
  const clock = createListenClock();
  let duration = 0;
  let told = 0;
  let queue: Promise<void> = Promise.resolve();
  let closed = false;
  const live = signal<LiveListen>({ playing: false, heardSeconds: 0, durationSeconds: 0 });
  /** Said again only when what is shown changes: a tick within the same second redraws nothing. */
  const show = (playing: boolean) => {
    const next = { playing, heardSeconds: Math.floor(clock.heard), durationSeconds: duration };
    const now = live.value;
    if (
      now.playing !== next.playing || now.heardSeconds !== next.heardSeconds ||
      now.durationSeconds !== next.durationSeconds
    ) live.value = next;
  };

  const flush = () => {
    const report = listenReport(clock.heard, duration);
    if (!closed && report && report.playedMs > told) {
      told = report.playedMs;
      queue = queue.then(() => send(report)).then(
        () => {},
        () => {
          told = 0;
        },
      );
    }
    return queue;
  };

  return {
    live,
    played(position, length) {
      if (length > 0) duration = length;
      clock.play(position);
      show(true);
    },
    ticked(position, length) {
      if (length > 0) duration = length;
      clock.tick(position);
      show(live.value.playing);
    },
    moved: (position) => clock.seek(position),
    stopped(position) {
      clock.stop(position);
      show(false);
      void flush();
    },
    flush,
    close: () => (closed = true),
    open: () => (closed = false),
  };
}
