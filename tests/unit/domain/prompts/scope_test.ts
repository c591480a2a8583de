import { assertEquals } from "@std/assert";
import { promptScopeOfOrder, promptScopeOfUser } from "../../../../domain/prompts/scope.ts";

Deno.test("prompt scope: demo users edit the demo scope; admins, even on DEMO_EMAILS too, the live one", () => {
  assertEquals(promptScopeOfUser({ role: "user", isDemo: true }), "demo");
  assertEquals(promptScopeOfUser({ role: "admin", isDemo: false }), "live");
  assertEquals(promptScopeOfUser({ role: "admin", isDemo: true }), "live");
  assertEquals(promptScopeOfUser({ role: "user", isDemo: false }), "live");
});

Deno.test("prompt scope: only a demo user's unpaid order uses the demo scope", () => {
  assertEquals(promptScopeOfOrder({ payment: { kind: "demo" } }), "demo");
  assertEquals(
    promptScopeOfOrder({
      payment: { kind: "checkout", sessionId: "cs_test_1", provider: "stripe", amountPaid: 2499 },
    }),
    "live",
  );
  assertEquals(promptScopeOfOrder({ payment: { kind: "manual", createdBy: "boss@example.com" } }), "live");
});
