import { createTransport } from "nodemailer";
import { MailDeliveryError, type Mailer } from "./mod.ts";

/**
 * nodemailer's defaults wait two minutes to connect and ten for a stalled socket; a sign-in request
 * or a delivery job would hang that long on a dead host. These fail it in about ten seconds. Query
 * parameters of SMTP_URL (e.g. `?connectionTimeout=5000`) still win, as nodemailer merges the URL
 * over the other options.
 */
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const;

/**
 * Real delivery through nodemailer. `smtp://` connects in plain text and upgrades with STARTTLS when
 * the server offers it; `smtps://` speaks TLS from the start. Credentials and TLS options come from
 * the URL (`smtp://user:pass@host:587?tls.rejectUnauthorized=false`), parsed by nodemailer itself.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // One connection per message: mail is rare here (a sign-in, a delivery), and nothing stays open
  // between messages to time out or to hold the process. `?pool=true` in the URL turns pooling on.
  const transport = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  const server = describeServer(smtpUrl);
  return {
    kind: "smtp",
    async send({ to, subject, html, text, messageId }) {
      try {
        const info = await transport.sendMail({ from, to, subject, html, text, messageId });
        return { messageId: info.messageId };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new MailDeliveryError(`Sending mail through SMTP at ${server} failed: ${reason}`, {
          cause: error,
        });
      }
    },
    close() {
      transport.close();
    },
  };
}

/** `host:port` for messages: the URL itself may carry a password. */
function describeServer(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return url.port ? `${url.hostname}:${url.port}` : url.hostname;
}
