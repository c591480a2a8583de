/**
 * A real SMTP server on loopback that keeps what it receives, so tests drive the production SMTP
 * client (nodemailer) end to end: connection, TLS, AUTH, envelope, MIME encoding.
 *
 *   await using sink = await startSmtpSink({ security: "starttls", auth: { user: "u", pass: "p" } });
 *   const mailer = createSmtpMailer(sink.url, "Little Hits <songs@littlehits.studio>");
 *   await mailer.send(...);
 *   const mail = await sink.waitForMessage();
 */
import { simpleParser as untypedSimpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * - `plain`: no TLS at all (STARTTLS is not offered);
 * - `starttls`: plain connection, STARTTLS offered (nodemailer upgrades on its own);
 * - `tls`: TLS from the first byte, for `smtps://`.
 */
export type SmtpSinkSecurity = "plain" | "starttls" | "tls";

export interface SmtpSinkOptions {
  security?: SmtpSinkSecurity;
  /** Require AUTH with these credentials; without it the sink accepts anyone. */
  auth?: { user: string; pass: string };
  /** Recipients the sink refuses with `550`, as a real server refuses an unknown mailbox. */
  rejectRecipients?: readonly string[];
}

export interface ReceivedMail {
  /** What the client said in MAIL FROM / RCPT TO. */
  envelope: { from: string; to: string[] };
  /** The From and To headers as written. */
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The Message-ID header, angle brackets included (as nodemailer reports it). */
  messageId: string;
  /** Whether the message travelled over TLS (implicit or after STARTTLS). */
  secure: boolean;
  /** The user that authenticated, if any. */
  user?: string;
}

/** The part of mailparser's result read here; the package ships no types of its own. */
interface ParsedMail {
  from?: { text: string };
  to?: { text: string } | { text: string }[];
  subject?: string;
  html: string | false;
  text?: string;
  messageId?: string;
}
const simpleParser: (source: NodeJS.ReadableStream) => Promise<ParsedMail> = untypedSimpleParser;

// A committed, test-only pair; tests/fakes/tls/README.md says why it is not generated per run.
const TLS_DIR = new URL("./tls/", import.meta.url);
const tlsKeyPair = () => ({
  key: Deno.readTextFileSync(new URL("localhost-test-only.key", TLS_DIR)),
  cert: Deno.readTextFileSync(new URL("localhost-test-only.crt", TLS_DIR)),
});

export async function startSmtpSink(options: SmtpSinkOptions = {}) {
  const security = options.security ?? "plain";
  const messages: ReceivedMail[] = [];
  const waiting = new Map<number, (mail: ReceivedMail) => void>();
  let handedOut = 0;

  const disabledCommands = [];
  if (security === "plain") disabledCommands.push("STARTTLS");
  if (!options.auth) disabledCommands.push("AUTH");

  const server = new SMTPServer({
    ...(security === "plain" ? {} : tlsKeyPair()),
    secure: security === "tls",
    logger: false,
    disabledCommands,
    authOptional: !options.auth,
    // The plain-text case must still carry credentials, as a submission port on a private network may.
    allowInsecureAuth: true,
    // Connections a test left open are cut after a second instead of smtp-server's thirty.
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      const { user, pass } = options.auth ?? {};
      if (auth.username === user && auth.password === pass) return callback(null, { user });
      callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (!options.rejectRecipients?.includes(address.address)) return callback();
      callback(Object.assign(new Error(`Mailbox unavailable: ${address.address}`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      // Parsed before answering, so by the time the client's send resolves the message is here.
      simpleParser(stream).then((parsed) => {
        const mail: ReceivedMail = {
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          },
          from: parsed.from?.text ?? "",
          to: [parsed.to ?? []].flat().map((address) => address.text).join(", "),
          subject: parsed.subject ?? "",
          html: parsed.html || "",
          text: parsed.text ?? "",
          messageId: parsed.messageId ?? "",
          secure: session.secure,
          user: typeof session.user === "string" ? session.user : undefined,
        };
        messages.push(mail);
        waiting.get(messages.length - 1)?.(mail);
        callback();
      }, callback);
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as { port: number };

  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : "";
  // The certificate is self-signed, so a client that sees it must be told to accept it.
  const query = security === "plain" ? "" : "?tls.rejectUnauthorized=false";
  const scheme = security === "tls" ? "smtps" : "smtp";

  return {
    /** An SMTP_URL that reaches this sink. */
    url: `${scheme}://${credentials}127.0.0.1:${port}${query}`,
    port,
    messages,
    /** The next message not yet handed out by this function, waiting for it if need be. */
    waitForMessage(timeoutMs = 5_000): Promise<ReceivedMail> {
      const index = handedOut++;
      if (messages[index]) return Promise.resolve(messages[index]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(index);
          reject(new Error(`The SMTP sink received no message #${index + 1} within ${timeoutMs} ms.`));
        }, timeoutMs);
        waiting.set(index, (mail) => {
          clearTimeout(timer);
          waiting.delete(index);
          resolve(mail);
        });
      });
    },
    async [Symbol.asyncDispose]() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
