import {
  assert,
  assertAlmostEquals,
  assertEquals,
  assertMatch,
  assertNotEquals,
  assertRejects,
  assertStringIncludes,
} from "@std/assert";
import { lineText, timedLyricsFromAlignedWords } from "../../../domain/song/timed_lyrics.ts";
import { keys } from "../../../kv/keys.ts";
import { ProviderCallError } from "../../../providers/calls.ts";
import { createLocalStudio } from "../../../providers/music/local.ts";
import type { MusicStudio, SongCheck, SongRequest } from "../../../providers/music/mod.ts";
import { planMelody, renderSongMp3, sungLines } from "../../../providers/music/synth.ts";

const SONG: SongRequest = {
  lyrics:
    "[Verse 1]\nMia, Mia, shining like the sun,\nMia, Mia, you're the special one,\n\n[Chorus]\nLa la la",
  style: "children's pop, upbeat, female vocals",
  title: "Mia's Purple Song",
  singer: "female",
  callbackUrl: "http://127.0.0.1:1/api/webhooks/suno",
};

async function withKv(fn: (kv: Deno.Kv) => Promise<void>) {
  const kv = await Deno.openKv(":memory:");
  try {
    await fn(kv);
  } finally {
    kv.close();
  }
}

/** The studio, closed (its render worker ended) when the test's block ends. */
function closing(studio: MusicStudio) {
  return Object.assign(studio, { [Symbol.dispose]: () => studio.close?.() });
}

function succeeded(check: SongCheck) {
  if (check.state !== "succeeded") throw new Error(`expected a finished song, got ${JSON.stringify(check)}`);
  return check;
}

Deno.test("a local song is pending while it 'renders', then succeeds with two takes at addresses of ours", async () => {
  await withKv(async (kv) => {
    let now = Date.parse("2026-01-15T12:00:00Z");
    const studio = createLocalStudio(kv, { renderDelayMs: 5_000, now: () => now });
    assertEquals(studio.kind, "local");

    const created = await studio.createSong(SONG);
    assertMatch(created.taskId, /^local-[0-9a-f-]{36}$/);
    assertEquals(
      { ...created.call, durationMs: 0 },
      {
        provider: "local-synthesiser",
        endpoint: "local:create",
        method: "LOCAL",
        httpStatus: 200,
        durationMs: 0,
        taskId: created.taskId,
      },
    );
    const stored = await kv.get(keys.localSongTask(created.taskId));
    assert(stored.value, "the task is kept in KV, so it survives a restart");

    const pending = await studio.checkSong(created.taskId);
    assertEquals(pending.state, "pending");
    assertEquals(pending.providerStatus, "PENDING");
    assertEquals([pending.call.endpoint, pending.call.method], ["local:status", "LOCAL"]);

    now += 4_999;
    assertEquals((await studio.checkSong(created.taskId)).state, "pending");
    now += 1;
    const done = succeeded(await studio.checkSong(created.taskId));
    const { taskId } = created;
    assertEquals(done.tracks.map(({ audioId, audioUrl, title }) => ({ audioId, audioUrl, title })), [
      { audioId: `${taskId}-1`, audioUrl: `local-synth:${taskId}#1`, title: "Mia's Purple Song" },
      { audioId: `${taskId}-2`, audioUrl: `local-synth:${taskId}#2`, title: "Mia's Purple Song" },
    ]);
    assertEquals(done.providerStatus, "SUCCESS");
    for (const track of done.tracks) {
      assert(track.durationSeconds && track.durationSeconds > 3 && track.durationSeconds <= 30);
    }
    assertNotEquals(
      done.tracks[0].durationSeconds,
      done.tracks[1].durationSeconds,
      "the second take is faster",
    );
    assertEquals(done.call.taskId, created.taskId);
  });
});

Deno.test("a finished local song downloads as a real MP3 of about its length", async () => {
  await withKv(async (kv) => {
    let now = Date.parse("2026-01-15T12:00:00Z");
    using studio = closing(createLocalStudio(kv, { renderDelayMs: 10, now: () => now }));
    const { taskId } = await studio.createSong(SONG);
    now += 20;
    const [done] = succeeded(await studio.checkSong(taskId)).tracks;

    const audio = await studio.downloadAudio(done.audioUrl);
    assertEquals(audio.contentType, "audio/mpeg");
    assertEquals([audio.call.provider, audio.call.endpoint, audio.call.httpStatus], [
      "local-synthesiser",
      "local:audio",
      200,
    ]);
    const { bytes } = audio;
    const id3 = bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33;
    assert(
      id3 || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0),
      "starts with an MP3 frame or an ID3 tag",
    );
    // 48 kbps is 6,000 bytes a second.
    assertAlmostEquals(bytes.length, done.durationSeconds! * 6_000, 3_000);
  });
});

