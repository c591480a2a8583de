import { join } from "node:path";
import type { Hydrate } from "../islands/lib/hydrate_strategy.ts";

/** What `deno task build` writes to static/build/manifest.json. */
export interface BuildManifest {
  /** The tiny boot that schedules hydration (islands/lib/boot.ts), and the chunks it imports. */
  boot: { src: string; preload: string[] };
  /** Per island: its entry module, the chunks to preload, and the classes its code can render. */
  islands: Record<string, { src: string; preload: string[]; classes: string }>;
}

export interface IslandAssets {
  /** The boot, the page's only script tag (none on a page without islands). */
  scripts: string[];
  /** The boot's chunks and the code of the islands that hydrate at load; the rest waits its turn. */
  preloads: string[];
  /** Each island's entry, which the boot imports when the island is due. */
  entries: Record<string, string>;
  /**
   * The code of the islands that wait for a touch, fetched (not run) once the first view is on screen:
   * such an island is what its page is for (the order form, the reveal's box), so nearly every visitor
   * touches it, and the touch should wait for the phone's CPU alone, not its network too.
   */
  prefetch: string[];
  /** Space-separated class names the islands may add in the browser, for the page's CSS. */
  classes: string;
}

export interface Assets {
  /** The scripts, preloads, entries and classes needed to hydrate these islands, without duplicates. */
  forIslands(islands: ReadonlyMap<string, Hydrate>): IslandAssets;
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
  let manifest: BuildManifest = { boot: { src: "", preload: [] }, islands: {} };
  try {
    manifest = JSON.parse(Deno.readTextFileSync(manifestPath(buildDir)));
    // A build older than the boot script has no `boot`, and its island entries no longer hydrate by
    // themselves.
    manifest.boot ??= { src: "", preload: [] };
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  const warned = new Set<string>();
  return {
    forIslands(islands) {
      const scripts = new Set<string>();
      const preloads = new Set<string>();
      const entries: Record<string, string> = {};
      const touched = new Set<string>();
      const classes: string[] = [];
      for (const [name, hydrate] of islands) {
        const entry = manifest.islands[name];
        if (!entry) {
          if (!warned.has(name)) {
            warned.add(name);
            console.warn(`Island "${name}" is not built: run \`deno task build\`.`);
          }
          continue;
        }
        entries[name] = entry.src;
        classes.push(entry.classes);
        if (hydrate === "interaction") [entry.src, ...entry.preload].forEach((file) => touched.add(file));
        if (hydrate !== "load") continue;
        preloads.add(entry.src);
        for (const chunk of entry.preload) preloads.add(chunk);
      }
      if (Object.keys(entries).length > 0) {
        if (manifest.boot.src) {
          scripts.add(manifest.boot.src);
          for (const chunk of manifest.boot.preload) preloads.add(chunk);
        } else if (!warned.has("boot")) {
          warned.add("boot"); // island names start with a capital, so this cannot clash with one
          console.warn("The islands' build has no boot: run `deno task build`.");
        }
      }
      const prefetch = [...touched].filter((file) => !preloads.has(file));
      return {
        scripts: [...scripts],
        preloads: [...preloads],
        entries,
        prefetch,
        classes: classes.join(" "),
      };
    },
  };
}
