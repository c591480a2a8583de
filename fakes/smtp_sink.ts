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
import type { Socket } from "node:net";
import { SMTPServer, type SMTPServerSession as SMTPSession } from "smtp-server";
import { seededRandom } from "./loopback.ts";

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
  /** Seeds the draws of `setFaults`, so a run's faults can be replayed. */
  seed?: number;
  /** How long the sink takes to accept each message, as a busy provider does. */
  acceptDelayMs?: number;
}

/**
 * How the sink fails a message, always before it accepts it (so the client is right to send again):
 * - `{ stage: "rcpt", code }`: a temporary refusal of the recipient (e.g. 451 greylisting, 452 full);
 * - `{ stage: "data", code }`: the message read, then refused (e.g. 421 shutting down, 451 local error);
 * - `timeout`: the message read and never answered, until the client gives up (its socket timeout);
 * - `reset`: the connection cut after the message was read, before any answer.
 * A message the server accepted but whose "250" the client never saw is not among them: that is the one
 * case no client can rule out (it resends with the same Message-ID), so a run that counts duplicates
 * would be counting its own injection.
 */
export type SmtpFault =
  | { stage: "rcpt" | "data"; code: 421 | 450 | 451 | 452 }
  | "timeout"
  | "reset";

export const DEFAULT_SMTP_FAULTS: readonly SmtpFault[] = [
  { stage: "rcpt", code: 451 },
  { stage: "rcpt", code: 452 },
  { stage: "data", code: 421 },
  { stage: "data", code: 451 },
  "timeout",
  "reset",
];

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

// A committed, test-only pair; fakes/tls/README.md says why it is not generated per run.
const TLS_DIR = new URL("./tls/", import.meta.url);
const tlsKeyPair = () => ({
  key: Deno.readTextFileSync(new URL("localhost-test-only.key", TLS_DIR)),
  cert: Deno.readTextFileSync(new URL("localhost-test-only.crt", TLS_DIR)),
});

export async function startSmtpSink(options: SmtpSinkOptions = {}) {
  const security = options.security ?? "plain";
  const messages: ReceivedMail[] = [];
  const random = seededRandom(options.seed ?? 1);
  let faults = { rate: 0, kinds: DEFAULT_SMTP_FAULTS };
  /** Every fault injected, with the recipients of the message it hit. */
  const injected: { fault: SmtpFault; to: string[] }[] = [];
  /** Each transaction's fault, drawn once at its first recipient. */
  const faultOf = new Map<string, SmtpFault | null>();
  /** Open connections by the client's port, so a `reset` can cut one. */
  const sockets = new Map<number, Socket>();
  /** Messages being received (from DATA to the answer) now, and the most at once. */
  let receiving = 0;
  let peakReceiving = 0;
  const draw = (session: SMTPSession): SmtpFault | null => {
    const transaction = transactionOf(session);
    if (!faultOf.has(transaction)) {
      const fault = faults.rate > 0 && random() < faults.rate
        ? faults.kinds[Math.floor(random() * faults.kinds.length)]
        : null;
      faultOf.set(transaction, fault);
    }
    return faultOf.get(transaction)!;
  };
  const inject = (fault: SmtpFault, session: SMTPSession, to: string[]) => {
    injected.push({ fault, to });
    faultOf.set(transactionOf(session), null);
  };
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
    onRcptTo(address, session, callback) {
      const fault = draw(session);
      if (fault && typeof fault === "object" && fault.stage === "rcpt") {
        inject(fault, session, [address.address]);
        return callback(refusal(fault.code, "Try again later (injected)"));
      }
      if (!options.rejectRecipients?.includes(address.address)) return callback();
      callback(Object.assign(new Error(`Mailbox unavailable: ${address.address}`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const fault = draw(session);
      if (fault) {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        inject(fault, session, to);
        // The message is read to its end either way, as a server reads it before it decides.
        stream.on("end", () => {
          if (fault === "reset") sockets.get(session.remotePort)?.destroy();
          else if (typeof fault === "object") callback(refusal(fault.code, "Local error (injected)"));
          // "timeout": no answer at all; the client's socket timeout ends it.
        });
        stream.resume();
        return;
      }
      peakReceiving = Math.max(peakReceiving, ++receiving);
      const answer = (error?: Error) => {
        receiving--;
        callback(error);
      };
      // Parsed before answering, so by the time the client's send resolves the message is here.
      simpleParser(stream).then(async (parsed) => {
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
        if (options.acceptDelayMs) await new Promise((resolve) => setTimeout(resolve, options.acceptDelayMs));
        messages.push(mail);
        waiting.get(messages.length - 1)?.(mail);
        answer();
      }, answer);
    },
  });

  server.server.on("connection", (socket: Socket) => {
    const port = socket.remotePort;
    if (port === undefined) return;
    sockets.set(port, socket);
    socket.once("close", () => sockets.delete(port));
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
    injected,
    /** The most messages the sink was receiving at once: how many a client sends in parallel. */
    get peakReceiving() {
      return peakReceiving;
    },
    /**
     * From now on, fails this share of messages (0 stops) with a fault drawn from `kinds`. Off at the
     * start, so a run can sign its staff in before the weather turns.
     */
    setFaults(rate: number, kinds: readonly SmtpFault[] = DEFAULT_SMTP_FAULTS) {
      faults = { rate, kinds };
    },
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
      // A connection held by a "timeout" would otherwise keep the server open until its client gives up.
      for (const socket of sockets.values()) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** smtp-server numbers the transactions of a connection (not in its types): one message each. */
function transactionOf(session: SMTPSession): string {
  return `${session.id}:${(session as SMTPSession & { transaction?: number }).transaction ?? 0}`;
}

function refusal(code: number, text: string) {
  return Object.assign(new Error(text), { responseCode: code });
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
