import { randomHex } from "../domain/account/tokens.ts";
import { keys } from "./keys.ts";

/** A message the dev mailbox kept instead of sending, as /dev/mailbox shows it. */
export interface DevMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** ISO 8601. */
  sentAt: string;
}

/** Development mail is for clicking a link now, not for keeping. */
export const DEV_MAIL_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Character limits that keep a stored message under Deno KV's 64 KiB value limit. KV serialises a
 * string with any non-Latin-1 character (an emoji, a name in Cyrillic) at two bytes per character,
 * so the worst case is 2 × (18,000 + 8,000 + 3 × 500) bytes ≈ 55 KB.
 */
const LIMITS = { html: 18_000, text: 8_000, short: 500 } as const;

/**
 * A key that sorts by time: zero-padded milliseconds, then a per-process sequence so messages sent
 * in the same millisecond (or under a test's frozen clock) keep their order, then a random tail so
 * two processes never collide.
 */
export function devMailId(sentAt: number, sequence: number): string {
  return `${String(sentAt).padStart(15, "0")}-${String(sequence).padStart(8, "0")}-${randomHex()}`;
}

export async function saveDevMail(kv: Deno.Kv, mail: DevMail): Promise<void> {
  await kv.set(keys.devMail(mail.id), fitted(mail), { expireIn: DEV_MAIL_TTL_MS });
}

/** Keeps one copy per Message-ID, as a real inbox shows a resent message once. */
export async function saveDevMailOnce(kv: Deno.Kv, mail: DevMail, messageId: string): Promise<void> {
  const seen = keys.devMailByMessageId(messageId);
  await kv.atomic().check({ key: seen, versionstamp: null })
    .set(seen, mail.id, { expireIn: DEV_MAIL_TTL_MS })
    .set(keys.devMail(mail.id), fitted(mail), { expireIn: DEV_MAIL_TTL_MS })
    .commit();
}

function fitted(mail: DevMail): DevMail {
  return {
    ...mail,
    from: cut(mail.from, LIMITS.short),
    to: cut(mail.to, LIMITS.short),
    subject: cut(mail.subject, LIMITS.short),
    html: truncateHtml(mail.html, LIMITS.html),
    text: truncateText(mail.text, LIMITS.text),
  };
}

/** The latest messages, newest first (ids sort by time). */
export async function listDevMail(kv: Deno.Kv, limit = 50): Promise<DevMail[]> {
  const mail: DevMail[] = [];
  for await (const entry of kv.list<DevMail>({ prefix: keys.devMailbox() }, { reverse: true, limit })) {
    mail.push(entry.value);
  }
  return mail;
}

export async function getDevMail(kv: Deno.Kv, id: string): Promise<DevMail | null> {
  return (await kv.get<DevMail>(keys.devMail(id))).value;
}

function truncateText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n\n[Dev mailbox: cut from ${text.length} characters to fit in Deno KV.]`;
}

function truncateHtml(html: string, limit: number): string {
  if (html.length <= limit) return html;
  // Cut before the last tag that starts in range, so the note is not swallowed by half a tag.
  const tagStart = html.lastIndexOf("<", limit);
  const kept = html.slice(0, tagStart > 0 ? tagStart : limit);
  return `${kept}<p style="padding:12px;background:#fef3c7;color:#78350f;font-family:sans-serif">` +
    `[Dev mailbox: cut from ${html.length} characters to fit in Deno KV.]</p>`;
}

function cut(value: string, limit: number): string {
  return value.length <= limit ? value : `${value.slice(0, limit - 1)}…`;
}
