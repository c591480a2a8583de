import { assert, assertEquals, assertStringIncludes, assertThrows } from "@std/assert";
import { html, raw, SafeHtml } from "../../../../domain/email/html.ts";
import { renderEmail } from "../../../../domain/email/layout.ts";
import { signInEmail } from "../../../../domain/email/sign_in.ts";

const HOSTILE = `<script>alert("hi")</script> & 'Tom'`;
const HOSTILE_ESCAPED = "&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &#39;Tom&#39;";

Deno.test("html escapes every interpolated value, in text and in attributes", () => {
  assertEquals(
    html`<p title="${HOSTILE}">${HOSTILE}</p>`.toString(),
    `<p title="${HOSTILE_ESCAPED}">${HOSTILE_ESCAPED}</p>`,
  );
  assertEquals(html`<b>${42}</b>`.toString(), "<b>42</b>");
});

Deno.test("html keeps its own markup and raw(): nested templates, arrays, and nothing for empty values", () => {
  const items = ["a&b", "<c>"].map((item) => html`<li>${item}</li>`);
  assertEquals(html`<ul>${items}</ul>`.toString(), "<ul><li>a&amp;b</li><li>&lt;c&gt;</li></ul>");
  assertEquals(html`${raw("&nbsp;")}`.toString(), "&nbsp;");
  assertEquals(html`[${null}${undefined}${false}]`.toString(), "[]");
  assertEquals(html`${["<", html`<i>`]}`.toString(), "&lt;<i>");
});

Deno.test("only html and raw make safe markup: look-alikes are escaped, the class cannot be built", () => {
  const lookAlike = { toString: () => "<b>bold</b>" } as unknown as SafeHtml;
  assertEquals(html`${lookAlike}`.toString(), "&lt;b&gt;bold&lt;/b&gt;");
  const forged = Symbol("SafeHtml") as never;
  assertThrows(() => new SafeHtml("<b>", forged), TypeError);
});

Deno.test("renderEmail escapes every value and keeps to what email clients render", () => {
  const link = `https://littlehits.studio/u/1?t=a&b="x"`;
  const email = renderEmail({
    preheader: HOSTILE,
    heading: HOSTILE,
    paragraphs: [HOSTILE, "Second"],
    button: { label: HOSTILE, href: link },
    footnote: HOSTILE,
  });
  assert(!email.html.includes("<script"), "no script, not even escaped into existence");
  // preheader, title, aria-label, heading, paragraph, button label, footnote
  assertEquals(email.html.split(HOSTILE_ESCAPED).length - 1, 7);
  assertStringIncludes(email.html, `href="https://littlehits.studio/u/1?t=a&amp;b=&quot;x&quot;"`);
  for (const absent of ["<style", "<img", "<script", "<link", "src="]) {
    assert(!email.html.includes(absent), absent);
  }
  assertStringIncludes(email.html, "max-width:560px");
  assertStringIncludes(email.html, "#7c3aed");
  assertStringIncludes(email.html, `href="mailto:support@littlehits.studio"`);
  assertStringIncludes(email.html, "Little Hits");
});

Deno.test("the plain-text version has the same words and the link on a line of its own", () => {
  const email = renderEmail({
    preheader: "Preview",
    heading: "Your song is ready",
    paragraphs: ["Mia's song & more."],
    button: { label: "Open", href: "https://littlehits.studio/u/1?t=a&b=c" },
    footnote: "Small print.",
  });
  const lines = email.text.split("\n");
  assertEquals(lines[0], "Your song is ready");
  assert(lines.includes("Mia's song & more."), "text is not escaped");
  assert(lines.includes("https://littlehits.studio/u/1?t=a&b=c"), "the link stands alone on its line");
  assert(lines.includes("Small print."));
  assertStringIncludes(email.text, "support@littlehits.studio");
});

Deno.test("a button must link to the web: javascript: and relative links are refused", () => {
  for (const href of ["javascript:alert(1)", "/relative", "data:text/html,hi"]) {
    assertThrows(
      () => renderEmail({ preheader: "", heading: "", paragraphs: [], button: { label: "Go", href } }),
      TypeError,
      undefined,
      href,
    );
  }
});

Deno.test("the sign-in email: subject, link, expiry, single use, and what to do if unexpected", () => {
  const link = "http://localhost:8000/auth/verify?t=abc&x=1";
  const email = signInEmail({ link, expiresInMinutes: 15 });
  assertEquals(email.subject, "Your Little Hits sign-in link");
  assert(email.text.split("\n").includes(link));
  assertStringIncludes(email.text, "expires in 15 minutes and works once");
  assertStringIncludes(email.text, "If you didn't ask for this email, you can ignore it");
  assertStringIncludes(email.html, `href="http://localhost:8000/auth/verify?t=abc&amp;x=1"`);
  assertStringIncludes(email.html, ">Sign in to Little Hits</a>");
  assertStringIncludes(email.html, "15 minutes");
  assertStringIncludes(signInEmail({ link, expiresInMinutes: 1 }).text, "expires in 1 minute and");
});
