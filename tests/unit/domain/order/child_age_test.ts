import { assertEquals } from "@std/assert";
import { childAgeLabel } from "../../../../domain/order/child_age.ts";

Deno.test("ages read as years: the form's choices, and a manual order's 13 to 18", () => {
  assertEquals(childAgeLabel("newborn"), "under 1 year");
  assertEquals(childAgeLabel("1"), "1 year");
  assertEquals(childAgeLabel("7"), "7 years");
  assertEquals(childAgeLabel("13+"), "13+ years");
  assertEquals(childAgeLabel("14"), "14 years");
  assertEquals(childAgeLabel("18"), "18 years");
  assertEquals(childAgeLabel(undefined), "");
});
