import { devMailId, saveDevMail, saveDevMailOnce } from "../../kv/dev_mail.ts";
import { MailDeliveryError, type Mailer } from "./mod.ts";

/**
 * The local default for mail (ARCHITECTURE.md §3): nothing leaves the machine; each message is kept
 * in KV for a week and listed at /dev/mailbox, where a developer clicks the links.
 */
export function createDevMailbox(kv: Deno.Kv, from: string, now: () => number = Date.now): Mailer {
  let sequence = 0;
  return {
    kind: "dev-mailbox",
    async send({ to, subject, html, text, messageId }) {
      const sentAt = now();
      const id = devMailId(sentAt, sequence++);
      try {
        const mail = { id, from, to, subject, html, text, sentAt: new Date(sentAt).toISOString() };
        if (messageId) {
          await saveDevMailOnce(kv, mail, messageId);
          return { messageId };
        }
        await saveDevMail(kv, mail);
      } catch (error) {
        // Same contract as SMTP: callers handle one error type whichever mailer is configured.
        throw new MailDeliveryError(`The dev mailbox could not store the message: ${error}`, {
          cause: error,
        });
      }
      return { messageId: `<${id}@dev-mailbox.littlehits.local>` };
    },
    close() {},
  };
}
