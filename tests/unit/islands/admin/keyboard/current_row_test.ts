import { assertEquals } from "@std/assert";
import { rowOf, rowSummary, stepRow } from "../../../../../islands/admin/keyboard/current_row.ts";
import type { ListedOrder } from "../../../../../islands/admin/types.ts";

const IDS = ["a", "b", "c"];

Deno.test("current row: j starts at the first row and k at the last", () => {
  assertEquals(stepRow(IDS, null, 1), { id: "a", index: 0 });
  assertEquals(stepRow(IDS, null, -1), { id: "c", index: 2 });
  assertEquals(stepRow([], null, 1), null);
});

Deno.test("current row: steps down and up, and stays at either end", () => {
  assertEquals(stepRow(IDS, { id: "a", index: 0 }, 1), { id: "b", index: 1 });
  assertEquals(stepRow(IDS, { id: "b", index: 1 }, -1), { id: "a", index: 0 });
  assertEquals(stepRow(IDS, { id: "c", index: 2 }, 1), { id: "c", index: 2 });
  assertEquals(stepRow(IDS, { id: "a", index: 0 }, -1), { id: "a", index: 0 });
});

Deno.test("current row: when its order left the page, the row now in its place is the next one down", () => {
  // "b" was at index 1 and was approved off the Review tab: "c" moved up into its place.
  const reloaded = ["a", "c", "d"];
  assertEquals(stepRow(reloaded, { id: "b", index: 1 }, 1), { id: "c", index: 1 });
  assertEquals(stepRow(reloaded, { id: "b", index: 1 }, -1), { id: "a", index: 0 });
  assertEquals(stepRow(["a"], { id: "z", index: 5 }, 1), { id: "a", index: 0 }, "held inside the page");
});

Deno.test("current row: an order's place on the page", () => {
  assertEquals(rowOf(IDS, "b"), { id: "b", index: 1 });
  assertEquals(rowOf(IDS, "z"), null);
});

Deno.test("current row: what a screen reader hears as it moves", () => {
  const order = {
    orderNumber: 1042,
    childName: "Pia",
    status: "completed",
    approvalStatus: "pending",
  } as ListedOrder;
  assertEquals(rowSummary(order), "Pia, Completed, Pending Review");
});
