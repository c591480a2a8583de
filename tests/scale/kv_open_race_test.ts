/**
 * Four processes open the same 150 fresh KV files at once: none fails "database is locked". Before
 * openKv retried a busy open, this collided a few times per run. The gate runs two processes on eight
 * files (tests/integration/kv/busy_retry_test.ts).
 */
import { assertEquals } from "@std/assert";
import { openSameFilesAtOnce } from "../integration/kv/open_race.ts";
import { scaleFigure } from "./figure.ts";

Deno.test("four processes opening the same 150 fresh KV files at once all get them", async () => {
  const { failures } = await openSameFilesAtOnce(4, 150);
  scaleFigure(
    "4 processes open the same 150 fresh KV files",
    `${failures.length} failed`,
    "0 failed",
    failures.length === 0,
  );
  assertEquals(failures, []);
});