Deno.test("rendering runs off the request loop: the loop keeps turning while a song renders", async () => {
  await withKv(async (kv) => {
    using studio = closing(createLocalStudio(kv, { renderDelayMs: 0 }));
    const song = async (title: string) => {
      const { taskId } = await studio.createSong({ ...SONG, title });
      return succeeded(await studio.checkSong(taskId)).tracks[0];
    };
    await studio.downloadAudio((await song("warm-up")).audioUrl); // the worker is started and warm

    // A render on the loop would hold every timer until it ended; off it, the loop turns meanwhile.
    // Each a song of its own: one rendered before is answered from memory, with no render at all.
    for (let i = 0; i < 3; i++) {
      const track = await song(`song ${i + 1}`);
      const rendering = studio.downloadAudio(track.audioUrl).then(() => "the render ended");
      const first = await Promise.race([rendering, loopTurns(3).then(() => "the loop turned")]);
      await rendering;
      assertEquals(first, "the loop turned", `render ${i + 1}`);
    }
  });
});

/** Settles after `count` turns of the event loop, each a timer due at once. */
async function loopTurns(count: number) {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
}

Deno.test("a take asked for again is the same recording, answered from memory without a render", async () => {
  await withKv(async (kv) => {
    const studio = createLocalStudio(kv, { renderDelayMs: 0 });
    const { taskId } = await studio.createSong({ ...SONG, title: "asked twice" });
    const [take] = succeeded(await studio.checkSong(taskId)).tracks;
    const first = await studio.downloadAudio(take.audioUrl);
    // With its render worker ended, only what it keeps can answer.
    studio.close?.();
    assertEquals((await studio.downloadAudio(take.audioUrl)).bytes, first.bytes);
  });
});

Deno.test("an unknown task fails its check without throwing, and has no audio", async () => {
  await withKv(async (kv) => {
    const studio = createLocalStudio(kv, { renderDelayMs: 0 });
    const check = await studio.checkSong("local-missing");
    assertEquals(check.state, "failed");
    assertEquals(check.providerStatus, "NOT_FOUND");
    if (check.state === "failed") assertStringIncludes(check.message, "local-missing");
    assertEquals(check.call.httpStatus, 404);

    const { taskId } = await studio.createSong(SONG);
    const urls = [
      "local-synth:local-missing",
      "local-synth:local-missing#2",
      `local-synth:${taskId}#3`,
      `local-synth:${taskId}#`,
      "local-synth:",
      "https://cdn.example.com/song.mp3",
      "",
    ];
    for (const url of urls) {
      const error = await assertRejects(() => studio.downloadAudio(url), ProviderCallError);
      assertEquals(error.call.httpStatus, 404);
      assertEquals(error.call.provider, "local-synthesiser");
      assertEquals(error.call.endpoint, "local:audio");
    }
  });
});

Deno.test("a store that fails is a failed call the worker may retry", async () => {
  const kv = await Deno.openKv(":memory:");
  const studio = createLocalStudio(kv);
  kv.close();
  const error = await assertRejects(() => studio.createSong(SONG), ProviderCallError);
  assertEquals([error.call.endpoint, error.call.httpStatus], ["local:create", 500]);
  const checkError = await assertRejects(() => studio.checkSong("local-x"), ProviderCallError);
  assertEquals([checkError.call.endpoint, checkError.call.httpStatus], ["local:status", 500]);
  const lyricsError = await assertRejects(
    () => studio.timedLyrics({ taskId: "local-x", audioId: "local-x-1" }),
    ProviderCallError,
  );
  assertEquals([lyricsError.call.endpoint, lyricsError.call.httpStatus], ["local:timed-lyrics", 500]);
});

