import { assertEquals } from "@std/assert";
import { IN_PROGRESS_STATUSES, isInProgress, ORDER_STATUSES } from "../../../../domain/order/status.ts";

Deno.test("in progress: pending, generating and the older lyrics_generated; never finished or failed", () => {
  assertEquals([...IN_PROGRESS_STATUSES].sort(), ["generating", "lyrics_generated", "pending"]);
  assertEquals(ORDER_STATUSES.filter(isInProgress), ["pending", "generating"]);
  for (const status of ["completed", "failed", "in_studio", "live", ""]) {
    assertEquals(isInProgress(status), false);
  }
});
