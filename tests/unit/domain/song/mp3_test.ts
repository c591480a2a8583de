import { assert, assertEquals, assertMatch } from "@std/assert";
import { inspectMp3, MIN_FRAMES, type Mp3Check } from "../../../../domain/song/mp3.ts";
import { songDurationSeconds } from "../../../../providers/music/synth.ts";
import {
  concat,
  noiseBytes,
  pngBytes,
  synthMp3,
  wavBytes,
  withId3v1,
  withId3v2,
} from "../../../../fakes/audio_files.ts";

function accepted(check: Mp3Check): Extract<Mp3Check, { ok: true }> {
  if (!check.ok) throw new Error(`refused: ${check.reason}`);
  return check;
}

function refusedFor(check: Mp3Check): string {
  if (check.ok) throw new Error(`accepted: ${JSON.stringify(check)}`);
  return check.reason;
}

/** Where the synthesiser's frames end (MPEG-2 Layer III: 72 × bitrate ÷ sample rate, plus padding). */
function frameEnds(mp3: Uint8Array, count: number): number[] {
  const ends: number[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const bitrate = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160][mp3[offset + 2] >> 4];
    const sampleRate = [22050, 24000, 16000][(mp3[offset + 2] >> 2) & 3];
    offset += Math.floor((72 * bitrate * 1000) / sampleRate) + ((mp3[offset + 2] >> 1) & 1);
    ends.push(offset);
  }
  return ends;
}

Deno.test("a real MP3 from the local synthesiser passes, with its frames, length and bitrate", () => {
  const check = accepted(inspectMp3(synthMp3()));
  assertEquals(check.version, "MPEG-2");
  assertEquals(check.sampleRate, 22050);
  assertEquals(check.bitrateKbps, 48);
  assert(check.frames > 100, `${check.frames} frames`);
  assertEquals(check.durationSeconds, Math.round(check.frames * 576 / 22050 * 100) / 100);
  const planned = songDurationSeconds({
    lyrics: "Twinkle, twinkle, little star\nHow I wonder what you are",
    title: "Little Star",
    style: "pop, happy",
    singer: "female",
  });
  // The encoder pads the end to whole frames and adds its own delay: close, not equal.
  assert(Math.abs(check.durationSeconds - planned) < 0.5, `${check.durationSeconds} s vs ${planned} s`);
});

Deno.test("ID3 tags are skipped: a tagged MP3 has the same frames as the bare one", () => {
  const bare = accepted(inspectMp3(synthMp3()));
  const tagged = withId3v2(synthMp3());
  assert(tagged.byteLength > synthMp3().byteLength + 128 + 10, "the tag's size needs two syncsafe bytes");
  assertEquals(accepted(inspectMp3(tagged)).frames, bare.frames);
  assertEquals(accepted(inspectMp3(withId3v1(synthMp3()))).frames, bare.frames);
  assertEquals(accepted(inspectMp3(withId3v1(withId3v2(synthMp3())))).frames, bare.frames);
  // Two files joined, each with its tag: a player plays both, and so do we.
  assertEquals(accepted(inspectMp3(concat(tagged, tagged))).frames, bare.frames * 2);
});

Deno.test("a PNG renamed .mp3 is refused by its content, and says what it is", () => {
  assertEquals(refusedFor(inspectMp3(pngBytes())), "This is a PNG image, not MP3 audio.");
});

Deno.test("a WAV is audio but not MP3: refused, naming it", () => {
  assertEquals(refusedFor(inspectMp3(wavBytes(1))), "This is a WAV file, not MP3 audio.");
});

Deno.test("random bytes are refused, whatever the seed", () => {
  for (const seed of [1, 2, 3, 42, 0xdeadbeef]) {
    refusedFor(inspectMp3(noiseBytes(200_000, seed)));
  }
});

Deno.test("an empty file is refused", () => {
  assertEquals(refusedFor(inspectMp3(new Uint8Array())), "The file is empty.");
});

