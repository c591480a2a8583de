import { assert, assertEquals } from "@std/assert";
import { REACTION_VIDEOS } from "../../domain/site/reactions.ts";
import {
  HERO_POSTER,
  HERO_VIDEO,
  type ImageSpec,
  OG_IMAGE,
  REACTION_THUMBNAIL,
  REACTION_VIDEO,
  staticPathOf,
  type VideoSpec,
} from "../../tools/media/specs.ts";

/**
 * The landing page's media (made by `deno run -A tools/media/make.ts`) exist for every reaction item,
 * fit their byte budgets, start playing before they have fully arrived, and have the dimensions the
 * page's width/height attributes promise (a wrong size would shift the layout or blur the image).
 */

const root = new URL("../../", import.meta.url).pathname;

Deno.test("every reaction item has its thumbnail and video under static/", async () => {
  for (const item of REACTION_VIDEOS) {
    await assertWebp(staticPathOf(item.thumbnail), REACTION_THUMBNAIL);
    // An item may leave out its video ('Video coming soon'); one that names a file must ship it.
    if (item.videoUrl) await assertVideo(staticPathOf(item.videoUrl), REACTION_VIDEO);
  }
  assert(REACTION_VIDEOS.some((item) => item.videoUrl), "the carousel has videos to play");
});

Deno.test("the hero video and its poster fit their budgets and sizes", async () => {
  await assertVideo(HERO_VIDEO.path, HERO_VIDEO);
  await assertWebp(HERO_POSTER.path, HERO_POSTER);
});

Deno.test("the social-share image is a JPEG of the card size", async () => {
  const bytes = await readWithin(OG_IMAGE.path, OG_IMAGE.maxBytes);
  assertEquals(jpegSize(bytes), { width: OG_IMAGE.width, height: OG_IMAGE.height }, OG_IMAGE.path);
});

Deno.test("the MP4 box reader finds moov before mdat only in a fast-start file", () => {
  const box = (type: string, size = 8) => {
    const bytes = new Uint8Array(size);
    new DataView(bytes.buffer).setUint32(0, size);
    bytes.set(new TextEncoder().encode(type), 4);
    return bytes;
  };
  const file = (...boxes: Uint8Array[]) => new Uint8Array(boxes.flatMap((part) => [...part]));
  assertEquals(topLevelBoxes(file(box("ftyp", 16), box("moov"), box("mdat"))), ["ftyp", "moov", "mdat"]);
  assertEquals(topLevelBoxes(file(box("ftyp", 16), box("mdat"), box("moov"))), ["ftyp", "mdat", "moov"]);
});

async function readWithin(path: string, maxBytes: number): Promise<Uint8Array> {
  const bytes = await Deno.readFile(root + path);
  assert(bytes.length > 0, `${path} is empty`);
  assert(bytes.length <= maxBytes, `${path} is ${bytes.length} bytes, over its ${maxBytes} budget`);
  return bytes;
}

async function assertVideo(path: string, spec: VideoSpec) {
  const bytes = await readWithin(path, spec.maxBytes);
  const boxes = topLevelBoxes(bytes);
  assertEquals(boxes[0], "ftyp", `${path} starts with an ftyp box`);
  const moov = boxes.indexOf("moov");
  const mdat = boxes.indexOf("mdat");
  assert(moov > 0 && mdat > 0, `${path} has moov and mdat boxes (${boxes.join(", ")})`);
  assert(
    moov < mdat,
    `${path} has its index (moov) before its data (mdat): encode with -movflags +faststart`,
  );

  const movie = movieHeader(bytes);
  assert(
    Math.abs(movie.seconds - spec.seconds) < 0.25,
    `${path} lasts ${movie.seconds} s, not ${spec.seconds}`,
  );
  assert(movie.handlers.includes("vide"), `${path} has a video track`);
  assert(movie.handlers.includes("soun"), `${path} has an audio track`);
  assertEquals(movie.videoSize, { width: spec.width, height: spec.height }, `${path} dimensions`);
}

async function assertWebp(path: string, spec: ImageSpec) {
  const bytes = await readWithin(path, spec.maxBytes);
  assertEquals(webpSize(bytes), { width: spec.width, height: spec.height }, path);
}

/** The four-letter types of an MP4's top-level boxes, in file order. */
function topLevelBoxes(bytes: Uint8Array): string[] {
  const types: string[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 0; offset + 8 <= bytes.length;) {
    let size = view.getUint32(offset);
    // Size 1: a 64-bit size follows the type; size 0: the box runs to the end of the file.
    if (size === 1) size = Number(view.getBigUint64(offset + 8));
    if (size === 0) size = bytes.length - offset;
    types.push(ascii(bytes, offset + 4, 4));
    if (size < 8) break;
    offset += size;
  }
  return types;
}

interface MovieHeader {
  seconds: number;
  handlers: string[];
  videoSize?: { width: number; height: number };
}

/** Duration (mvhd), track kinds (hdlr) and the video track's size (tkhd) from the moov box. */
function movieHeader(bytes: Uint8Array): MovieHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header: MovieHeader = { seconds: 0, handlers: [] };
  const containers = new Set(["moov", "trak", "mdia"]);
  let trackSize: { width: number; height: number } | undefined;
  const walk = (start: number, end: number) => {
    for (let offset = start; offset + 8 <= end;) {
      const size = view.getUint32(offset);
      const type = ascii(bytes, offset + 4, 4);
      if (size < 8) return;
      const body = offset + 8;
      if (type === "mvhd") {
        const version = bytes[body];
        const timescale = view.getUint32(body + (version === 1 ? 20 : 12));
        const duration = version === 1 ? Number(view.getBigUint64(body + 24)) : view.getUint32(body + 16);
        header.seconds = duration / timescale;
      } else if (type === "tkhd") {
        // Width and height are 16.16 fixed point in the header's last eight bytes.
        trackSize = {
          width: view.getUint32(offset + size - 8) >>> 16,
          height: view.getUint32(offset + size - 4) >>> 16,
        };
      } else if (type === "hdlr") {
        const handler = ascii(bytes, body + 8, 4);
        header.handlers.push(handler);
        if (handler === "vide") header.videoSize = trackSize;
      } else if (containers.has(type)) {
        walk(body, offset + size);
      }
      offset += size;
    }
  };
  walk(0, bytes.length);
  return header;
}

/** Canvas size from a WebP's first chunk: lossy (VP8), lossless (VP8L) or extended (VP8X). */
function webpSize(bytes: Uint8Array): { width: number; height: number } {
  assertEquals(ascii(bytes, 0, 4), "RIFF");
  assertEquals(ascii(bytes, 8, 4), "WEBP");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8 ") {
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === "VP8L") {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    const width = bytes[24] | (bytes[25] << 8) | (bytes[26] << 16);
    const height = bytes[27] | (bytes[28] << 8) | (bytes[29] << 16);
    return { width: width + 1, height: height + 1 };
  }
  throw new Error(`unknown WebP chunk ${chunk}`);
}

/** Size from a JPEG's start-of-frame segment (baseline or progressive). */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  assertEquals([bytes[0], bytes[1]], [0xff, 0xd8], "JPEG start-of-image marker");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 2; offset + 9 < bytes.length;) {
    if (bytes[offset] !== 0xff) throw new Error(`no JPEG marker at ${offset}`);
    const marker = bytes[offset + 1];
    const startOfFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (startOfFrame) return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    offset += 2 + view.getUint16(offset + 2);
  }
  throw new Error("no JPEG start-of-frame segment");
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}
