/**
 * Renders single frames for a look while drawing scenes, without encoding anything:
 *
 *   deno run -A tools/media/preview.ts emma-birthday 0 2.5 7      frames at those seconds
 *   deno run -A tools/media/preview.ts og                         the social card
 *
 * PNGs go to /tmp/media-frames/{name}-{t}.png (or MEDIA_PREVIEW_DIR).
 */
import { videoJobs } from "./catalog.ts";
import { openRenderer } from "./render.ts";
import { ogScene } from "./scenes/og.ts";

const [name, ...times] = Deno.args;
const outDir = Deno.env.get("MEDIA_PREVIEW_DIR") ?? "/tmp/media-frames";
const scene = name === "og" ? ogScene : videoJobs().find((job) => job.name === name)?.scene;
if (!scene) {
  console.error(`unknown scene "${name}"; one of: og, ${videoJobs().map((job) => job.name).join(", ")}`);
  Deno.exit(1);
}
await Deno.mkdir(outDir, { recursive: true });
const renderer = await openRenderer();
try {
  for (const time of times.length ? times.map(Number) : [0]) {
    const path = `${outDir}/${name}-${time}.png`;
    await Deno.writeFile(path, await renderer.frame(scene, time));
    console.log(path);
  }
} finally {
  await renderer.close();
}
