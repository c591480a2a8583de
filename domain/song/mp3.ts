/**
 * Whether some bytes are really MP3 audio, judged by their content alone: a file's name and the type
 * its browser declares are only claims (a PNG renamed "song.mp3" arrives as audio/mpeg). The check
 * walks the MPEG audio frames the way a player would: skip the ID3v2 tag, read each frame header,
 * compute the frame's length from it and expect the next header exactly there. Pure: no I/O.
 */

export type Mp3Check =
  | {
    ok: true;
    /** Audio frames found (a frame is 1152 samples in MPEG-1, 576 in MPEG-2 and 2.5). */
    frames: number;
    /** From the frames' sample counts; a player may differ by a frame or two. */
    durationSeconds: number;
    /** The frames' average bitrate (the bitrate itself for a constant-bitrate file). */
    bitrateKbps: number;
    sampleRate: number;
    version: MpegVersion;
  }
  | { ok: false; reason: string };

export type MpegVersion = "MPEG-1" | "MPEG-2" | "MPEG-2.5";

/**
 * Consecutive frames a file must start with. One frame header can happen by chance in any file
 * (0xFFE… is not rare), three chained exactly by their computed lengths cannot. A file too small to
 * hold three passes only if it is nothing but whole frames.
 */
export const MIN_FRAMES = 3;

/** Bytes that are neither tags nor frames, allowed before a file counts as "not mostly audio". */
const JUNK_ALLOWANCE_BYTES = 16 * 1024;
const JUNK_ALLOWANCE_SHARE = 0.05;

const ID3V2_HEADER = 10;
const ID3V1_SIZE = 128;
const APE_HEADER = 32;
const FRAME_HEADER = 4;

interface FrameHeader {
  version: MpegVersion;
  bitrateKbps: number;
  sampleRate: number;
  samples: number;
  length: number;
}

/** Bitrates of Layer III by index 1–14 (0 is "free format", 15 is forbidden). */
const BITRATES: Record<"v1" | "v2", readonly number[]> = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<MpegVersion, readonly number[]> = {
  "MPEG-1": [44100, 48000, 32000],
  "MPEG-2": [22050, 24000, 16000],
  "MPEG-2.5": [11025, 12000, 8000],
};
/** The two version bits: 01 is reserved. */
const VERSIONS: readonly (MpegVersion | null)[] = ["MPEG-2.5", null, "MPEG-2", "MPEG-1"];
const LAYERS = [null, "Layer III", "Layer II", "Layer I"] as const;

/** What the first bytes say when they are not MP3, so staff learn what they picked by mistake. */
const SIGNATURES: { name: string; at: number; bytes: number[] }[] = [
  { name: "a PNG image", at: 0, bytes: [0x89, 0x50, 0x4e, 0x47] },
  { name: "a JPEG image", at: 0, bytes: [0xff, 0xd8, 0xff] },
  { name: "a GIF image", at: 0, bytes: [0x47, 0x49, 0x46, 0x38] },
  { name: "a PDF document", at: 0, bytes: [0x25, 0x50, 0x44, 0x46] },
  { name: "a ZIP archive (or an Office document)", at: 0, bytes: [0x50, 0x4b, 0x03, 0x04] },
  { name: "a WAV file", at: 8, bytes: [0x57, 0x41, 0x56, 0x45] },
  { name: "an AIFF file", at: 8, bytes: [0x41, 0x49, 0x46, 0x46] },
  { name: "a FLAC file", at: 0, bytes: [0x66, 0x4c, 0x61, 0x43] },
  { name: "an Ogg file", at: 0, bytes: [0x4f, 0x67, 0x67, 0x53] },
  { name: "an MP4/M4A file", at: 4, bytes: [0x66, 0x74, 0x79, 0x70] },
  { name: "a WebM/Matroska file", at: 0, bytes: [0x1a, 0x45, 0xdf, 0xa3] },
];

export function inspectMp3(bytes: Uint8Array): Mp3Check {
  if (bytes.byteLength === 0) return refuse("The file is empty.");
  const tag = skipLeadingTags(bytes);
  if ("reason" in tag) return refuse(tag.reason);
  let offset = tag.offset;
  // Some taggers pad past the size they declare; the padding is zeros, never audio.
  while (offset < bytes.byteLength && bytes[offset] === 0) offset++;
  if (offset >= bytes.byteLength) {
    return refuse(
      tag.offset > 0
        ? "The file has an ID3 tag but no audio after it."
        : "The file is blank: only zero bytes.",
    );
  }

  const first = readHeader(bytes, offset);
  if ("reason" in first) return refuse(first.reason);
  const lead = chain(bytes, offset, first);
  if (lead.frames < MIN_FRAMES && !lead.reachedEnd) {
    return refuse(
      lead.truncated
        ? "The file ends inside its first audio frames: it is cut short."
        : `Only ${lead.frames} MP3 frame${
          lead.frames === 1 ? "" : "s"
        } at the start, then data that is not audio.`,
    );
  }

  const walk = walkFrames(bytes, offset, first);
  if (walk.truncated) {
    return refuse(
      "The file ends part-way through an audio frame, so it looks cut short (an interrupted download " +
        "or copy). Please export or download it again.",
    );
  }
  const audioBytes = bytes.byteLength - tag.offset;
  if (walk.junkBytes > Math.max(JUNK_ALLOWANCE_BYTES, audioBytes * JUNK_ALLOWANCE_SHARE)) {
    const share = Math.round((walk.frameBytes / audioBytes) * 100);
    return refuse(`Only ${share}% of the file is MP3 audio; the rest is something else.`);
  }
  return {
    ok: true,
    frames: walk.frames,
    durationSeconds: Math.round((walk.samples / first.sampleRate) * 100) / 100,
    bitrateKbps: Math.round(walk.bitrateSum / walk.frames),
    sampleRate: first.sampleRate,
    version: first.version,
  };
}

