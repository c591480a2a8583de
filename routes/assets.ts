import { join } from "node:path";

/** What `deno task build` writes to static/build/manifest.json. */
export interface BuildManifest {
  /** Per island: its entry module, the chunks to preload, and the classes its code can render. */
  islands: Record<string, { src: string; preload: string[]; classes: string }>;
}

export interface IslandAssets {
  scripts: string[];
  preloads: string[];
  /** Space-separated class names the islands may add in the browser, for the page's CSS. */
  classes: string;
}

export interface Assets {
  /** The scripts, preloads and classes needed to hydrate these islands, without duplicates. */
  forIslands(islands: Iterable<string>): IslandAssets;
}

export const BUILD_DIR = "static/build";
export const MANIFEST_FILE = "manifest.json";

export function manifestPath(buildDir = BUILD_DIR): string {
  return join(buildDir, MANIFEST_FILE);
}

/**
 * Reads the island manifest once. Without a build, pages still render (without interactivity),
 * and the first page that needs an island says how to fix it.
 */
export function loadAssets(buildDir = BUILD_DIR): Assets {
  let manifest: BuildManifest = { islands: {} };
  try {
    manifest = JSON.parse(Deno.readTextFileSync(manifestPath(buildDir)));
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  const warned = new Set<string>();
  return {
    forIslands(islands) {
      const scripts = new Set<string>();
      const preloads = new Set<string>();
      const classes: string[] = [];
      for (const name of islands) {
        const entry = manifest.islands[name];
        if (!entry) {
          if (!warned.has(name)) {
            warned.add(name);
            console.warn(`Island "${name}" is not built: run \`deno task build\`.`);
          }
          continue;
        }
        scripts.add(entry.src);
        for (const chunk of entry.preload) preloads.add(chunk);
        classes.push(entry.classes);
      }
      return { scripts: [...scripts], preloads: [...preloads], classes: classes.join(" ") };
    },
  };
}
