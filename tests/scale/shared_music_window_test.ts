/**
 * Real time against the music fake: three instances keep one account's window as the requests arrive.
 * Timing on a loaded machine decides it, so it runs with the bench (tests/scale/), not in the gate;
 * the gate proves the same rule on a test clock (tests/integration/kv/shared_limits_test.ts).
 */
import { assert, assertEquals } from "@std/assert";
import { retryWhenBusy } from "../../kv/busy_retry.ts";
import { createMusicStudio } from "../../providers/music/select.ts";
import { startSunoFake } from "../../fakes/suno.ts";
import { testConfig } from "../helpers.ts";

const API_KEY = "suno-test-key-0123456789abcdef";

/** The most requests the fake received inside any one window. */
function busiestWindow(arrivals: number[], windowMs: number): number {
  return Math.max(...arrivals.map((at) => arrivals.filter((t) => t >= at && t < at + windowMs).length));
}

Deno.test("three instances on one store keep the music account's window together, not each their own", async () => {
  await using suno = startSunoFake({ apiKey: API_KEY });
  const dir = await Deno.makeTempDir({ prefix: "music-window-" });
  const handles = await Promise.all(
    [1, 2, 3].map(async () => retryWhenBusy(await Deno.openKv(`${dir}/app.kv`))),
  );
  try {
    const config = testConfig({
      SUNO_API_KEY: API_KEY,
      SUNO_API_URL: suno.baseUrl,
      SUNO_RATE_LIMIT: "3/0.5s",
    });
    const studios = handles.map((kv) => createMusicStudio(config, kv));
    const { taskId } = await studios[0].createSong({
      lyrics: "[Verse 1]\nMia, Mia",
      style: "pop",
      title: "Mia's Song",
      singer: "female",
      callbackUrl: "http://127.0.0.1:1/api/webhooks/suno",
    });
    // Six checks from each instance at once: a step's polls, as three workers would make them.
    const checks = studios.flatMap((studio) => Array.from({ length: 6 }, () => studio.checkSong(taskId)));
    const answers = await Promise.allSettled(checks);
    assertEquals(answers.filter((answer) => answer.status === "rejected"), []);

    const arrivals = suno.requests.map((request) => request.receivedAt);
    assertEquals(arrivals.length, 19);
    // Each instance alone keeps to 3 per 500 ms; before, three of them sent 9 or more in one window.
    // Counted as they arrive, a loaded machine may deliver one request up to 100 ms late and the next
    // on time: the windows counted here are that much shorter than the account's.
    const busiest = busiestWindow(arrivals, 400);
    assert(busiest <= 3, `${busiest} requests in one 400 ms window (at most 3 allowed)`);
  } finally {
    for (const kv of handles) kv.close();
    await Deno.remove(dir, { recursive: true });
  }
});
