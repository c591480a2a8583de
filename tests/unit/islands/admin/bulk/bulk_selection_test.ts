import { assertEquals } from "@std/assert";
import {
  keptOnPage,
  pageSelection,
  pageToggled,
  toggled,
} from "../../../../../islands/admin/bulk/bulk_selection.ts";

const PAGE = ["a", "b", "c"];

Deno.test("the header box reads the page: clear, mixed or checked", () => {
  assertEquals(pageSelection(new Set(), PAGE), "none");
  assertEquals(pageSelection(new Set(["b"]), PAGE), "some");
  assertEquals(pageSelection(new Set(PAGE), PAGE), "all");
  assertEquals(pageSelection(new Set(["z"]), PAGE), "none", "a row of another page does not count");
});

Deno.test("ticking a row, and the whole page", () => {
  assertEquals([...toggled(new Set(["a"]), "b")], ["a", "b"]);
  assertEquals([...toggled(new Set(["a", "b"]), "a")], ["b"]);
  assertEquals([...pageToggled(new Set(["b"]), PAGE)].sort(), PAGE, "mixed: all of it");
  assertEquals([...pageToggled(new Set(PAGE), PAGE)], [], "all: none of it");
});

Deno.test("rows that left the page are no longer ticked", () => {
  assertEquals([...keptOnPage(new Set(["a", "z"]), PAGE)], ["a"]);
});
