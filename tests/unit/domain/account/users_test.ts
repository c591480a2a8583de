import { assertEquals } from "@std/assert";
import { accessFor } from "../../../../domain/account/users.ts";
import { testConfig } from "../../../helpers.ts";

Deno.test("roles come from ADMIN_EMAILS and DEMO_EMAILS, compared normalised", () => {
  const config = testConfig({ ADMIN_EMAILS: " Boss@Example.com ,x@y.z", DEMO_EMAILS: "DEMO@example.com" });
  assertEquals(accessFor("boss@example.com", config), { role: "admin", isDemo: false });
  assertEquals(accessFor("demo@example.com", config), { role: "user", isDemo: true });
  assertEquals(accessFor("someone@example.com", config), { role: "user", isDemo: false });
});
