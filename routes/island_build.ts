/**
 * Bundles the islands for the browser: the tiny boot every page with islands loads, one entry per
 * `islands/{Name}.tsx`, code splitting so React and the hydration code live in one shared chunk,
 * minified, content-hashed names, and a manifest that tells the server which files each island needs.
 * `deno task build` runs it (tools/build.ts); main.ts imports it only when the bundles are missing or in
 * dev, so a deployment that built never loads esbuild.
 */
import * as esbuild from "esbuild";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { BUILD_DIR, type BuildManifest, MANIFEST_FILE } from "./assets.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ISLANDS_DIR = join(ROOT, "islands");
const ISLAND_FILE = /^([A-Z][A-Za-z0-9]*)\.tsx$/;
/** Where the built islands are served, as their addresses in the manifest begin. */
export const PUBLIC_PREFIX = "/build/";
const BOOT_ENTRY = "islands/lib/boot.ts";

export async function islandNames(): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(ISLANDS_DIR)) {
    const match = entry.isFile ? entry.name.match(ISLAND_FILE) : null;
    if (match) names.push(match[1]);
  }
  return names.sort();
}

/**
 * A plain island's browser half, beside its component: `islands/{Name}.client.ts`. Its default export
 * brings the server's HTML to life with the DOM alone, so an island that needs no React (a decorative
 * animation, a video's two buttons) never makes the page download React.
 */
const plainClientFile = (name: string) => join(ISLANDS_DIR, `${name}.client.ts`);

