import { assertEquals } from "@std/assert";
import { type FamilyStatusFacts, familyStatusOf } from "../../../../domain/order/family_status.ts";
import { FAILURE_WORDS, failureWords } from "../../../../domain/order/parent_words.ts";

const DUE = "2026-03-01T10:30:00Z";
const failed = (facts: Partial<FamilyStatusFacts> = {}): FamilyStatusFacts => ({
  status: "failed",
  failureEmailSent: false,
  failureEmailDueAt: DUE,
  ...facts,
});

Deno.test("a failure whose email is still owed reads as a song being made", () => {
  assertEquals(familyStatusOf(failed()), "generating");
  assertEquals(failureWords(failed()), null, "no failure words before the email");
});

Deno.test("a failure reads as failed once its email went, was given up, or none was owed", () => {
  const told = [
    failed({ failureEmailSent: true, failureEmailDueAt: null }),
    // The last attempt refused: nothing is due any more, so the family's page says it.
    failed({ failureEmailSent: false, failureEmailDueAt: null }),
    // Orders failed before the failure email existed carry neither field.
    { status: "failed" } as FamilyStatusFacts,
  ];
  for (const order of told) {
    assertEquals(familyStatusOf(order), "failed");
    assertEquals(failureWords(order), FAILURE_WORDS);
  }
});

Deno.test("every other status is the family's as it is", () => {
  for (const status of ["pending", "generating", "completed"] as const) {
    assertEquals(familyStatusOf({ status, failureEmailSent: false, failureEmailDueAt: DUE }), status);
    assertEquals(failureWords({ status }), null);
  }
});