function refuse(reason: string): Mp3Check {
  return { ok: false, reason };
}

/** Past every ID3v2 tag at the start (a file joined from two tagged files may carry two). */
function skipLeadingTags(bytes: Uint8Array): { offset: number } | { reason: string } {
  let offset = 0;
  while (isId3v2At(bytes, offset)) {
    const size = id3v2Size(bytes, offset);
    if (size === null) return { reason: "The file's ID3 tag is damaged." };
    if (offset + size > bytes.byteLength) return { reason: "The file has an ID3 tag but no audio after it." };
    offset += size;
  }
  return { offset };
}

function isId3v2At(bytes: Uint8Array, offset: number): boolean {
  return bytes[offset] === 0x49 && bytes[offset + 1] === 0x44 && bytes[offset + 2] === 0x33;
}

/**
 * The whole tag's length: header, body (a 28-bit "syncsafe" number, 7 bits per byte so it can never
 * contain a frame sync) and the footer when its flag is set. Null when the header is not valid.
 */
function id3v2Size(bytes: Uint8Array, offset: number): number | null {
  if (offset + ID3V2_HEADER > bytes.byteLength) return null;
  const major = bytes[offset + 3];
  const minor = bytes[offset + 4];
  if (major < 2 || major > 4 || minor === 0xff) return null;
  let body = 0;
  for (let index = 6; index < 10; index++) {
    const byte = bytes[offset + index];
    if (byte >= 0x80) return null;
    body = body * 128 + byte;
  }
  const footer = major === 4 && (bytes[offset + 5] & 0x10) ? ID3V2_HEADER : 0;
  return ID3V2_HEADER + body + footer;
}

/** The frame header at `offset`, or why there is none (worded for the file's first frame). */
function readHeader(bytes: Uint8Array, offset: number): FrameHeader | { reason: string } {
  if (bytes[offset] !== 0xff || (bytes[offset + 1] & 0xe0) !== 0xe0) {
    // Without a tag, the first bytes may say what the file is instead.
    const known = offset === 0
      ? SIGNATURES.find((signature) => startsWith(bytes, signature.at, signature.bytes))
      : undefined;
    return {
      reason: known
        ? `This is ${known.name}, not MP3 audio.`
        : "The file does not start with MP3 audio frames (nor an ID3 tag), so it is not an MP3 file.",
    };
  }
  if (offset + FRAME_HEADER > bytes.byteLength) return { reason: "The file is too short to hold MP3 audio." };
  const layer = LAYERS[(bytes[offset + 1] >> 1) & 0b11];
  const version = VERSIONS[(bytes[offset + 1] >> 3) & 0b11];
  if (version && layer && layer !== "Layer III") {
    return {
      reason: `This is MPEG ${layer} audio (MP${layer === "Layer II" ? 2 : 1}), not MP3 (Layer III).`,
    };
  }
  return parseHeader(bytes, offset) ?? { reason: "The file's first audio frame header is not valid MP3." };
}