async function isPlainIsland(name: string) {
  try {
    return (await Deno.stat(plainClientFile(name))).isFile;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/**
 * Each island's entry is generated, and the tiny boot (islands/lib/boot.ts) imports it when the island's
 * strategy says so: its default export hydrates one marker with the component through React, or, for a
 * plain island, hands the marker to its `.client.ts`.
 */
const islandEntries: esbuild.Plugin = {
  name: "island-entries",
  setup(build) {
    build.onResolve({ filter: /^island:/ }, (args) => ({
      path: args.path.slice("island:".length),
      namespace: "island",
    }));
    build.onLoad({ filter: /.*/, namespace: "island" }, async (args) => ({
      contents: await isPlainIsland(args.path)
        ? `import enhance from "./${args.path}.client.ts";\n` +
          `export default (marker) => enhance(marker, JSON.parse(marker.dataset.props ?? "{}"));\n`
        : `import { hydrateIsland } from "./lib/hydrate.tsx";\n` +
          `import Island from "./${args.path}.tsx";\n` +
          `export default (marker) => hydrateIsland(marker, ${JSON.stringify(args.path)}, Island);\n`,
      loader: "tsx",
      resolveDir: ISLANDS_DIR,
    }));
  },
};

export interface BuildOptions {
  /** Development React (readable errors and warnings) instead of the production build. */
  dev?: boolean;
  outDir?: string;
  /**
   * `best` (the default) for what browsers download; `quick` for a build only tests read, where
   * brotli's best quality took longer than the bundling itself and bought nothing a test looks at.
   */
  compression?: "best" | "quick";
}

export async function buildIslands(
  { dev = false, outDir = join(ROOT, BUILD_DIR), compression = "best" }: BuildOptions = {},
) {
  const started = performance.now();
  const names = await islandNames();
  await Deno.remove(outDir, { recursive: true }).catch(() => {});
  await Deno.mkdir(outDir, { recursive: true });
  try {
    const result = await esbuild.build({
      entryPoints: [
        { in: BOOT_ENTRY, out: "boot" },
        ...names.map((name) => ({ in: `island:${name}`, out: name })),
      ],
      plugins: [islandEntries],
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "browser",
      target: ["es2022"],
      minify: !dev,
      sourcemap: dev ? "linked" : false,
      jsx: "automatic",
      jsxImportSource: "react",
      define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
      entryNames: "[name]-[hash]",
      chunkNames: "chunk-[hash]",
      outdir: outDir,
      absWorkingDir: ROOT,
      metafile: true,
      legalComments: "none",
      logLevel: "warning",
    });
    const manifest = await manifestFrom(result.metafile, outDir, names);
    await Deno.writeTextFile(join(outDir, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
    await precompress(Object.keys(result.metafile.outputs).map((output) => join(ROOT, output)), compression);
    const ms = Math.round(performance.now() - started);
    console.log(`built ${names.length} islands into ${relative(ROOT, outDir)}/ in ${ms} ms`);
    return manifest;
  } finally {
    await esbuild.stop();
  }
}

/**
 * Brotli and gzip copies at the strongest settings beside each bundle, which the static handler
 * sends to browsers that accept them: compressing once here beats compressing on every request.
 */
async function precompress(files: string[], compression: "best" | "quick") {
  const best = compression === "best";
  for (const file of files) {
    const bytes = await Deno.readFile(file);
    const brotli = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 4 },
    });
    await Deno.writeFile(`${file}.br`, brotli);
    // gzip's best costs little, so both builds keep it.
    await Deno.writeFile(`${file}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
  }
}

/**
 * The boot's file and chunks; for each island: its entry file, every chunk it imports (transitively)
 * to preload, and the class names its own source files can produce.
 */
async function manifestFrom(
  metafile: esbuild.Metafile,
  outDir: string,
  names: string[],
): Promise<BuildManifest> {
  const publicPath = (output: string) =>
    PUBLIC_PREFIX + relative(outDir, join(ROOT, output)).replaceAll("\\", "/");
  const importsOf = (output: string, seen = new Set<string>()): Set<string> => {
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind !== "import-statement" || seen.has(imported.path)) continue;
      seen.add(imported.path);
      importsOf(imported.path, seen);
    }
    return seen;
  };
  const islands: BuildManifest["islands"] = {};
  let boot: BuildManifest["boot"] = { src: "", preload: [] };
  for (const [output, meta] of Object.entries(metafile.outputs)) {
    if (meta.entryPoint === BOOT_ENTRY) {
      boot = { src: publicPath(output), preload: [...importsOf(output)].map(publicPath) };
    }
    const name = meta.entryPoint?.replace(/^island:/, "");
    if (!name || !names.includes(name)) continue;
    const chunks = importsOf(output);
    const sources = [output, ...chunks].flatMap((file) => Object.keys(metafile.outputs[file].inputs));
    islands[name] = {
      src: publicPath(output),
      preload: [...chunks].map(publicPath),
      classes: await classesIn(sources),
    };
  }
  return { boot, islands };
}

const STRING_LITERAL = /"([^"\\\n]*)"|'([^'\\\n]*)'|`([^`]*)`/g;
/** A class, or one for the widest screens (`2xl:grid`: the one variant that starts with a digit). */
const CLASS_TOKEN = /^(?:2xl:)?!?-?[a-z][a-z0-9:/.[\]%#_()\-]*$/;

/**
 * Class names that our own island code can put in the DOM, found in its string literals. Classes an
 * island only shows after interaction (a toast, an opened panel) never appear in the server's HTML,
 * so the page's CSS adds these. Over-inclusion only costs a few bytes: unknown words produce no CSS.
 */
async function classesIn(sources: string[]): Promise<string> {
  const classes = new Set<string>();
  for (const source of new Set(sources)) {
    if (source.includes("node_modules") || source.startsWith("island:")) continue;
    const text = await Deno.readTextFile(join(ROOT, source));
    for (const match of text.matchAll(STRING_LITERAL)) {
      // Template literals keep their nested expressions, so quotes inside `${…}` separate words too.
      const literal = match[1] ?? match[2] ?? match[3];
      for (const token of literal.split(/[\s"'`{}$?]+/)) if (CLASS_TOKEN.test(token)) classes.add(token);
    }
  }
  return [...classes].sort().join(" ");
}
