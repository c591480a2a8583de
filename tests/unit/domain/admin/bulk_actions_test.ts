import { assertEquals } from "@std/assert";
import { type BulkResult, bulkSummary, wasHeard } from "../../../../domain/admin/bulk_actions.ts";

const result = (ok: boolean): BulkResult => ({
  id: "x",
  orderNumber: 1000,
  ok,
  status: ok ? 200 : 409,
  message: "",
});

Deno.test("the bulk answer's line counts what was done and what was not", () => {
  assertEquals(bulkSummary("approve", [result(true)]), "1 order approved.");
  assertEquals(bulkSummary("send-now", [result(true), result(true)]), "2 orders sent now.");
  assertEquals(
    bulkSummary("regenerate", [result(true), result(false), result(false)]),
    "1 order being made again; 2 could not be: see why beside each.",
  );
  assertEquals(
    bulkSummary("approve", [result(false)]),
    "0 orders approved; 1 could not be: see why beside each.",
  );
});

Deno.test("a song was heard when someone played some of it", () => {
  const listen = { durationMs: 120_000, by: "boss", at: "2026-11-27T00:00:00.000Z" };
  assertEquals(wasHeard({}), false);
  assertEquals(wasHeard({ reviewListen: null }), false);
  assertEquals(wasHeard({ reviewListen: { ...listen, playedMs: 0 } }), false);
  assertEquals(wasHeard({ reviewListen: { ...listen, playedMs: 1 } }), true);
});
