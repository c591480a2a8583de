import { plainText } from "../../../domain/plain_text.ts";
import { assert, assertEquals } from "@std/assert";
import type { OrderFormInput } from "../../../domain/order/orders.ts";
import { type DevMail, listDevMail } from "../../../kv/dev_mail.ts";
import { ProviderCallError } from "../../../providers/calls.ts";
import type { Lyricist } from "../../../providers/words/mod.ts";
import { createLocalLyricist } from "../../../providers/words/local.ts";
import { synthMp3 } from "../../../fakes/audio_files.ts";
import { createTestApp, jsonBody, type TestApp } from "../../helpers.ts";
import { sessionHeaders } from "../delivery/helpers.ts";
import { clockWorker, stepUntil } from "../jobs/helpers.ts";
import { XSS_PAYLOADS } from "./hostile_inputs.ts";

/**
 * Issue 9, security suite: script and markup that customers and staff type into every free-text field
 * the app stores (through the real API) come back as text in every page, API answer and email that
 * shows them: never as a live tag, an event handler or a `javascript:` link.
 */

const ADMIN = "boss@example.com";
// Valid addresses that still carry characters that matter in HTML attributes.
const CUSTOMER = "o'hara+kid@example.com";
const RECIPIENT = "g'ma+gift@example.com";
/** The lyricist fails for this child, as a provider might, echoing a payload in its error. */
const FAILING_CHILD = `<img src=x onerror=alert('fail')>`;
const FAILING_NAME = "Fay O'Fail";
/**
 * A child's name is taken only as it can be sung (domain/order/sung_name.ts), by the order form and staff's
 * manual order alike, so no tag gets in there: it carries the apostrophe that matters in attributes.
 */
const SUNG_NAME = "Zoë O'Hara";

type AuthHeaders = Record<string, string>;

/** An order whose every free-text field (the gift's and the streaming add-on's included) is `text`. */
function hostileOrder(text: string, childName = SUNG_NAME): OrderFormInput {
  return {
    childName,
    phoneticSpelling: text,
    childGender: "girl",
    childAge: "5",
    childBirthday: text.slice(0, 40),
    favoriteColor: text,
    bestFriend: text,
    favoriteActivity: text,
    petName: text,
    parentCallName: text,
    favoriteSaying: text,
    favoriteToy: text,
    dreamAspiration: text,
    favoritePlace: text,
    specialTalent: text,
    childFriends: text,
    childActivities: text,
    extraDetails: text,
    additionalDetails: text,
    parentName: text,
    parentEmail: CUSTOMER,
    isGift: true,
    giftRecipientName: text,
    giftRecipientEmail: RECIPIENT,
    giftMessage: text,
    addStreamingServices: true,
    streamingArtistName: text,
  };
}

function failingLyricist(): Lyricist {
  const local = createLocalLyricist();
  return {
    ...local,
    writeLyrics(request, signal) {
      if (request.brief.childName !== FAILING_NAME) return local.writeLyrics(request, signal);
      return Promise.reject(
        new ProviderCallError(`The model refused: ${FAILING_CHILD} <script>alert('echo')</script>`, {
          provider: "openai",
          endpoint: "/v1/chat/completions",
          method: "POST",
          httpStatus: 400,
          durationMs: 1,
        }),
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading HTML the way a browser would, enough to tell live markup from text.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return String.fromCodePoint(code);
  });
}

const TAG = /<([a-zA-Z][\w:-]*)((?:[\s/]+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)[\s/]*>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "poster", "xlink:href", "data"]);
const FORBIDDEN_TAGS = new Set(["xss", "object", "embed", "base", "frame", "frameset"]);

/**
 * Our own scripts: bundles from this origin, and data blocks that never run (the landing page's
 * structured data, the islands' script addresses).
 */
function isOurScript(attributes: Map<string, string>): boolean {
  const src = attributes.get("src");
  if (src !== undefined) return src.startsWith("/") && !src.startsWith("//");
  const type = attributes.get("type");
  return type === "application/ld+json" ||
    (type === "application/json" &&
      ["lh-island-entries", "lh-island-prefetch"].includes(attributes.get("id")!));
}

