import { PLACEHOLDER_MARK } from "./specs.ts";

/**
 * ffmpeg steps: frames (PNG, piped through stdin) plus a WAV become a web-friendly MP4; one frame
 * becomes a WebP still. Each step retries at a lower quality until the file fits its byte budget, so
 * a richer scene degrades a little instead of breaking the page's weight budget.
 */

export interface VideoEncoding {
  frames: Uint8Array[];
  fps: number;
  wav: Uint8Array;
  outPath: string;
  maxBytes: number;
  audioKbps: number;
  /** Frames between keyframes: fewer keyframes, smaller file; a looping clip needs only one. */
  keyframeInterval: number;
}

/** No dates, versions or input metadata in the output: the same input always gives the same bytes. */
const BITEXACT = [
  "-map_metadata",
  "-1",
  "-fflags",
  "+bitexact",
  "-flags:v",
  "+bitexact",
  "-flags:a",
  "+bitexact",
];

/** x264's quality scale: lower is better. Every +6 roughly halves the bitrate. */
const FIRST_CRF = 24;
const LAST_CRF = 40;

export async function encodeVideo(job: VideoEncoding): Promise<{ bytes: number; crf: number }> {
  const wavPath = await Deno.makeTempFile({ suffix: ".wav" });
  try {
    await Deno.writeFile(wavPath, job.wav);
    for (let crf = FIRST_CRF;;) {
      await ffmpeg(
        [
          ...["-f", "image2pipe", "-framerate", String(job.fps), "-c:v", "png", "-i", "pipe:0"],
          ...["-i", wavPath],
          ...["-map", "0:v", "-map", "1:a"],
          // High profile and yuv420p play everywhere browsers play H.264; "animation" tuning suits
          // flat cartoon colours; a fixed thread count keeps the output identical from run to run.
          ...["-c:v", "libx264", "-profile:v", "high", "-preset", "veryslow", "-tune", "animation"],
          ...["-crf", String(crf), "-pix_fmt", "yuv420p", "-threads", "2"],
          ...["-g", String(job.keyframeInterval), "-keyint_min", String(job.keyframeInterval)],
          ...["-c:a", "aac", "-b:a", `${job.audioKbps}k`, "-ac", "1"],
          // The index (moov) goes first so browsers can start playing before the whole file arrives.
          ...["-movflags", "+faststart", "-shortest"],
          ...BITEXACT,
          ...["-metadata", `comment=${PLACEHOLDER_MARK}`],
          job.outPath,
        ],
        job.frames,
      );
      const bytes = (await Deno.stat(job.outPath)).size;
      if (Deno.env.get("MEDIA_VERBOSE")) console.log(`  ${job.outPath}: crf ${crf} gives ${bytes} bytes`);
      if (bytes <= job.maxBytes || crf >= LAST_CRF) return { bytes, crf };
      // Jump straight to about the quality that fits (the audio's share does not shrink), not step by step.
      const audioBytes = (job.audioKbps * 1000 / 8) * (job.frames.length / job.fps);
      const ratio = (bytes - audioBytes) / (job.maxBytes * 0.97 - audioBytes);
      crf = Math.min(LAST_CRF, crf + Math.max(1, Math.ceil(6 * Math.log2(ratio))));
    }
  } finally {
    await Deno.remove(wavPath);
  }
}

/** One PNG frame as a lossy WebP, at the best quality that fits `maxBytes`. */
export async function encodeWebp(
  frame: Uint8Array,
  outPath: string,
  maxBytes: number,
): Promise<{ bytes: number; quality: number }> {
  for (let quality = 90;; quality -= 5) {
    await ffmpeg(
      [
        ...["-f", "image2pipe", "-c:v", "png", "-i", "pipe:0", "-frames:v", "1"],
        // The "drawing" preset keeps edges of flat artwork crisp.
        ...["-c:v", "libwebp", "-preset", "drawing", "-quality", String(quality), "-compression_level", "6"],
        ...BITEXACT,
        outPath,
      ],
      [frame],
    );
    const bytes = (await Deno.stat(outPath)).size;
    if (bytes <= maxBytes || quality <= 20) return { bytes, quality };
  }
}

async function ffmpeg(args: string[], input: Uint8Array[]): Promise<void> {
  const child = new Deno.Command("ffmpeg", {
    args: ["-hide_banner", "-loglevel", "error", "-y", ...args],
    stdin: "piped",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  for (const chunk of input) await writer.write(chunk);
  await writer.close();
  const { code, stderr } = await child.output();
  if (code !== 0) {
    throw new Error(`ffmpeg failed (${code}): ${new TextDecoder().decode(stderr)}\nargs: ${args.join(" ")}`);
  }
}