/** A valid Layer III frame header at `offset`, or null. */
function parseHeader(bytes: Uint8Array, offset: number): FrameHeader | null {
  if (offset + FRAME_HEADER > bytes.byteLength) return null;
  const [b0, b1, b2, b3] = [bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = VERSIONS[(b1 >> 3) & 0b11];
  if (!version || ((b1 >> 1) & 0b11) !== 0b01) return null;
  const bitrateIndex = b2 >> 4;
  const sampleRateIndex = (b2 >> 2) & 0b11;
  // Free format (0) has no computable frame length; 15 and sample-rate index 3 are forbidden.
  if (bitrateIndex === 0 || bitrateIndex === 15 || sampleRateIndex === 3) return null;
  if ((b3 & 0b11) === 0b10) return null; // emphasis 10 is reserved
  const bitrateKbps = BITRATES[version === "MPEG-1" ? "v1" : "v2"][bitrateIndex];
  const sampleRate = SAMPLE_RATES[version][sampleRateIndex];
  const samples = version === "MPEG-1" ? 1152 : 576;
  const padding = (b2 >> 1) & 1;
  const length = Math.floor((samples / 8) * bitrateKbps * 1000 / sampleRate) + padding;
  return { version, bitrateKbps, sampleRate, samples, length };
}

/** Frames of one stream keep their version and sample rate; a "header" that changes them is noise. */
function sameStream(a: FrameHeader, b: FrameHeader): boolean {
  return a.version === b.version && a.sampleRate === b.sampleRate;
}

interface Chain {
  frames: number;
  /** The chain ended exactly at the end of the file or at a tag that ends it. */
  reachedEnd: boolean;
  /** The chain's last header promised more bytes than the file has. */
  truncated: boolean;
}

/** Up to MIN_FRAMES frames chained from `offset`: is a real stream starting here? */
function chain(bytes: Uint8Array, offset: number, stream: FrameHeader): Chain {
  let frames = 0;
  let position = offset;
  while (frames < MIN_FRAMES) {
    if (position === bytes.byteLength || endTagAt(bytes, position)) {
      return { frames, reachedEnd: true, truncated: false };
    }
    const header = parseHeader(bytes, position);
    if (!header || !sameStream(header, stream)) return { frames, reachedEnd: false, truncated: false };
    if (position + header.length > bytes.byteLength) return { frames, reachedEnd: false, truncated: true };
    frames++;
    position += header.length;
  }
  return { frames, reachedEnd: false, truncated: false };
}

interface Walk {
  frames: number;
  samples: number;
  bitrateSum: number;
  frameBytes: number;
  /** Bytes that are neither frames nor tags: damage mid-stream, or data that is not audio at all. */
  junkBytes: number;
  truncated: boolean;
}

/**
 * Every frame from the first to the end, as a player reads them: a tag in the middle (joined files)
 * is skipped, and after damage the walk finds its way back to a stream of chained frames, counting
 * what it had to skip as junk.
 */
function walkFrames(bytes: Uint8Array, offset: number, stream: FrameHeader): Walk {
  const walk: Walk = { frames: 0, samples: 0, bitrateSum: 0, frameBytes: 0, junkBytes: 0, truncated: false };
  let position = offset;
  while (position < bytes.byteLength) {
    const endTag = endTagAt(bytes, position);
    if (endTag) {
      position += endTag;
      continue;
    }
    if (isId3v2At(bytes, position)) {
      const size = id3v2Size(bytes, position);
      if (size !== null && position + size <= bytes.byteLength) {
        position += size;
        continue;
      }
    }
    const header = parseHeader(bytes, position);
    if (header && sameStream(header, stream)) {
      if (position + header.length > bytes.byteLength) {
        walk.truncated = true;
        break;
      }
      walk.frames++;
      walk.samples += header.samples;
      walk.bitrateSum += header.bitrateKbps;
      walk.frameBytes += header.length;
      position += header.length;
      continue;
    }
    const next = resync(bytes, position + 1, stream);
    walk.junkBytes += next - position;
    position = next;
  }
  return walk;
}

/** Where the stream picks up again after `from`: chained frames, a tag, or the end of the file. */
function resync(bytes: Uint8Array, from: number, stream: FrameHeader): number {
  for (let position = from; position < bytes.byteLength; position++) {
    // Sync, then Layer III's bits, before the full parse: most junk fails at the first byte or two.
    if (bytes[position] === 0xff && (bytes[position + 1] & 0xe6) === 0xe2) {
      const header = parseHeader(bytes, position);
      if (header && sameStream(header, stream)) {
        const found = chain(bytes, position, stream);
        if (found.frames >= MIN_FRAMES || (found.reachedEnd && found.frames > 0)) return position;
      }
    } else if (isId3v2At(bytes, position) || endTagAt(bytes, position)) {
      return position;
    }
  }
  return bytes.byteLength;
}

/**
 * A tag that closes the file (ID3v1 "TAG" in the last 128 bytes, or an APEv2 tag), answered as its
 * length from `position`, or 0.
 */
function endTagAt(bytes: Uint8Array, position: number): number {
  if (position + ID3V1_SIZE === bytes.byteLength && startsWith(bytes, position, [0x54, 0x41, 0x47])) {
    return ID3V1_SIZE;
  }
  // "APETAGEX": a 32-byte header or footer whose size field counts the items and the footer.
  if (startsWith(bytes, position, [0x41, 0x50, 0x45, 0x54, 0x41, 0x47, 0x45, 0x58])) {
    if (position + APE_HEADER > bytes.byteLength) return 0;
    const view = new DataView(bytes.buffer, bytes.byteOffset + position);
    const size = view.getUint32(12, true);
    const flags = view.getUint32(20, true);
    const isHeader = (flags & 0x2000_0000) !== 0;
    const length = isHeader ? APE_HEADER + size : APE_HEADER;
    return position + length <= bytes.byteLength ? length : 0;
  }
  return 0;
}

function startsWith(bytes: Uint8Array, at: number, prefix: number[]): boolean {
  if (at + prefix.length > bytes.byteLength) return false;
  return prefix.every((byte, index) => bytes[at + index] === byte);
}
