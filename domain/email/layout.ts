import { SITE_NAME, SUPPORT_EMAIL } from "../site/site.ts";
import { html, raw } from "./html.ts";

/**
 * The one shape every email of the shop takes: a wordmark, a white card with a heading, a few
 * paragraphs, at most one call to action, and a footer with the support address.
 *
 * Email clients are not browsers: Gmail drops <style> blocks in many views, Outlook ignores most
 * layout CSS, and images are blocked by default. So the markup is plain block elements with inline
 * styles only, no images and no scripts, and it still reads well where styles are stripped.
 */
export interface EmailContent {
  /** The preview line inboxes show after the subject; hidden in the message itself. */
  preheader: string;
  heading: string;
  paragraphs: readonly string[];
  button?: EmailButton;
  /** Small print under the button, such as "if you didn't ask for this, ignore it". */
  footnote?: string;
  /** Small print after the footnote: where to turn if something is wrong. */
  help?: string;
}

export interface EmailButton {
  label: string;
  /** An absolute http(s) link: the one thing the reader is meant to do. */
  href: string;
}

export interface RenderedEmail {
  html: string;
  text: string;
}

/** A rendered email with its subject line: everything but the recipient. */
export interface ComposedEmail extends RenderedEmail {
  subject: string;
}

const BRAND = "#7c3aed";
const INK = "#1e293b";
const MUTED = "#64748b";
const PAGE = "#f5f3ff";
const FONT = "-apple-system,BlinkMacSystemFont,Segoe UI,Roboto,Helvetica,Arial,sans-serif";

/** Inline styles, named by what they dress. Constants: interpolating them escapes nothing of note. */
const STYLE = {
  body: `margin:0;padding:0;background-color:${PAGE};`,
  // Hidden in the message but read by inboxes as the preview line.
  preheader:
    `display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:${PAGE};`,
  frame: `max-width:560px;margin:0 auto;padding:32px 16px;font-family:${FONT};color:${INK};`,
  wordmark: `margin:0 0 20px;font-size:22px;font-weight:800;color:${BRAND};`,
  card: "background-color:#ffffff;border:1px solid #ede9fe;border-radius:16px;padding:32px 28px;",
  heading: `margin:0 0 16px;font-size:24px;line-height:1.3;font-weight:800;color:${INK};`,
  paragraph: `margin:0 0 16px;font-size:16px;line-height:1.6;color:${INK};`,
  buttonRow: "margin:28px 0;text-align:center;",
  button:
    `display:inline-block;padding:16px 32px;border-radius:9999px;background-color:${BRAND};border:1px solid ${BRAND};color:#ffffff;font-size:16px;font-weight:700;line-height:1.2;text-decoration:none;`,
  fallback: `margin:0;font-size:13px;line-height:1.5;color:${MUTED};`,
  fallbackLink: `color:${BRAND};word-break:break-all;`,
  footnote: `margin:24px 0 0;font-size:14px;line-height:1.5;color:${MUTED};`,
  footer: `margin:24px 0 0;font-size:13px;line-height:1.5;color:${MUTED};text-align:center;`,
  link: `color:${BRAND};`,
} as const;

// Inboxes fill the preview with whatever text follows the preheader; invisible padding keeps the
// heading and paragraphs out of it.
const PREHEADER_PADDING = raw("&#847;&zwnj;&nbsp;".repeat(24));

export function renderEmail(content: EmailContent): RenderedEmail {
  if (content.button) assertWebLink(content.button.href);
  return { html: renderHtml(content).toString(), text: renderText(content) };
}

function renderHtml({ preheader, heading, paragraphs, button, footnote, help }: EmailContent) {
  return html`<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light">
    <meta name="supported-color-schemes" content="light">
    <title>${heading}</title>
  </head>
  <body style="${STYLE.body}">
    <div style="${STYLE.preheader}">${preheader}${PREHEADER_PADDING}</div>
    <div role="article" aria-label="${heading}" style="${STYLE.frame}">
      <p style="${STYLE.wordmark}">${SITE_NAME}</p>
      <div style="${STYLE.card}">
        <h1 style="${STYLE.heading}">${heading}</h1>
        ${paragraphs.map((paragraph) => html`<p style="${STYLE.paragraph}">${paragraph}</p>`)}
        ${button && renderButton(button)}
        ${footnote && html`<p style="${STYLE.footnote}">${footnote}</p>`}
        ${help && html`<p style="${STYLE.footnote}">${help}</p>`}
      </div>
      <p style="${STYLE.footer}">
        Questions? Write to <a href="mailto:${SUPPORT_EMAIL}" style="${STYLE.link}">${SUPPORT_EMAIL}</a>.<br>
        ${SITE_NAME} · personalized songs for kids
      </p>
    </div>
  </body>
</html>`;
}

function renderButton({ label, href }: EmailButton) {
  // A padded inline-block link is the button most clients draw; the same link as text follows for
  // clients that draw it badly and for readers who would rather copy it.
  return html`<p style="${STYLE.buttonRow}"><a href="${href}" style="${STYLE.button}">${label}</a></p>
<p style="${STYLE.fallback}">
  Button not working? Copy this link into your browser:<br>
  <a href="${href}" style="${STYLE.fallbackLink}">${href}</a>
</p>`;
}

/** The same message for plain-text clients, with the link on a line of its own so it stays clickable. */
function renderText({ heading, paragraphs, button, footnote, help }: EmailContent): string {
  const blocks = [heading, ...paragraphs];
  if (button) blocks.push(`${button.label}:\n${button.href}`);
  if (footnote) blocks.push(footnote);
  if (help) blocks.push(help);
  blocks.push(`--\n${SITE_NAME}\nQuestions? Write to ${SUPPORT_EMAIL}`);
  return blocks.join("\n\n") + "\n";
}

/** Escaping cannot make a `javascript:` link safe, so only web links may become buttons. */
function assertWebLink(href: string) {
  if (!URL.canParse(href) || !/^https?:$/.test(new URL(href).protocol)) {
    throw new TypeError(`An email button must link to an http(s) URL (got "${href}").`);
  }
}
