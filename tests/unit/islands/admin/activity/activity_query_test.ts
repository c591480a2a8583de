import { assertEquals } from "@std/assert";
import {
  activityApiPath,
  isNarrowed,
  NO_FILTERS,
  today,
} from "../../../../../islands/admin/activity/activity_query.ts";

Deno.test("staff activity: the API's address carries only what narrows the log, the zone with a day", () => {
  assertEquals(activityApiPath(NO_FILTERS, "Europe/London"), "/api/admin/activity");
  assertEquals(
    activityApiPath({ by: "sam@example.com", day: "2026-11-27", order: " #1070 " }, "Europe/London", "abc"),
    "/api/admin/activity?by=sam%40example.com&day=2026-11-27&order=%231070&cursor=abc&tz=Europe%2FLondon",
  );
  assertEquals(isNarrowed(NO_FILTERS), false);
  assertEquals(isNarrowed({ ...NO_FILTERS, order: "  " }), false);
  assertEquals(isNarrowed({ ...NO_FILTERS, day: "2026-11-27" }), true);
  assertEquals(today(new Date(2026, 0, 5, 23, 59)), "2026-01-05");
});
