import { assert, assertEquals, assertMatch, assertRejects, assertStringIncludes } from "@std/assert";
import { signInEmail } from "../../../domain/email/sign_in.ts";
import { MailDeliveryError, type Mailer, type OutgoingMail } from "../../../providers/mail/mod.ts";
import { createSmtpMailer } from "../../../providers/mail/smtp.ts";
import { type SmtpSinkOptions, startSmtpSink } from "../../../fakes/smtp_sink.ts";

const FROM = "Little Hits <songs@littlehits.studio>";
const LINK = "http://localhost:8000/auth/verify?t=tok_123&next=%2Fmy-songs";

function signInMail(to = "ann@example.com"): OutgoingMail {
  return { to, ...signInEmail({ link: LINK, expiresInMinutes: 15 }) };
}

/** Runs `fn` with a real nodemailer transport, closing it whatever happens. */
async function withMailer<T>(url: string, fn: (mailer: Mailer) => Promise<T>): Promise<T> {
  const mailer = createSmtpMailer(url, FROM);
  try {
    return await fn(mailer);
  } finally {
    mailer.close();
  }
}

async function sendThrough(options: SmtpSinkOptions) {
  await using sink = await startSmtpSink(options);
  const mail = signInMail();
  const sent = await withMailer(sink.url, (mailer) => mailer.send(mail));
  return { mail, sent, received: await sink.waitForMessage() };
}

Deno.test("smtp:// with user:pass delivers the message as composed", async () => {
  const { mail, sent, received } = await sendThrough({
    security: "plain",
    auth: { user: "mailer", pass: "s3cret:/@" },
  });
  assertEquals(received.user, "mailer");
  assertEquals(received.secure, false);
  assertEquals(received.envelope, { from: "songs@littlehits.studio", to: ["ann@example.com"] });
  assertEquals(received.from, `"Little Hits" <songs@littlehits.studio>`);
  assertEquals(received.to, "ann@example.com");
  assertEquals(received.subject, "Your Little Hits sign-in link");
  assertEquals(received.html.trim(), mail.html.trim());
  assertEquals(received.text.trim(), mail.text.trim());
  assertStringIncludes(received.text, LINK);
  assertMatch(sent.messageId, /^<.+@.+>$/);
  assertEquals(received.messageId, sent.messageId);
});

Deno.test("smtps:// speaks TLS from the first byte", async () => {
  const { sent, received } = await sendThrough({ security: "tls", auth: { user: "u", pass: "p" } });
  assertEquals(received.secure, true);
  assertEquals(received.user, "u");
  assertEquals(received.messageId, sent.messageId);
  assertEquals(received.subject, "Your Little Hits sign-in link");
});

Deno.test("smtp:// upgrades with STARTTLS when the server offers it", async () => {
  const { sent, received } = await sendThrough({ security: "starttls" });
  assertEquals(received.secure, true);
  assertEquals(received.user, undefined);
  assertEquals(received.messageId, sent.messageId);
});

Deno.test("a self-signed certificate is refused unless the URL says to accept it", async () => {
  await using sink = await startSmtpSink({ security: "tls" });
  const strictUrl = sink.url.replace("?tls.rejectUnauthorized=false", "");
  await withMailer(strictUrl, async (mailer) => {
    await assertRejects(() => mailer.send(signInMail()), MailDeliveryError);
  });
  assertEquals(sink.messages, []);
});

Deno.test("a wrong password is a MailDeliveryError that does not repeat the password", async () => {
  await using sink = await startSmtpSink({ auth: { user: "mailer", pass: "right" } });
  const wrongUrl = sink.url.replace(":right@", ":wrong-pass@");
  await withMailer(wrongUrl, async (mailer) => {
    const error = await assertRejects(() => mailer.send(signInMail()), MailDeliveryError);
    assertStringIncludes(error.message, `127.0.0.1:${sink.port}`);
    assert(!error.message.includes("wrong-pass"), error.message);
    assert(error.cause instanceof Error);
  });
  assertEquals(sink.messages, []);
});

Deno.test("a refused recipient is a MailDeliveryError, at once", async () => {
  await using sink = await startSmtpSink({ rejectRecipients: ["nobody@example.com"] });
  await withMailer(sink.url, async (mailer) => {
    // The server's own refusal, not a timeout: nothing is waited for.
    const error = await assertRejects(() => mailer.send(signInMail("nobody@example.com")), MailDeliveryError);
    assertStringIncludes(error.message, "550");
    // The same transport still delivers to a good address afterwards.
    await mailer.send(signInMail("ann@example.com"));
    mailer.close(); // closing twice (here and in withMailer) is harmless
  });
  assertEquals(sink.messages.map((mail) => mail.to), ["ann@example.com"]);
});

Deno.test("a closed port is a MailDeliveryError, at once", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  await withMailer(`smtp://127.0.0.1:${port}`, async (mailer) => {
    const error = await assertRejects(() => mailer.send(signInMail()), MailDeliveryError);
    assertStringIncludes(error.message, `127.0.0.1:${port}`);
    // Refused by the system at once, not given up on after the connection timeout.
    assertStringIncludes(error.message, "ECONNREFUSED");
  });
});

Deno.test("a server that never greets times out instead of hanging", async () => {
  // A TCP listener that accepts and says nothing: a wedged SMTP host. The URL shortens the wait
  // (nodemailer merges URL parameters over SMTP_TIMEOUTS) so the test does not take ten seconds.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const accepted: Deno.Conn[] = [];
  const accepting = (async () => {
    for await (const conn of listener) accepted.push(conn);
  })();
  try {
    const url = `smtp://127.0.0.1:${listener.addr.port}?greetingTimeout=300&connectionTimeout=300`;
    await withMailer(url, async (mailer) => {
      // Ended by the client's own greeting timer (from the URL), which the test waits for.
      const error = await assertRejects(() => mailer.send(signInMail()), MailDeliveryError);
      assertMatch(error.message, /greeting|timeout/i);
    });
  } finally {
    listener.close();
    await accepting;
    for (const conn of accepted) conn.close();
  }
});
