import { assertEquals } from "@std/assert";
import {
  createListenRecorder,
  type ListenReport,
} from "../../../../../islands/admin/review/listen_recorder.ts";

function recorder(answer: () => Promise<unknown> = () => Promise.resolve()) {
  const sent: ListenReport[] = [];
  const listen = createListenRecorder((report) => {
    sent.push(report);
    return answer();
  });
  return { listen, sent };
}

Deno.test("listen recorder: a pause tells the server what was heard", async () => {
  const { listen, sent } = recorder();
  listen.played(0, 130);
  listen.ticked(0.5, 130);
  listen.stopped(1);
  await listen.flush();
  assertEquals(sent, [{ playedMs: 1000, durationMs: 130000 }]);
});

Deno.test("listen recorder: only more than it was last told is sent", async () => {
  const { listen, sent } = recorder();
  listen.played(0, 130);
  listen.stopped(1);
  listen.stopped(1); // the pause event after a stop the dialog made itself
  await listen.flush();
  await listen.flush();
  listen.played(1, 130);
  listen.stopped(2);
  await listen.flush();
  assertEquals(sent.map((report) => report.playedMs), [1000, 2000]);
});

Deno.test("listen recorder: nothing heard, nothing sent", async () => {
  const { listen, sent } = recorder();
  await listen.flush();
  listen.played(0, 130);
  listen.stopped(0);
  await listen.flush();
  assertEquals(sent, []);
});

Deno.test("listen recorder: flush settles after the reports in flight (an approval waits for them)", async () => {
  let answer!: () => void;
  const { listen } = recorder(() => new Promise<void>((resolve) => (answer = resolve)));
  listen.played(0, 130);
  listen.stopped(1);
  let settled = false;
  const flushed = listen.flush().then(() => (settled = true));
  await Promise.resolve();
  assertEquals(settled, false);
  answer();
  await flushed;
  assertEquals(settled, true);
});

Deno.test("listen recorder: a report that failed is sent again at the next chance", async () => {
  let fail = true;
  const { listen, sent } = recorder(() => fail ? Promise.reject(new Error("offline")) : Promise.resolve());
  listen.played(0, 130);
  listen.stopped(1);
  await listen.flush();
  fail = false;
  await listen.flush();
  assertEquals(sent.map((report) => report.playedMs), [1000, 1000]);
});

Deno.test("listen recorder: what is heard shows as it plays, a whole second at a time", () => {
  const { listen } = recorder();
  assertEquals(listen.live.value, { playing: false, heardSeconds: 0, durationSeconds: 0 });
  listen.played(0, 130);
  assertEquals(listen.live.value, { playing: true, heardSeconds: 0, durationSeconds: 130 });
  const shown = listen.live.value;
  listen.ticked(0.25, 130);
  assertEquals(listen.live.value, shown, "nothing new to show within the second");
  listen.ticked(0.5, 130);
  listen.ticked(0.75, 130);
  listen.ticked(1.0, 130);
  assertEquals(listen.live.value.heardSeconds, 1);
  listen.stopped(1.25);
  assertEquals(listen.live.value, { playing: false, heardSeconds: 1, durationSeconds: 130 });
});

Deno.test("listen recorder: a song started while loading learns its length as it plays", async () => {
  const { listen, sent } = recorder();
  listen.played(0, 0); // the preview moved on to it: started before its length was known
  listen.ticked(0.5, 0);
  listen.ticked(1, 130);
  listen.stopped(1.2);
  await listen.flush();
  assertEquals(sent, [{ playedMs: 1200, durationMs: 130000 }]);
});

Deno.test("listen recorder: while the song is decided, nothing more is sent", async () => {
  const { listen, sent } = recorder();
  listen.played(0, 130);
  listen.stopped(1);
  await listen.flush();
  listen.close();
  listen.played(1, 130);
  listen.ticked(2, 130);
  listen.stopped(3);
  await listen.flush();
  assertEquals(sent.map((report) => report.playedMs), [1000]);
  // The decision failed: the song is still in review, and what was heard is told after all.
  listen.open();
  await listen.flush();
  assertEquals(sent.map((report) => report.playedMs), [1000, 3000]);
});
