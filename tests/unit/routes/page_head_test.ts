import { assert, assertEquals, assertMatch } from "@std/assert";
import { pageHead } from "../../../routes/page_head.ts";

const context = { appUrl: "https://littlehits.example", path: "/", preloads: [] };

Deno.test("the page's icons are raster images, which are not drawn as a document of their own", async () => {
  const head = pageHead({ title: "Songs" }, context);
  const icons = [...head.matchAll(/<link rel="(?:icon|apple-touch-icon)"([^>]*)>/g)].map((match) => match[1]);
  assert(icons.length > 0);
  for (const icon of icons) {
    assertMatch(icon, /href="\/[\w-]+\.(ico|png)"/);
    assert(!icon.includes("svg"), icon);
  }
  const manifest = JSON.parse(
    await Deno.readTextFile(new URL("../../../static/site.webmanifest", import.meta.url)),
  );
  for (const icon of manifest.icons) assertEquals(icon.type, "image/png", icon.src);
});
