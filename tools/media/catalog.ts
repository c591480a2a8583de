import { REACTION_VIDEOS } from "../../domain/site/reactions.ts";
import type { TuneOptions } from "./audio.ts";
import type { Scene } from "./render.ts";
import { heroMusic, heroScene } from "./scenes/hero.ts";
import { reactionPlaceholder } from "./scenes/reactions/index.ts";
import {
  FPS,
  HERO_POSTER,
  HERO_VIDEO,
  REACTION_THUMBNAIL,
  REACTION_VIDEO,
  staticPathOf,
  type VideoSpec,
} from "./specs.ts";

/** Every video the generator makes, by name ("hero" or a reaction id), with where its files go. */
export interface VideoJob {
  name: string;
  scene: Scene;
  music: TuneOptions;
  spec: VideoSpec;
  videoPath: string;
  /** The still shown before the video plays: its first frame, so starting it shows no jump. */
  stillPath: string;
  stillMaxBytes: number;
  keyframeInterval: number;
}

export function videoJobs(): VideoJob[] {
  const hero: VideoJob = {
    name: "hero",
    scene: heroScene,
    music: heroMusic,
    spec: HERO_VIDEO,
    videoPath: HERO_VIDEO.path,
    stillPath: HERO_POSTER.path,
    stillMaxBytes: HERO_POSTER.maxBytes,
    // A loop never seeks, so one keyframe for the whole clip spends the bytes on the picture.
    keyframeInterval: Math.round(HERO_VIDEO.seconds * FPS),
  };
  const reactions = REACTION_VIDEOS.flatMap((item, index): VideoJob[] => {
    if (!item.videoUrl) return [];
    const placeholder = reactionPlaceholder(item, index);
    return [{
      name: item.id,
      scene: placeholder.scene,
      music: { ...placeholder.music, seed: item.id, seconds: REACTION_VIDEO.seconds, loop: false },
      spec: REACTION_VIDEO,
      videoPath: staticPathOf(item.videoUrl),
      stillPath: staticPathOf(item.thumbnail),
      stillMaxBytes: REACTION_THUMBNAIL.maxBytes,
      keyframeInterval: 4 * FPS,
    }];
  });
  return [hero, ...reactions];
}
