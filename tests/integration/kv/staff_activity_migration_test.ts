import { assertEquals, assertRejects } from "@std/assert";
import { keys } from "../../../kv/keys.ts";
import { type Migration, runMigrations } from "../../../kv/migrations.ts";
import { staffActivity } from "../../../kv/migrations/v10_staff_activity.ts";
import { listStaffActivity } from "../../../kv/staff_activity.ts";
import { createTestApp } from "../../helpers.ts";
import { adminCall, adminHeaders, completedOrder, DELIVERY_ENV } from "../delivery/helpers.ts";

const PREFIXES = [keys.allStaffActivity(), keys.allStaffActivityByStaff(), keys.staffMembers()];

async function logEntries(kv: Deno.Kv) {
  const found: string[] = [];
  for (const prefix of PREFIXES) {
    for await (const entry of kv.list({ prefix })) found.push(JSON.stringify([entry.key, entry.value]));
  }
  return found;
}

Deno.test("migration 10 lists the staff actions of earlier orders, resumes after a crash, and a second run changes nothing", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  // 300 approvals: more than one batch of events (each order's timeline has its other events too).
  for (let i = 0; i < 300; i++) {
    const order = await completedOrder(t, { childName: `Kid${i}`, parentEmail: `kid${i}@example.com` });
    assertEquals((await adminCall(t, admin, order.id, "approve")).status, 200);
    t.clock.advance(1000);
  }
  const expected = await logEntries(t.kv);
  assertEquals(expected.length, 2 * 300 + 1);
  // As the code before the log left a store: the events, and no log.
  for (const prefix of PREFIXES) {
    for await (const entry of t.kv.list({ prefix })) await t.kv.delete(entry.key);
  }
  const query = { by: "", day: "", tz: "UTC", order: null, cursor: "" };
  assertEquals((await listStaffActivity(t.kv, query)).entries, []);

  let commits = 0;
  const crashing: Migration = {
    ...staffActivity,
    up: (store, context) =>
      staffActivity.up(store, {
        ...context,
        async commit(operation, next) {
          await context.commit(operation, next);
          if (++commits === 2) throw new Error("power cut");
        },
      }),
  };
  await assertRejects(() => runMigrations(t.kv, [crashing], { holder: "test" }), Error, "power cut");
  const report = await runMigrations(t.kv, [staffActivity], { holder: "test" });
  assertEquals(report.applied, [{ version: 10, name: "staff-activity", resumed: true }]);
  assertEquals((await logEntries(t.kv)).sort(), [...expected].sort());
  assertEquals((await listStaffActivity(t.kv, query)).entries[0].childName, "Kid299");

  await t.kv.delete(keys.schemaVersion());
  await runMigrations(t.kv, [staffActivity], { holder: "test" });
  assertEquals((await logEntries(t.kv)).sort(), [...expected].sort());
});
