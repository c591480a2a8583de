import { assertEquals, assertThrows } from "@std/assert";
import { StartupError } from "../../../../domain/errors.ts";
import { createMailer } from "../../../../providers/mail/select.ts";
import { testConfig } from "../../../helpers.ts";

Deno.test("SMTP_URL selects SMTP; without it, outside production, the dev mailbox", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const smtp = createMailer(testConfig({ SMTP_URL: "smtp://u:p@127.0.0.1:2525" }), kv);
    assertEquals(smtp.kind, "smtp");
    smtp.close();
    assertEquals(createMailer(testConfig(), kv).kind, "dev-mailbox");
    assertEquals(createMailer(testConfig({ APP_ENV: "development" }), kv).kind, "dev-mailbox");
  } finally {
    kv.close();
  }
});

Deno.test("production never falls back to the dev mailbox, even from a hand-built config", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const config = { ...testConfig(), env: "production" as const };
    assertThrows(() => createMailer(config, kv), StartupError, "SMTP_URL");
  } finally {
    kv.close();
  }
});
