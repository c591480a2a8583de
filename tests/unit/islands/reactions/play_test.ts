import { assertEquals } from "@std/assert";
import { playWithRetry } from "../../../../islands/reactions/play.ts";
import { AUTOPLAY_RETRY_MS } from "../../../../domain/site/carousel.ts";

/** A video whose play() answers from a script: true resolves, false rejects like an autoplay block. */
function fakeVideo(...answers: boolean[]) {
  const video = {
    calls: 0,
    play() {
      const ok = answers[video.calls++] ?? false;
      return ok ? Promise.resolve() : Promise.reject(new DOMException("blocked", "NotAllowedError"));
    },
  };
  return video;
}

const waits: number[] = [];
const wait = (ms: number) => {
  waits.push(ms);
  return Promise.resolve();
};

Deno.test("play: a first success plays without waiting", async () => {
  waits.length = 0;
  const video = fakeVideo(true);
  assertEquals(await playWithRetry(video, () => true, wait), true);
  assertEquals([video.calls, waits], [1, []]);
});

Deno.test("play: a refused play is retried once after 100 ms", async () => {
  waits.length = 0;
  const video = fakeVideo(false, true);
  assertEquals(await playWithRetry(video, () => true, wait), true);
  assertEquals([video.calls, waits], [2, [AUTOPLAY_RETRY_MS]]);
  assertEquals(AUTOPLAY_RETRY_MS, 100);
});

Deno.test("play: refused twice, it gives up quietly (no throw, no third try)", async () => {
  waits.length = 0;
  const video = fakeVideo(false, false, true);
  assertEquals(await playWithRetry(video, () => true, wait), false);
  assertEquals(video.calls, 2);
});

Deno.test("play: no retry when the visitor chose another video meanwhile", async () => {
  let wanted = true;
  const video = fakeVideo(false, true);
  const result = playWithRetry(video, () => wanted, (ms) => {
    wanted = false;
    return wait(ms);
  });
  assertEquals(await result, false);
  assertEquals(video.calls, 1);
});

Deno.test("play: the real 100 ms timer is used by default", async () => {
  const video = fakeVideo(false, true);
  const started = performance.now();
  assertEquals(await playWithRetry(video, () => true), true);
  assertEquals(performance.now() - started >= AUTOPLAY_RETRY_MS - 5, true);
});