Deno.test("a truncated MP3 is refused: cut inside a frame, or inside its first frames", () => {
  const mp3 = synthMp3();
  assertMatch(refusedFor(inspectMp3(mp3.subarray(0, mp3.byteLength - 50))), /cut short/);
  assertMatch(refusedFor(inspectMp3(mp3.subarray(0, 300))), /cut short/);
  assertMatch(refusedFor(inspectMp3(mp3.subarray(0, 3))), /too short/);
  // Cut exactly between frames, it is still a whole (shorter) MP3.
  const [, , third] = frameEnds(mp3, MIN_FRAMES);
  assertEquals(accepted(inspectMp3(mp3.subarray(0, third))).frames, MIN_FRAMES);
});

Deno.test("a tiny file passes only if it is nothing but whole frames", () => {
  const mp3 = synthMp3();
  const [first, second] = frameEnds(mp3, 2);
  assertEquals(accepted(inspectMp3(mp3.subarray(0, first))).frames, 1);
  assertEquals(accepted(inspectMp3(mp3.subarray(0, second))).frames, 2);
  const oneThenJunk = concat(mp3.subarray(0, first), pngBytes());
  assertMatch(refusedFor(inspectMp3(oneThenJunk)), /Only 1 MP3 frame at the start/);
});

Deno.test("one frame header by chance is not MP3: the next frame must be where its length says", () => {
  // A valid MPEG-1 Layer III header (128 kbps, 44.1 kHz: 417-byte frames) followed by noise.
  const lucky = concat(new Uint8Array([0xff, 0xfb, 0x90, 0x00]), noiseBytes(5000));
  assertMatch(refusedFor(inspectMp3(lucky)), /^Only 1 MP3 frame at the start/);
  // The 8-byte stand-in other tests store as a song: a header, then nothing.
  assertMatch(refusedFor(inspectMp3(new Uint8Array([0xff, 0xfb, 0x90, 0x00, 1, 2, 3, 4]))), /cut short/);
});

Deno.test("MPEG audio of another layer is named, not taken for MP3", () => {
  const layer2 = new Uint8Array(2000);
  layer2.set([0xff, 0xfd, 0x90, 0x00]); // MPEG-1 Layer II
  assertEquals(refusedFor(inspectMp3(layer2)), "This is MPEG Layer II audio (MP2), not MP3 (Layer III).");
});

Deno.test("a damaged or empty-handed ID3 tag is refused", () => {
  const damaged = withId3v2(synthMp3());
  damaged[7] = 0x80; // a syncsafe byte never has its top bit set
  assertEquals(refusedFor(inspectMp3(damaged)), "The file's ID3 tag is damaged.");
  const tagOnly = withId3v2(new Uint8Array());
  assertEquals(refusedFor(inspectMp3(tagOnly)), "The file has an ID3 tag but no audio after it.");
  assertMatch(refusedFor(inspectMp3(withId3v2(pngBytes()))), /does not start with MP3 audio frames/);
});

Deno.test("a little damage mid-stream is read past; a file that is mostly not audio is refused", () => {
  const mp3 = synthMp3();
  const bare = accepted(inspectMp3(mp3));
  const damaged = mp3.slice();
  const middle = frameEnds(mp3, 50)[49];
  damaged.fill(0x00, middle, middle + 400); // about two and a half frames wiped
  const read = accepted(inspectMp3(damaged));
  assert(read.frames < bare.frames && read.frames > bare.frames - 5, `${read.frames} of ${bare.frames}`);

  const padded = concat(mp3, noiseBytes(mp3.byteLength));
  assertMatch(refusedFor(inspectMp3(padded)), /^Only \d+% of the file is MP3 audio/);
});

Deno.test("a file of zero bytes only is blank, not audio", () => {
  assertEquals(refusedFor(inspectMp3(new Uint8Array(5000))), "The file is blank: only zero bytes.");
});
