import { assert, assertEquals, assertMatch, assertStringIncludes } from "@std/assert";
import { signInEmail } from "../../../domain/email/sign_in.ts";
import { DEV_MAIL_TTL_MS, getDevMail, listDevMail } from "../../../kv/dev_mail.ts";
import { createDevMailbox } from "../../../providers/mail/dev_mailbox.ts";
import type { OutgoingMail } from "../../../providers/mail/mod.ts";
import { linksIn } from "../../../routes/dev_mailbox.tsx";
import { createTestApp } from "../../helpers.ts";

const FROM = "Little Hits <songs@littlehits.studio>";
const START = Date.parse("2026-01-15T12:00:00Z");

function note(to: string, subject: string): OutgoingMail {
  return { to, subject, html: `<p>${subject}</p>`, text: subject };
}

async function withKv(fn: (kv: Deno.Kv) => Promise<void>) {
  const kv = await Deno.openKv(":memory:");
  try {
    await fn(kv);
  } finally {
    kv.close();
  }
}

Deno.test("the dev mailbox keeps each message, lists them newest first, and finds one by id", async () => {
  await withKv(async (kv) => {
    let now = START;
    const mailbox = createDevMailbox(kv, FROM, () => now);
    assertEquals(mailbox.kind, "dev-mailbox");
    const first = await mailbox.send(note("ann@example.com", "First"));
    now += 60_000;
    const second = await mailbox.send(note("bob@example.com", "Second"));

    const listed = await listDevMail(kv);
    assertEquals(listed.map((mail) => mail.subject), ["Second", "First"]);
    assertEquals(listed[1], {
      id: listed[1].id,
      from: FROM,
      to: "ann@example.com",
      subject: "First",
      html: "<p>First</p>",
      text: "First",
      sentAt: "2026-01-15T12:00:00.000Z",
    });
    assertEquals(first.messageId, `<${listed[1].id}@dev-mailbox.littlehits.local>`);
    assertEquals(second.messageId, `<${listed[0].id}@dev-mailbox.littlehits.local>`);
    assertEquals(await getDevMail(kv, listed[0].id), listed[0]);
    assertEquals(await getDevMail(kv, "missing"), null);
    mailbox.close();
    mailbox.close();
  });
});

Deno.test("messages sent within one millisecond (a frozen test clock) still list newest first", async () => {
  await withKv(async (kv) => {
    const mailbox = createDevMailbox(kv, FROM, () => START);
    for (const subject of ["one", "two", "three", "four"]) {
      await mailbox.send(note("ann@example.com", subject));
    }
    assertEquals((await listDevMail(kv)).map((mail) => mail.subject), ["four", "three", "two", "one"]);
    assertEquals((await listDevMail(kv, 2)).map((mail) => mail.subject), ["four", "three"]);
  });
});

Deno.test("a message too big for one KV value is kept, cut short with a note", async () => {
  await withKv(async (kv) => {
    const mailbox = createDevMailbox(kv, FROM, () => START);
    // Emoji make V8 store the strings at two bytes per character: the worst case for KV's 64 KiB.
    const html = `<p>${"🎵 la ".repeat(40_000)}</p>`;
    const text = "🎵 la ".repeat(40_000);
    await mailbox.send({ to: "ann@example.com", subject: "Long".repeat(500), html, text });
    const [stored] = await listDevMail(kv);
    assert(stored.html.length < 20_000 && stored.text.length < 10_000);
    assertStringIncludes(stored.html, "[Dev mailbox: cut from");
    assertStringIncludes(stored.text, "[Dev mailbox: cut from");
    assert(stored.subject.length <= 500);
  });
});

Deno.test("dev mail expires after a week", () => {
  assertEquals(DEV_MAIL_TTL_MS, 7 * 24 * 60 * 60 * 1000);
});

Deno.test("linksIn finds each distinct web link once, with entities decoded", () => {
  const html = `<a href="https://x.test/a?t=1&amp;u=2">A</a> <a href='http://y.test/b'>B</a>
    <a href="https://x.test/a?t=1&amp;u=2">again</a> <a href=https://z.test/c>C</a>
    <a href="mailto:support@littlehits.studio">mail</a> <a href="javascript:alert(1)">js</a>
    <a href="&#104;ttps://e.test/&#x3f;q">encoded</a> <link href="/relative">`;
  assertEquals(linksIn(html), [
    "https://x.test/a?t=1&u=2",
    "http://y.test/b",
    "https://z.test/c",
    "https://e.test/?q",
  ]);
});

Deno.test("/dev/mailbox shows each message newest first: links to click, plain text, inert HTML", async () => {
  await using t = await createTestApp();
  const link = "http://localhost:8000/auth/verify?t=tok_1&next=%2Fmy-songs";
  await t.providers.mail.send({ to: "ann@example.com", ...signInEmail({ link, expiresInMinutes: 15 }) });
  t.clock.advance(1_000);
  await t.providers.mail.send({
    to: "eve@example.com",
    subject: `<script>alert("subject")</script>`,
    html: `<p>Hi</p><script>alert("body")</script>`,
    text: "Hi <b>there</b>",
  });

  const response = await t.request("/dev/mailbox");
  assertEquals(response.status, 200);
  const page = await response.text();
  assertMatch(page, /<title>Dev Mailbox \| Little Hits<\/title>/);
  assertStringIncludes(page, `<meta name="robots" content="noindex">`);
  assertStringIncludes(page, "not mounted in production");

  const cards = [...page.matchAll(/<article[^>]*data-mail-to="([^"]+)"/g)].map((match) => match[1]);
  assertEquals(cards, ["eve@example.com", "ann@example.com"]);

  // The sign-in link appears once (button and fallback are the same URL), as an anchor whose text is the URL.
  const escapedLink = link.replaceAll("&", "&amp;");
  const lists = [...page.matchAll(/<ul data-mail-links=""[^>]*>([\s\S]*?)<\/ul>/g)].map((match) => match[1]);
  assertEquals(lists.length, 1);
  const anchors = [...lists[0].matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)];
  assertEquals(anchors.map((match) => [match[1], match[2]]), [[escapedLink, escapedLink]]);

  assertStringIncludes(page, "<details>");
  assertStringIncludes(page, "Hi &lt;b&gt;there&lt;/b&gt;");
  assertEquals(page.match(/<iframe sandbox=""/g)?.length, 2);
  assertStringIncludes(page, `title="HTML version of &quot;Your Little Hits sign-in link&quot;"`);
  // Hostile mail stays text on the page and inert inside the sandboxed frame.
  assertEquals(page.match(/<script/g), null);
  assertStringIncludes(page, "&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;");
  // React writes the attribute as `srcDoc`; HTML attribute names are case-insensitive.
  assertMatch(page, /srcdoc="&lt;p&gt;Hi&lt;\/p&gt;&lt;script&gt;/i);
});

Deno.test("/dev/mailbox without mail says where mail will appear", async () => {
  await using t = await createTestApp();
  const page = await (await t.request("/dev/mailbox")).text();
  assertStringIncludes(
    page,
    "No mail yet. Sign-in links and song emails sent in development appear here.",
  );
  assert(!page.includes("<article"));
});

Deno.test("/dev/mailbox is not there when mail goes out through SMTP", async () => {
  await using t = await createTestApp({ env: { SMTP_URL: "smtp://127.0.0.1:2525" } });
  assertEquals(t.providers.mail.kind, "smtp");
  const response = await t.request("/dev/mailbox");
  assertEquals(response.status, 404);
  await response.body?.cancel();
});
