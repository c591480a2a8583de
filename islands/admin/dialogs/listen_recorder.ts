import { createListenClock, listenReport } from "./listen_time.ts";
import type { PlayerListener } from "./use_preview_player.ts";

export interface ListenReport {
  playedMs: number;
  durationMs: number;
}

/** The preview's listen record (issue 23): it hears the player and tells the server what was heard. */
export interface ListenRecorder extends PlayerListener {
  /**
   * Tells the server what was heard, when that is more than it was last told. Settles once every
   * report so far has been answered: an approval waits for it, so its timeline line names the listen.
   */
  flush(): Promise<void>;
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

  const flush = () => {
    const report = listenReport(clock.heard, duration);
    if (report && report.playedMs > told) {
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
    played(position, length) {
      if (length > 0) duration = length;
      clock.play(position);
    },
    ticked: (position) => clock.tick(position),
    moved: (position) => clock.seek(position),
    stopped(position) {
      clock.stop(position);
      void flush();
    },
    flush,
  };
}
