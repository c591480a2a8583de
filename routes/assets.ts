import { join } from "node:path";

/** What `deno task build` writes to static/build/manifest.json. */
export interface BuildManifest {
  islands: Record<string, { src: string; preload: string[] }>;
}

export interface Assets {
  /** The module scripts and preloads needed to hydrate these islands, without duplicates. */
  scriptsFor(islands: Iterable<string>): { scripts: string[]; preloads: string[] };
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
    scriptsFor(islands) {
      const scripts = new Set<string>();
      const preloads = new Set<string>();
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
      }
      return { scripts: [...scripts], preloads: [...preloads] };
    },
  };
}
