/**
 * The SMTP sink's injected faults (used by `deno task soak --scenarios=faults`) against the real
 * nodemailer client: each one is a MailDeliveryError for the sender and leaves nothing delivered, so a
 * retry that then succeeds is the one and only copy; and the same transport recovers afterwards.
 */
import { assertEquals, assertInstanceOf, assertRejects } from "@std/assert";
import { signInEmail } from "../../../domain/emails/sign_in.ts";
import { MailDeliveryError, type OutgoingMail } from "../../../providers/mail/mod.ts";
import { createSmtpMailer } from "../../../providers/mail/smtp.ts";
import { DEFAULT_SMTP_FAULTS, type SmtpFault, startSmtpSink } from "../../../fakes/smtp_sink.ts";

const FROM = "Little Hits <songs@littlehits.studio>";

function mail(to: string): OutgoingMail {
  return { to, ...signInEmail({ link: "http://localhost:8000/auth/verify?t=t", expiresInMinutes: 15 }) };
}

for (const fault of DEFAULT_SMTP_FAULTS) {
  const name = typeof fault === "string" ? fault : `${fault.code} at ${fault.stage}`;
  Deno.test(`an injected ${name} fails the send, delivers nothing, and the next send goes through`, async () => {
    await using sink = await startSmtpSink();
    // A short socket timeout (nodemailer reads it from the URL) so "timeout" ends in a second.
    const mailer = createSmtpMailer(`${sink.url}?socketTimeout=500`, FROM);
    try {
      sink.setFaults(1, [fault]);
      const error = await assertRejects(() => mailer.send(mail("ann@example.com")), MailDeliveryError);
      assertInstanceOf(error, MailDeliveryError);
      assertEquals(sink.messages.length, 0);
      assertEquals(sink.injected, [{ fault, to: ["ann@example.com"] }]);

      sink.setFaults(0);
      await mailer.send(mail("ann@example.com"));
      assertEquals(sink.messages.map((received) => received.envelope.to), [["ann@example.com"]]);
    } finally {
      mailer.close();
    }
  });
}

Deno.test("faults are drawn per message at the given rate, replayably from the seed", async () => {
  const run = async () => {
    await using sink = await startSmtpSink({ seed: 7 });
    const kinds: SmtpFault[] = [{ stage: "rcpt", code: 451 }, { stage: "data", code: 451 }];
    sink.setFaults(0.5, kinds);
    const mailer = createSmtpMailer(sink.url, FROM);
    const outcomes: string[] = [];
    try {
      for (let index = 0; index < 20; index++) {
        outcomes.push(await mailer.send(mail(`p${index}@example.com`)).then(() => "sent", () => "failed"));
      }
    } finally {
      mailer.close();
    }
    assertEquals(sink.messages.length, outcomes.filter((outcome) => outcome === "sent").length);
    assertEquals(sink.injected.length, outcomes.filter((outcome) => outcome === "failed").length);
    return outcomes;
  };
  const first = await run();
  assertEquals(await run(), first);
  const failed = first.filter((outcome) => outcome === "failed").length;
  // Seeded, so this is a fact about seed 7, not a flaky bound.
  assertEquals(failed > 3 && failed < 17, true, `${failed} of 20 failed`);
});
