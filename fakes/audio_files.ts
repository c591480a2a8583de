import { concatBytes } from "../domain/bytes.ts";
import { renderSongMp3 } from "../providers/music/synth.ts";

/**
 * Files staff might pick in the song upload dialog, real and mistaken: an MP3 from our own local
 * synthesiser, the same with ID3 tags, a PNG, a WAV and noise. Shared by the MP3 check's unit tests
 * and the upload API's integration tests.
 */

let rendered: Uint8Array | null = null;

/** A real MP3 (MPEG-2 Layer III, 22,050 Hz, 48 kbps) as the local synthesiser renders it; made once. */
export function synthMp3(): Uint8Array {
  rendered ??= renderSongMp3({
    lyrics: "Twinkle, twinkle, little star\nHow I wonder what you are",
    title: "Little Star",
    style: "pop, happy",
    singer: "female",
  });
  return rendered.slice();
}

/**
 * The MP3 behind an ID3v2.3 tag holding a title and a few hundred bytes of padding, so the tag's
 * syncsafe size needs more than one byte.
 */
export function withId3v2(mp3: Uint8Array, title = "Little Star"): Uint8Array {
  const text = new TextEncoder().encode(title);
  const frameBody = [0x00, ...text]; // encoding byte (ISO-8859-1), then the text
  const frame = [
    ...ascii("TIT2"),
    ...bigEndian32(frameBody.length),
    0x00,
    0x00,
    ...frameBody,
  ];
  const body = new Uint8Array(frame.length + 300); // the rest is padding (zeros)
  body.set(frame);
  const header = [...ascii("ID3"), 0x03, 0x00, 0x00, ...syncsafe(body.length)];
  return concat(new Uint8Array(header), body, mp3);
}

/** The MP3 with an ID3v1 tag (the fixed 128 bytes starting "TAG") at its end. */
export function withId3v1(mp3: Uint8Array): Uint8Array {
  const tag = new Uint8Array(128);
  tag.set(ascii("TAGLittle Star"));
  return concat(mp3, tag);
}

/** A real 1×1 PNG. */
export function pngBytes(): Uint8Array {
  return Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
    (character) => character.charCodeAt(0),
  );
}

/** A WAV (RIFF, 16-bit mono PCM at 22,050 Hz) holding `seconds` of a quiet tone. */
export function wavBytes(seconds = 1): Uint8Array {
  const sampleRate = 22050;
  const samples = Math.round(sampleRate * seconds);
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  bytes.set(ascii("RIFF"), 0);
  view.setUint32(4, 36 + samples * 2, true);
  bytes.set(ascii("WAVEfmt "), 8);
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  bytes.set(ascii("data"), 36);
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) {
    view.setInt16(44 + i * 2, Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 3000), true);
  }
  return bytes;
}

/** Noise that is the same on every run (a seeded xorshift), so a failure can be reproduced. */
export function noiseBytes(length: number, seed = 0x9e3779b9): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

export const concat = (...parts: Uint8Array[]): Uint8Array => concatBytes(parts);

function ascii(text: string): number[] {
  return Array.from(text, (character) => character.charCodeAt(0));
}

function bigEndian32(value: number): number[] {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

function syncsafe(value: number): number[] {
  return [(value >>> 21) & 0x7f, (value >>> 14) & 0x7f, (value >>> 7) & 0x7f, value & 0x7f];
}
