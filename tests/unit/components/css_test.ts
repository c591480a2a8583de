import { assert, assertStringIncludes } from "@std/assert";
import { cssFor } from "../../../components/css.ts";

Deno.test("CSS holds exactly the utilities the HTML uses, plus the base rules", () => {
  const css = cssFor(`<div class="p-4 text-violet-700"><p class="md:flex">x</p></div>`);
  assertStringIncludes(css, ".p-4{padding:1rem}");
  assertStringIncludes(css, ".text-violet-700{");
  assertStringIncludes(css, "@media (min-width:768px){.md\\:flex{display:flex}}");
  assertStringIncludes(css, "[hidden]{display:none!important}");
  assert(!css.includes(".p-8{"));
});

Deno.test("the same set of classes yields the same stylesheet; extra classes are added", () => {
  const a = cssFor(`<b class="m-2 font-bold"></b><i class="m-2"></i>`);
  const b = cssFor(`<i class="font-bold m-2">different text</i>`);
  assert(a === b, "same class set, same string");
  const c = cssFor(`<b class="m-2"></b>`, "rotate-180");
  assertStringIncludes(c, ".rotate-180{");
});
