import { Hono } from "hono";
import type { ReactNode } from "react";
import { PageShell } from "../components/PageShell.tsx";
import { LINK_CLASS } from "../components/ui.ts";
import { type DevMail, listDevMail } from "../kv/dev_mail.ts";
import type { AppEnv } from "./request_context.ts";
import { thisMachineOnly } from "./middleware/this_machine_only.ts";
import { renderPage } from "./render.tsx";

/**
 * /dev/mailbox: the mail the dev mailbox kept instead of sending, newest first, so a developer (and
 * the end-to-end tests) can click a sign-in or song link. createApp mounts this router only when the
 * dev mailbox is the mailer, which production never allows, and even then it answers only this
 * machine (a public app without APP_ENV is production: domain/config.ts).
 */
export const devMailbox = new Hono<AppEnv>();

devMailbox.use("/dev/mailbox", thisMachineOnly);

devMailbox.get("/dev/mailbox", async (c) => {
  const mail = await listDevMail(c.var.deps.kv);
  return renderPage(
    c,
    <PageShell
      title="Dev Mailbox"
      lead="Mail the app sent in development, newest first. This page is not mounted in production, which sends real email."
    >
      {mail.length === 0
        ? (
          <p className="text-slate-600">
            No mail yet. Sign-in links and song emails sent in development appear here.
          </p>
        )
        : (
          <ol className="grid gap-6 text-left">
            {mail.map((message) => (
              <li key={message.id}>
                <MailCard mail={message} />
              </li>
            ))}
          </ol>
        )}
    </PageShell>,
    { title: "Dev Mailbox", noindex: true },
  );
});

function MailCard({ mail }: { mail: DevMail }) {
  const links = linksIn(mail.html);
  const headingId = `mail-${mail.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-mail-id={mail.id}
      data-mail-to={mail.to}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <header className="grid gap-2">
        <h2 id={headingId} className="text-lg font-bold text-slate-900 break-words">{mail.subject}</h2>
        <dl className="grid gap-1 text-sm text-slate-600">
          <MailField label="To">{mail.to}</MailField>
          <MailField label="From">{mail.from}</MailField>
          <MailField label="Sent">
            <time dateTime={mail.sentAt}>{mail.sentAt.slice(0, 19).replace("T", " ")} UTC</time>
          </MailField>
        </dl>
      </header>
      <section className="grid gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Links</h3>
        {links.length === 0
          ? <p className="text-sm text-slate-600">This message has no web links.</p>
          : (
            <ul data-mail-links="" className="grid gap-1 text-sm">
              {links.map((href) => (
                <li key={href}>
                  {/* The visible text is the URL itself: what the developer checks, and what tests click. */}
                  <a href={href} className={`${LINK_CLASS} break-all`}>{href}</a>
                </li>
              ))}
            </ul>
          )}
      </section>
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-violet-700">Plain text</summary>
        <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-4 text-sm text-slate-800">
          {mail.text}
        </pre>
      </details>
      {
        /* An empty sandbox runs no script and follows no link, whatever the message contains; the
          page's CSP still applies inside, which is fine because emails style inline only. */
      }
      <iframe
        sandbox=""
        srcDoc={mail.html}
        title={`HTML version of "${mail.subject}"`}
        loading="lazy"
        className="h-[36rem] w-full rounded-lg border border-slate-200 bg-white"
      />
    </article>
  );
}

function MailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="w-12 shrink-0 font-semibold text-slate-900">{label}</dt>
      <dd className="min-w-0 break-all">{children}</dd>
    </div>
  );
}

const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** Every distinct http(s) link in a message's HTML, in order, with entities decoded (`&amp;` → `&`). */
export function linksIn(html: string): string[] {
  const links = new Set<string>();
  for (const match of html.matchAll(HREF)) {
    const href = decodeEntities((match[1] ?? match[2] ?? match[3]).trim());
    if (/^https?:\/\//i.test(href)) links.add(href);
  }
  return [...links];
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== "#") return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
