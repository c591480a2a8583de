import { assertEquals } from "@std/assert";
import { join } from "node:path";
import { type BuildManifest, loadAssets, MANIFEST_FILE } from "../../../routes/assets.ts";

const MANIFEST: BuildManifest = {
  boot: { src: "/build/boot-1.js", preload: ["/build/chunk-dom.js"] },
  islands: {
    Faq: { src: "/build/Faq-1.js", preload: ["/build/chunk-react.js"], classes: "a" },
    LoginForm: { src: "/build/LoginForm-1.js", preload: ["/build/chunk-react.js"], classes: "b" },
  },
};

Deno.test("assets: one boot script; only `load` islands' code is preloaded, every island's entry is named", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, MANIFEST_FILE), JSON.stringify(MANIFEST));
    const assets = loadAssets(dir);
    assertEquals(assets.forIslands(new Map([["Faq", "visible"], ["LoginForm", "load"]])), {
      scripts: ["/build/boot-1.js"],
      preloads: ["/build/LoginForm-1.js", "/build/chunk-react.js", "/build/chunk-dom.js"],
      entries: { Faq: "/build/Faq-1.js", LoginForm: "/build/LoginForm-1.js" },
      prefetch: [],
      classes: "a b",
    });
    assertEquals(assets.forIslands(new Map([["Faq", "idle"]])).preloads, ["/build/chunk-dom.js"]);
    assertEquals(assets.forIslands(new Map()), {
      scripts: [],
      preloads: [],
      entries: {},
      prefetch: [],
      classes: "",
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("assets: an island that waits for a touch has its code listed for prefetching, less what is preloaded", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const manifest: BuildManifest = {
      ...MANIFEST,
      boot: { src: "/build/boot-1.js", preload: ["/build/chunk-dom.js"] },
      islands: {
        ...MANIFEST.islands,
        Unboxing: {
          src: "/build/Unboxing-1.js",
          preload: ["/build/chunk-react.js", "/build/chunk-dom.js"],
          classes: "c",
        },
      },
    };
    await Deno.writeTextFile(join(dir, MANIFEST_FILE), JSON.stringify(manifest));
    const assets = loadAssets(dir);
    assertEquals(assets.forIslands(new Map([["Unboxing", "interaction"]])).prefetch, [
      "/build/Unboxing-1.js",
      "/build/chunk-react.js",
    ]);
    // Beside a `load` island, React is preloaded already: only the waiting island's own entry is left.
    assertEquals(
      assets.forIslands(new Map([["Unboxing", "interaction"], ["LoginForm", "load"]])).prefetch,
      ["/build/Unboxing-1.js"],
    );
    assertEquals(assets.forIslands(new Map([["Faq", "visible"], ["LoginForm", "idle"]])).prefetch, []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