Deno.test("the two takes are different recordings; the first is the song as it always rendered", async () => {
  await withKv(async (kv) => {
    using studio = closing(createLocalStudio(kv, { renderDelayMs: 0 }));
    const { taskId } = await studio.createSong(SONG);
    const [first, second] = succeeded(await studio.checkSong(taskId)).tracks;

    const one = await studio.downloadAudio(first.audioUrl);
    const two = await studio.downloadAudio(second.audioUrl);
    assertNotEquals(one.bytes, two.bytes);
    const request = { lyrics: SONG.lyrics, title: SONG.title, style: SONG.style, singer: SONG.singer };
    assertEquals(one.bytes, renderSongMp3(request), "take 1 is today's render, byte for byte");
    assertEquals(two.bytes, renderSongMp3({ ...request, take: 2 }));
    // 48 kbps is 6,000 bytes a second: each file is as long as its take says.
    assertAlmostEquals(one.bytes.length, first.durationSeconds! * 6_000, 3_000);
    assertAlmostEquals(two.bytes.length, second.durationSeconds! * 6_000, 3_000);
    assert(planMelody({ ...request, take: 2 }).tempo > planMelody(request).tempo);
  });
});

Deno.test("an address from before there were takes still downloads, as the first take", async () => {
  await withKv(async (kv) => {
    using studio = closing(createLocalStudio(kv, { renderDelayMs: 0 }));
    const { taskId } = await studio.createSong(SONG);
    const [first] = succeeded(await studio.checkSong(taskId)).tracks;
    const old = await studio.downloadAudio(`local-synth:${taskId}`);
    assertEquals(old.bytes, (await studio.downloadAudio(first.audioUrl)).bytes);
    assertEquals(old.call.taskId, taskId);
  });
});

Deno.test("a take's timed lyrics are the sung lines, word by word, in order and within the take", async () => {
  await withKv(async (kv) => {
    const studio = createLocalStudio(kv, { renderDelayMs: 0 });
    const { taskId } = await studio.createSong(SONG);
    const tracks = succeeded(await studio.checkSong(taskId)).tracks;
    const starts: number[][] = [];

    for (const track of tracks) {
      const answer = await studio.timedLyrics({ taskId, audioId: track.audioId! });
      const { durationMs: _, ...call } = answer.call;
      assertEquals(call, {
        provider: "local-synthesiser",
        endpoint: "local:timed-lyrics",
        method: "LOCAL",
        httpStatus: 200,
        taskId,
      });
      assert(answer.words.every((word) => word.success));
      const lyrics = timedLyricsFromAlignedWords(answer.words);
      // The lyrics' own words, as the music service answers them: punctuation kept, labels as sections.
      assertEquals(
        lyrics?.lines.map((line) => [line.section, lineText(line)]),
        [
          ["Verse 1", "Mia, Mia, shining like the sun,"],
          [null, "Mia, Mia, you're the special one,"],
          ["Chorus", "La la la"],
        ],
      );
      assertEquals(
        lyrics?.lines.map((line) => line.words.length),
        sungLines(SONG.lyrics, SONG.title).map((line) => line.length),
        "one timed word per sung word",
      );
      const words = lyrics!.lines.flatMap((line) => line.words);
      words.forEach((word, index) => {
        assert(word.start < word.end, `${word.text} starts before it ends`);
        if (index > 0) assert(words[index - 1].end <= word.start, `${word.text} comes after the word before`);
      });
      assert(words[0].start > 0 && words.at(-1)!.end <= track.durationSeconds!, "within the take");
      starts.push(words.map((word) => word.start));
    }
    assertNotEquals(starts[0], starts[1], "each take has its own timing");
  });
});

Deno.test("timed lyrics of a missing task or an unknown track are a 404", async () => {
  await withKv(async (kv) => {
    const studio = createLocalStudio(kv, { renderDelayMs: 0 });
    const { taskId } = await studio.createSong(SONG);
    const takes = [
      { taskId: "local-missing", audioId: "local-missing-1" },
      { taskId, audioId: `${taskId}-3` },
      { taskId, audioId: taskId },
      { taskId, audioId: "local-other-1" },
    ];
    for (const take of takes) {
      const error = await assertRejects(() => studio.timedLyrics(take), ProviderCallError);
      assertEquals([error.call.endpoint, error.call.httpStatus, error.call.taskId], [
        "local:timed-lyrics",
        404,
        take.taskId,
      ]);
      assertStringIncludes(error.message, take.audioId);
    }
  });
});