/**
 * What in `html` could run script: a `<script>` that is not ours, any `on…` attribute, a
 * `javascript:` URL, a tag a payload would bring, an unsandboxed frame; a payload found verbatim
 * (unescaped); `data-props` that is not valid JSON. `srcdoc` documents are read the same way.
 */
function liveMarkup(html: string, where: string): string[] {
  const problems: string[] = [];
  for (const payload of XSS_PAYLOADS) {
    if (/[<>"]/.test(payload) && html.includes(payload)) problems.push(`${where}: verbatim ${payload}`);
  }
  // Raw-text elements: their contents are not tags (the landing page's JSON-LD, the inline CSS).
  const tagsOnly = html.replace(/(<(script|style)\b[^>]*>)[\s\S]*?(<\/\2>)/gi, "$1$3");
  // Belt and braces for markup the tag reader might not parse: a handler in anything tag-like, once
  // quoted values are emptied (text has its quotes escaped, so raw quotes only delimit values).
  const unquoted = tagsOnly.replace(/"[^"]*"|'[^']*'/g, '""');
  for (const [found] of unquoted.matchAll(/<[a-zA-Z][^>]*?[\s/"']on[a-z]+\s*=/gi)) {
    problems.push(`${where}: handler in ${found.slice(0, 80)}`);
  }
  for (const [, name, attributeText] of tagsOnly.matchAll(TAG)) {
    const tag = name.toLowerCase();
    const attributes = new Map<string, string>();
    for (const [, attribute, double, single, bare] of attributeText.matchAll(ATTRIBUTE)) {
      attributes.set(attribute.toLowerCase(), decodeEntities(double ?? single ?? bare ?? ""));
    }
    const describe = `${where}: <${tag}${attributeText.slice(0, 80)}>`;
    if (tag === "script" && !isOurScript(attributes)) {
      problems.push(`${describe} is a script that is not ours`);
    }
    if (FORBIDDEN_TAGS.has(tag)) problems.push(`${describe} should not exist`);
    if (tag === "iframe" && attributes.get("sandbox") !== "") problems.push(`${describe} is not sandboxed`);
    for (const [attribute, value] of attributes) {
      if (attribute.startsWith("on")) problems.push(`${describe} has a live ${attribute}`);
      // deno-lint-ignore no-control-regex
      const url = value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
      if (
        URL_ATTRIBUTES.has(attribute) &&
        (url.startsWith("javascript:") || url.startsWith("vbscript:") || url.startsWith("data:text/html"))
      ) {
        problems.push(`${describe} links to ${value}`);
      }
      if (attribute === "data-props") {
        try {
          JSON.parse(value);
        } catch {
          problems.push(`${describe} data-props is not JSON`);
        }
      }
      if (attribute === "srcdoc") problems.push(...liveMarkup(value, `${where} srcdoc`));
    }
  }
  return problems;
}

/** Every string inside the islands' props, and the page's text with entities decoded. */
function shownText(html: string): string[] {
  const texts = [decodeEntities(html)];
  for (const [, props] of html.matchAll(/data-props="([^"]*)"/g)) {
    texts.push(...stringsIn(JSON.parse(decodeEntities(props))));
  }
  return texts;
}

function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}

function shows(html: string, text: string): boolean {
  return shownText(html).some((shown) => shown.includes(text));
}

// ---------------------------------------------------------------------------------------------

async function call(t: TestApp, path: string, init: RequestInit = {}) {
  const response = await t.request(path, init);
  const text = await response.text();
  return { status: response.status, type: response.headers.get("content-type") ?? "", response, text };
}

async function apiJson(t: TestApp, path: string, init: RequestInit = {}) {
  const { status, text, response } = await call(t, path, init);
  assert(status < 300, `${path} answered ${status}: ${text.slice(0, 200)}`);
  return { body: JSON.parse(text), response };
}

/** Pays for `form` through the real checkout, as the customer; answers the order's id. */
async function orderThroughCheckout(
  t: TestApp,
  customer: AuthHeaders,
  form: OrderFormInput,
): Promise<string> {
  const { body: checkout } = await apiJson(
    t,
    "/api/create-checkout-session",
    jsonBody({ order: form }, { headers: customer }),
  );
  const paid = await call(t, `/checkout/local/${checkout.sessionId}/pay`, { method: "POST" });
  assertEquals(paid.status, 303);
  const { body: order } = await apiJson(
    t,
    "/api/orders",
    jsonBody({ sessionId: checkout.sessionId }, { headers: customer }),
  );
  return order.id;
}

/** Uploads an MP3 under `fileName`; answers its address and the name the server kept. */
async function uploadSong(t: TestApp, admin: AuthHeaders, fileName: string) {
  const form = new FormData();
  form.append(
    "audioFile",
    new File([synthMp3() as Uint8Array<ArrayBuffer>], fileName, { type: "audio/mpeg" }),
  );
  const { body } = await apiJson(t, "/api/admin/songs/upload-multipart", {
    method: "POST",
    headers: admin,
    body: form,
  });
  return { songUrl: body.songUrl as string, fileName: body.fileName as string };
}

Deno.test("payloads typed into every stored field stay text in every page, API answer, email", async () => {
  await using t = await createTestApp({
    // The failure email goes at once: it is one of the emails whose names must stay text.
    env: { ADMIN_EMAILS: ADMIN, FAILURE_EMAIL_GRACE_MINUTES: "0", JOB_QUEUE: "off" },
    providers: { words: failingLyricist() },
  });
  const customer = await sessionHeaders(t, CUSTOMER);
  const admin = await sessionHeaders(t, ADMIN);

  // Customers: one order per payload, every free-text field of it the payload; one more that fails.
  const orderIds: string[] = [];
  const sessions: string[] = [];
  for (const payload of XSS_PAYLOADS) {
    orderIds.push(await orderThroughCheckout(t, customer, hostileOrder(payload)));
  }
  const failedId = await orderThroughCheckout(t, customer, hostileOrder(FAILING_CHILD, FAILING_NAME));
  // The pipeline, stepped on the test's clock; the worker stays for the emails staff send below.
  await using worker = clockWorker(t);
  for (const id of orderIds) assertEquals((await stepUntil(t, worker, id)).status, "completed");
  await stepUntil(t, worker, failedId, (order) => order.status === "failed" && !!order.failureEmailSent);
  for (const payload of XSS_PAYLOADS.slice(0, 2)) {
    const { body } = await apiJson(
      t,
      "/api/create-checkout-session",
      jsonBody({ order: hostileOrder(payload) }, { headers: customer }),
    );
    sessions.push(body.sessionId);
  }

  // Staff: instructions for new lyrics, prompts, referral code descriptions, a song file's name and a
  // manual order, then every song approved and sent so the delivery emails and reveal pages exist.
  for (const [index, id] of orderIds.entries()) {
    const customInput = `Mention "${XSS_PAYLOADS[index]}" ${XSS_PAYLOADS[index]}`;
    await apiJson(
      t,
      `/api/admin/orders/${id}/regenerate-lyrics`,
      jsonBody({ customInput }, { headers: admin }),
    );
  }
  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    for (const kind of ["lyrics", "tags"]) {
      await apiJson(
        t,
        `/api/admin/system-prompt/${kind}`,
        jsonBody({ prompt: `Write it. ${payload}` }, { headers: admin }),
      );
    }
    await apiJson(
      t,
      "/api/admin/referral-codes",
      jsonBody(
        { code: `XSS${index}`, discountType: "percentage", discountValue: 10, description: payload },
        { headers: admin },
      ),
    );
  }
  // No `=` in the name: Deno's multipart parser cuts a file name there (and `"` travels as %22).
  const { songUrl, fileName } = await uploadSong(t, admin, `"><script>alert(1)<!-- song.mp3`);
  assert(fileName.includes("<script>alert(1)<!--"), JSON.stringify(fileName));
  const { body: manual } = await apiJson(
    t,
    "/api/admin/orders/create",
    jsonBody({
      childName: SUNG_NAME,
      childAge: 5,
      parentEmail: CUSTOMER,
      songTitle: XSS_PAYLOADS[1],
      songLyrics: XSS_PAYLOADS.join("\n"),
      songUrl,
    }, { headers: admin }),
  );
  orderIds.push(manual.order.id);
  // A `javascript:` song address is refused outright, never stored for a player or a link.
  const attached = await call(
    t,
    `/api/admin/orders/${failedId}/upload`,
    jsonBody({ songUrl: "javascript:alert(1)" }, { headers: admin }),
  );
  assertEquals(attached.status, 400);
  for (const id of orderIds) {
    await apiJson(t, `/api/admin/orders/${id}/approve`, { method: "POST", headers: admin });
    await apiJson(t, `/api/admin/orders/${id}/send-now`, { method: "POST", headers: admin });
  }

  // Every page that shows what was typed, as whoever sees it.
  const problems: string[] = [];
  const pages: [string, AuthHeaders][] = [
    ["/my-songs", customer],
    ["/order", customer],
    ["/admin/orders", admin],
    ["/admin/orders?filter=failed", admin],
    [`/admin/orders?q=${encodeURIComponent(XSS_PAYLOADS[1])}`, admin],
    ["/dev/mailbox", {}],
    [`/payment-processing?session_id=${encodeURIComponent(XSS_PAYLOADS[0])}`, {}],
    [`/auth/verify?t=${encodeURIComponent(XSS_PAYLOADS[1])}`, {}],
    [`/u/${encodeURIComponent(XSS_PAYLOADS[2])}?t=${encodeURIComponent(XSS_PAYLOADS[0])}`, {}],
    [`/${encodeURIComponent(XSS_PAYLOADS[0])}`, {}],
    ...sessions.map((id): [string, AuthHeaders] => [`/checkout/local/${id}`, {}]),
    ...[...orderIds, failedId].flatMap((id, index): [string, AuthHeaders][] => [
      [`/unboxing/${id}`, {}],
      [`/unboxing/${id}?skip=true`, customer],
      [
        `/order-processing/${id}?name=${encodeURIComponent(XSS_PAYLOADS[index % XSS_PAYLOADS.length])}`,
        customer,
      ],
    ]),
  ];
  const shown = new Set<string>();
  for (const [path, headers] of pages) {
    const page = await call(t, path, { headers });
    assert(page.status < 500, `${path}: ${page.status}`);
    problems.push(...liveMarkup(page.text, path));
    for (const payload of [...XSS_PAYLOADS, SUNG_NAME]) {
      // Stored, a payload is plain text (domain/plain_text.ts): its bidi and zero-width characters gone.
      const found = shows(page.text, payload) || shows(page.text, plainText(payload));
      if (found) shown.add(`${path.split("?")[0]} ${payload}`);
    }
  }

  // Each payload reached the pages that show stored text: the reveal (as props), the admin list
  // (server-rendered props), the checkout page, the mailbox; so the checks above read real output.
  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    assert(shown.has(`/unboxing/${orderIds[index]} ${payload}`), `the reveal page shows ${payload}`);
    assert(shown.has(`/admin/orders ${payload}`), `the admin dashboard shows ${payload}`);
    assert(shown.has(`/dev/mailbox ${payload}`), `the dev mailbox shows ${payload}`);
    assert(shown.has(`/order-processing/${orderIds[index]} ${payload}`), `order processing shows ${payload}`);
  }
  assert(shown.has(`/checkout/local/${sessions[0]} ${SUNG_NAME}`), "the checkout page shows the name");

  // Every email: the HTML is read as a browser or mail client would; the payload is in it, as text.
  const mail: DevMail[] = await listDevMail(t.kv, 200);
  const subjects = mail.map((message) => message.subject);
  for (const message of mail) problems.push(...liveMarkup(message.html, `email "${message.subject}"`));
  for (const payload of XSS_PAYLOADS) {
    const stored = plainText(payload);
    // The recipient's gift email names the giver (the parent's name) in its subject and its text.
    const delivered = mail.filter((message) => message.subject.includes(stored));
    assert(delivered.length >= 1, `delivery emails for ${payload}: ${subjects.join(" | ")}`);
    for (const message of delivered) {
      assert(shows(message.html, stored), `"${message.subject}" shows ${payload}`);
    }
  }
  const failure = mail.find((message) => message.subject.startsWith("We hit a snag"));
  assert(failure && shows(failure.html, FAILING_NAME), "the failure email names the child, as text");

  // The API answers JSON that browsers never sniff as HTML, and gives each payload back unchanged.
  const apis: [string, AuthHeaders][] = [
    ["/api/orders/user", customer],
    ["/api/admin/orders", admin],
    [`/api/admin/orders?q=${encodeURIComponent(XSS_PAYLOADS[0])}`, admin],
    ["/api/admin/referral-codes", admin],
    ["/api/admin/system-prompt/lyrics", admin],
    ["/api/admin/system-prompt/tags/versions/1", admin],
    ["/api/admin/system-prompt/lyrics/versions", admin],
    [`/api/admin/system-prompt/lyrics/versions/${encodeURIComponent(XSS_PAYLOADS[0])}`, admin],
    [`/api/verify-payment/${sessions[0]}`, customer],
    ...[...orderIds, failedId].flatMap((id): [string, AuthHeaders][] => [
      [`/api/orders/${id}`, {}],
      [`/api/orders/${id}`, customer],
      [`/api/admin/orders/${id}`, admin],
    ]),
  ];
  const answered: string[] = [];
  for (const [path, headers] of apis) {
    const answer = await call(t, path, { headers });
    assert(answer.type.startsWith("application/json"), `${path} answered ${answer.type}`);
    assertEquals(answer.response.headers.get("x-content-type-options"), "nosniff", path);
    answered.push(...stringsIn(JSON.parse(answer.text)));
  }
  for (const payload of XSS_PAYLOADS) {
    // As it was typed, less what no one sees (domain/plain_text.ts).
    const stored = plainText(payload);
    assert(answered.some((text) => text === stored), `the API gives back ${payload} as it was typed`);
  }
  assert(answered.includes(fileName), `the song's file name is in the order's events: ${fileName}`);

  assertEquals(problems, []);
  console.log(
    `stored xss: ${XSS_PAYLOADS.length} payloads in ${orderIds.length + 1} orders, ${pages.length} pages, ` +
      `${mail.length} emails, ${apis.length} API answers checked; 0 live`,
  );
});

