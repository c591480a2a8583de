import { assertEquals } from "@std/assert";
import { isValidEditedEmail } from "../../../../islands/admin/detail/email.ts";
import { promptVersionText } from "../../../../islands/admin/detail/prompt_versions.ts";
import { formatCents, formatDateTime } from "../../../../islands/admin/format.ts";

Deno.test("format: prices are cents ÷ 100 with two decimals", () => {
  assertEquals(formatCents(2499), "$24.99");
  assertEquals(formatCents(1000), "$10.00");
  assertEquals(formatCents(0), "$0.00");
  assertEquals(formatCents(5), "$0.05");
  assertEquals(formatCents(-1250), "-$12.50");
  assertEquals(formatCents(null), "—");
});

Deno.test("format: dates in UTC until the island runs, a dash when absent", () => {
  assertEquals(formatDateTime("2026-01-15T12:05:00.000Z", false), "Jan 15, 2026, 12:05 PM UTC");
  assertEquals(formatDateTime(null, true), "—");
  assertEquals(formatDateTime("soon", true), "soon");
});

Deno.test("edited email: text@text.text without spaces (staff-side §5)", () => {
  assertEquals(isValidEditedEmail("mia@example.com"), true);
  assertEquals(isValidEditedEmail("  mia@example.com "), true);
  assertEquals(isValidEditedEmail("mia@example"), false);
  assertEquals(isValidEditedEmail("mia example@x.com"), false);
  assertEquals(isValidEditedEmail("@example.com"), false);
  assertEquals(isValidEditedEmail(""), false);
});

Deno.test("prompt versions: vN, the shipped default, or nothing recorded", () => {
  assertEquals(promptVersionText({ lyrics: 3, tags: 0 }, "lyrics"), "v3");
  assertEquals(promptVersionText({ lyrics: 3, tags: 0 }, "tags"), "v0 (default)");
  assertEquals(promptVersionText({}, "tags"), null);
  assertEquals(promptVersionText(null, "lyrics"), null);
});
