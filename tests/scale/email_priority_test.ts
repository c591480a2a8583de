/**
 * Each family's email among 430 songs in the making (400 of them held by another process) while staff
 * approve 20 songs: the size of the day 2,800 seeded orders were generating. The gate runs the same
 * scenario small (tests/integration/jobs/priority_test.ts).
 */
import { assertEquals } from "@std/assert";
import { LATE_MS, runEmailPriority } from "../integration/jobs/email_priority_scenario.ts";
import { scaleFigure } from "./figure.ts";

Deno.test("430 songs in the making, 400 held elsewhere: each of 20 approved emails goes within 10 s of its time, once", async () => {
  const plan = { slots: 3, backlog: 400, moving: 30, sends: 20 };
  const result = await runEmailPriority(plan);
  const met = result.late.length === 0 && result.deliveries === plan.sends &&
    result.confirmations === plan.backlog + plan.moving && result.lyricsWritten === plan.moving &&
    result.mostAtOnce >= 2 && result.mostAtOnce <= plan.slots;
  scaleFigure(
    `emails among ${plan.backlog + plan.moving} songs in the making (${plan.backlog} held elsewhere)`,
    `${result.deliveries}/${plan.sends} sent, latest ${result.worstLateMs / 1000} s after its time; ` +
      `${result.confirmations} confirmations; ${result.lyricsWritten}/${plan.moving} songs moved, ` +
      `${result.mostAtOnce} calls at once`,
    `each email once, ≤ ${LATE_MS / 1000} s late; every confirmation once; ≤ ${plan.slots} at once`,
    met,
  );
  assertEquals(result.late, [], `late sends, ${result.clockSeconds} s of clock`);
  assertEquals(result.deliveries, plan.sends, "one email per song");
  assertEquals(result.confirmations, plan.backlog + plan.moving, "one confirmation per order");
  assertEquals(result.lyricsWritten, plan.moving);
  assertEquals(
    result.mostAtOnce >= 2 && result.mostAtOnce <= plan.slots,
    true,
    `${result.mostAtOnce} at once`,
  );
});