Deno.test("the markup check itself catches live payloads and passes escaped ones", () => {
  const live = [
    "<div><script>alert(1)</script></div>",
    '<p>x</p><img src=x onerror="alert(1)">',
    '<a href=" java&#115;cript:alert(1)">x</a>',
    "<svg/onload=alert(1)>",
    '<iframe srcdoc="&lt;img src=x onerror=alert(1)&gt;" sandbox=""></iframe>',
    '<iframe src="/x"></iframe>',
    '<lh-island data-island="X" data-props="{&quot;a&quot;:">',
    "<XSS>=&{()}",
  ];
  for (const html of live) assert(liveMarkup(html, "sample").length > 0, html);
  const inert = [
    "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    '<script type="module" src="/build/a.js"></script>',
    '<script type="application/ld+json">{"a":"<b>"}</script>',
    // React's rendering of `data-props={JSON.stringify({ name: XSS_PAYLOADS[1] })}`.
    `<lh-island data-island="X" data-props="{&quot;name&quot;:&quot;\\&quot;&gt;&lt;img src=x ` +
    `onerror=alert(1)&gt;&quot;}"></lh-island>`,
    '<iframe sandbox="" srcdoc="&lt;p&gt;&amp;lt;script&amp;gt;&lt;/p&gt;"></iframe>',
  ];
  for (const html of inert) assertEquals(liveMarkup(html, "sample"), [], html);
  assert(shows(inert[3], XSS_PAYLOADS[1]), "the payload is read back from the props");
});
