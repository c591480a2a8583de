import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { createHash } from "node:crypto";
import { stylesheetFor } from "../../../components/css.ts";

Deno.test("CSS holds exactly the utilities the HTML uses, plus the base rules", () => {
  const { css } = stylesheetFor(`<div class="p-4 text-violet-700"><p class="md:flex">x</p></div>`);
  assertStringIncludes(css, ".p-4{padding:1rem}");
  assertStringIncludes(css, ".text-violet-700{");
  assertStringIncludes(css, "@media (min-width:768px){.md\\:flex{display:flex}}");
  assertStringIncludes(css, "[hidden]{display:none!important}");
  assert(!css.includes(".p-8{"));
});

Deno.test("the same set of classes yields the same stylesheet; extra classes are added", () => {
  const a = stylesheetFor(`<b class="m-2 font-bold"></b><i class="m-2"></i>`);
  const b = stylesheetFor(`<i class="font-bold m-2">different text</i>`);
  assertEquals(a, b, "same class set, same stylesheet");
  const c = stylesheetFor(`<b class="m-2"></b>`, "rotate-180");
  assertStringIncludes(c.css, ".rotate-180{");
});

Deno.test("the CSP source is the SHA-256 of exactly the stylesheet's text", () => {
  const { css, cspSource } = stylesheetFor(`<b class="m-3"></b>`);
  assertEquals(cspSource, `'sha256-${createHash("sha256").update(css).digest("base64")}'`);
});

Deno.test("a ring colour is drawn solid, so focus rings are plain to see", () => {
  const { css } = stylesheetFor(`<a class="focus-visible:ring-violet-600"></a>`);
  assertStringIncludes(css, "--tw-ring-opacity:1;");
  assert(!css.includes("--tw-ring-opacity:0.5"));
});

Deno.test("a class with `&`, escaped in the server's HTML, still gets its rule", () => {
  const { css } = stylesheetFor(`<article class="[&amp;:has(:focus-visible)]:outline-4"></article>`);
  assertStringIncludes(css, ":has(:focus-visible){outline-width:4px}");
  assert(!css.includes("amp;"));
});
