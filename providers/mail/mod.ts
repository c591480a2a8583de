/**
 * Outgoing email. Two implementations: SMTP through nodemailer (production and anywhere SMTP_URL is
 * set) and the dev mailbox, which keeps mail in KV for /dev/mailbox so a developer can click links.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * A Message-ID fixed before sending (`<unique@domain>`). A job that must send once sets it, so a
   * resend after a crash between sending and recording carries the same id and mail systems show
   * the message once (the dev mailbox keeps one copy per id, as Gmail does).
   */
  messageId?: string;
}

export interface SentMail {
  /** The id the transport gave the message (SMTP Message-ID, or the mailbox entry's id). */
  messageId: string;
}

export interface Mailer {
  /** "dev-mailbox" mounts /dev/mailbox; any other kind means real delivery. */
  readonly kind: "smtp" | "dev-mailbox";
  /** Sends one message or throws MailDeliveryError; a failure is never swallowed. */
  send(mail: OutgoingMail): Promise<SentMail>;
  /** Releases connections (SMTP pool); safe to call twice. */
  close(): void;
}

/** The transport refused or could not deliver the message. */
export class MailDeliveryError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "MailDeliveryError";
  }
}
