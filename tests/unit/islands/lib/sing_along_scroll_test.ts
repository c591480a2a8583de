import { assertEquals } from "@std/assert";
import { followBehaviour, scrollTopCentring } from "../../../../islands/lib/sing_along_scroll.ts";

const BOX = { visibleHeight: 300, contentHeight: 2000 };

Deno.test("scrollTopCentring puts the sung line in the middle of the box", () => {
  // A 40 px line at 1000 px: its middle (1020) sits at the box's middle (150).
  assertEquals(scrollTopCentring({ top: 1000, height: 40 }, BOX), 870);
});

Deno.test("scrollTopCentring stays at the top for the first lines", () => {
  assertEquals(scrollTopCentring({ top: 20, height: 40 }, BOX), 0);
  assertEquals(scrollTopCentring({ top: 130, height: 40 }, BOX), 0);
});

Deno.test("scrollTopCentring stops where the box can scroll no further", () => {
  assertEquals(scrollTopCentring({ top: 1960, height: 40 }, BOX), 1700);
});

Deno.test("scrollTopCentring goes back to the top before the first line is sung", () => {
  assertEquals(scrollTopCentring(null, BOX), 0);
});

Deno.test("scrollTopCentring of lyrics that fit the box never scrolls", () => {
  assertEquals(scrollTopCentring({ top: 200, height: 40 }, { visibleHeight: 300, contentHeight: 260 }), 0);
});

Deno.test("scrollTopCentring answers whole pixels", () => {
  assertEquals(scrollTopCentring({ top: 1000.4, height: 41 }, BOX), 871);
});

Deno.test("followBehaviour glides unless the reader asked for reduced motion", () => {
  assertEquals(followBehaviour(false), "smooth");
  assertEquals(followBehaviour(true), "auto");
});
