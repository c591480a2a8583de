/**
 * Regenerates the landing page's placeholder media: the hero loop and its poster, one video and
 * thumbnail per reaction item of `domain/site/reactions.ts`, and the social-share image.
 *
 *   deno run -A tools/media/make.ts            everything
 *   deno run -A tools/media/make.ts hero og    only some (names: hero, og, or reaction ids)
 *   deno run -A tools/media/make.ts --force    also overwrite files that are not our placeholders
 *
 * Files without the placeholder mark (real videos dropped in under the same names) are kept unless
 * --force is given.
 * Needs ffmpeg (with libx264, libwebp) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 * Output is deterministic: scenes are functions of time, tunes are seeded, encoders use fixed settings.
 */
import { dirname } from "node:path";
import { renderTune, wavBytes } from "./audio.ts";
import { type VideoJob, videoJobs } from "./catalog.ts";
import { encodeVideo, encodeWebp } from "./encode.ts";
import { type FrameRenderer, openRenderer, renderFrames } from "./render.ts";
import { ogScene } from "./scenes/og.ts";
import { FPS, OG_IMAGE, PLACEHOLDER_MARK } from "./specs.ts";

const root = new URL("../../", import.meta.url).pathname;
const force = Deno.args.includes("--force");
const wanted = new Set(Deno.args.filter((arg) => arg !== "--force"));
const known = ["og", ...videoJobs().map((job) => job.name)];
for (const name of wanted) {
  if (!known.includes(name)) throw new Error(`unknown name "${name}"; one of: ${known.join(", ")}`);
}
const wants = (name: string) => wanted.size === 0 || wanted.has(name);

const renderer = await openRenderer();
/** Encodes run one after another, alongside the drawing of the next scene (they use other cores). */
let encodes: Promise<void> = Promise.resolve();
const failures: unknown[] = [];
const started = performance.now();
try {
  if (wants("og") && await replaceable(OG_IMAGE.path)) await makeOgImage(renderer);
  for (const job of videoJobs()) {
    if (wants(job.name) && await replaceable(job.videoPath)) await makeVideo(renderer, job);
  }
  await encodes;
} finally {
  await renderer.close();
}
if (failures.length) throw failures[0];
console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);

async function makeVideo(renderer: FrameRenderer, job: VideoJob) {
  const drawing = performance.now();
  const frames = await renderFrames(renderer, job.scene, job.spec.seconds, FPS);
  const drawSeconds = (performance.now() - drawing) / 1000;
  const wav = wavBytes(renderTune(job.music));
  const videoPath = root + job.videoPath;
  const stillPath = root + job.stillPath;
  await Deno.mkdir(dirname(videoPath), { recursive: true });
  await Deno.mkdir(dirname(stillPath), { recursive: true });
  encodes = encodes.then(async () => {
    const encoding = performance.now();
    const still = await encodeWebp(frames[0], stillPath, job.stillMaxBytes);
    const video = await encodeVideo({
      frames,
      fps: FPS,
      wav,
      outPath: videoPath,
      maxBytes: job.spec.maxBytes,
      audioKbps: job.spec.audioKbps,
      keyframeInterval: job.keyframeInterval,
    });
    console.log(
      `${job.name}: ${job.videoPath} ${kb(video.bytes)} (crf ${video.crf}), ` +
        `${job.stillPath} ${kb(still.bytes)} (q ${still.quality}); drawn in ${drawSeconds.toFixed(1)} s, ` +
        `encoded in ${((performance.now() - encoding) / 1000).toFixed(1)} s`,
    );
    // Collected, not thrown here: the chain must stay usable and the browser must still be closed.
  }).catch((error) => {
    failures.push(error);
  });
}

async function makeOgImage(renderer: FrameRenderer) {
  const path = root + OG_IMAGE.path;
  await Deno.mkdir(dirname(path), { recursive: true });
  for (let quality = 90;; quality -= 5) {
    const jpeg = withJpegComment(await renderer.frame(ogScene, 0, "jpeg", quality), PLACEHOLDER_MARK);
    if (jpeg.length <= OG_IMAGE.maxBytes || quality <= 40) {
      await Deno.writeFile(path, jpeg);
      console.log(`og: ${OG_IMAGE.path} ${kb(jpeg.length)} (q ${quality})`);
      return;
    }
  }
}

/** A missing file, one of ours, or any file with --force; a real video or image put there is kept. */
async function replaceable(path: string): Promise<boolean> {
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(root + path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return true;
    throw error;
  }
  if (force || new TextDecoder("latin1").decode(bytes).includes(PLACEHOLDER_MARK)) return true;
  console.log(`keeping ${path}: not a generated placeholder (use --force to replace it)`);
  return false;
}

/** Inserts a comment (COM) segment right after the JPEG's start-of-image marker. */
function withJpegComment(jpeg: Uint8Array, comment: string): Uint8Array {
  const text = new TextEncoder().encode(comment);
  const segment = new Uint8Array([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff, ...text]);
  return new Uint8Array([...jpeg.subarray(0, 2), ...segment, ...jpeg.subarray(2)]);
}

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}
