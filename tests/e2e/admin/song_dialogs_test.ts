import { Buffer } from "node:buffer";
import { assert, assertEquals, assertMatch } from "@std/assert";
import type { Page } from "playwright-core";
import type { Order } from "../../../domain/order/orders.ts";
import { getOrder, listOrdersOfEmail, updateOrder } from "../../../kv/orders.ts";
import { ProviderCallError } from "../../../providers/calls.ts";
import { createLocalLyricist } from "../../../providers/words/local.ts";
import type { Lyricist } from "../../../providers/words/mod.ts";
import { MANUAL_SONG_MESSAGES } from "../../../orders/manual_song.ts";
import { pngBytes, synthMp3 } from "../../../fakes/audio_files.ts";
import {
  createTestApp,
  e2eTest,
  jsonBody,
  loopbackAppUrl,
  openSignedInBrowser,
  type TestApp,
} from "../../helpers.ts";
import { sessionHeaders } from "../../integration/delivery/helpers.ts";
import { placeOrder } from "../../integration/jobs/helpers.ts";
import {
  failedAtLyrics,
  failedWithTimeline,
  markDelivered,
  REQUEST_ID,
  songOrder,
  TASK_ID,
} from "./fixtures.ts";

/**
 * The five song dialogs of the admin dashboard (staff-side §2, issue 7), opened from the real
 * /admin/orders page, at desktop and phone widths.
 */
const ADMIN = "boss@example.com";
const PARENT = "parent@example.com";
const MB = 1024 * 1024;

const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
type Size = (typeof SIZES)[number];

/** The local lyricist, except for children whose lyrics the test wants refused. */
function refusingLyricist(refuse: Set<string>): Lyricist {
  const local = createLocalLyricist();
  return {
    kind: "local",
    writeLyrics(request, signal) {
      if (refuse.has(request.brief.childName)) {
        throw new ProviderCallError("The lyrics service is unavailable.", {
          provider: "local-lyricist",
          endpoint: "local:lyrics",
          method: "LOCAL",
          httpStatus: 503,
          durationMs: 1,
        });
      }
      return local.writeLyrics(request, signal);
    },
    writeTags: (request, signal) => local.writeTags(request, signal),
  };
}

async function adminApp(refuse = new Set<string>()) {
  // Song addresses are built from APP_URL: the browser must be served there to play them.
  return await createTestApp({
    env: { ADMIN_EMAILS: ADMIN, APP_URL: loopbackAppUrl() },
    providers: { words: refusingLyricist(refuse) },
  });
}

async function adminBrowser(t: TestApp, size: Size) {
  return (await openSignedInBrowser(t, ADMIN, { width: size.width, height: size.height })).browser;
}

async function dashboard(browser: Awaited<ReturnType<typeof adminBrowser>>, orders: Order[]) {
  const page = await browser.open("/admin/orders");
  for (const order of orders) await row(page, order).waitFor();
  return page;
}

/** The order's row (desktop table) or card (phone), whichever is shown. */
const row = (page: Page, order: Order) => page.locator(`[data-order-id="${order.id}"]:visible`).first();

const rowButton = (page: Page, order: Order, name: string | RegExp) =>
  row(page, order).getByRole("button", { name });

const dialog = (page: Page) => page.getByRole("dialog");

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator("[data-toast-viewport] > [data-state]:not([hidden])").filter({ hasText: title });
  await toast.waitFor();
  assertEquals(await toast.locator("p").first().textContent(), title);
  if (description) {
    assert((await toast.textContent())!.includes(description), await toast.textContent() ?? "");
  }
}

/** Closes the open toast so it cannot cover the dialog's buttons on a phone. */
async function dismissToasts(page: Page) {
  await page.evaluate(() =>
    document.querySelectorAll<HTMLButtonElement>("[data-toast-viewport] > [data-state] button").forEach((
      button,
    ) => button.click())
  );
}

const FAY_LYRICS = "[Verse]\nFay runs in the sun\nLaughing with everyone\n\n[Chorus]\nHooray for Fay";

/** Staff's two calls without the dialog: the file alone, then the order takes it. */
async function uploadAlone(t: TestApp, order: Order) {
  const headers = await sessionHeaders(t, ADMIN);
  const form = new FormData();
  form.append(
    "audioFile",
    new File([synthMp3() as Uint8Array<ArrayBuffer>], "noor.mp3", { type: "audio/mpeg" }),
  );
  const uploaded = await t.request("/api/admin/songs/upload-multipart", {
    method: "POST",
    headers,
    body: form,
  });
  assertEquals(uploaded.status, 201);
  const { songUrl } = await uploaded.json();
  const attached = await t.request(
    `/api/admin/orders/${order.id}/upload`,
    jsonBody({ songUrl }, { headers }),
  );
  assertEquals(attached.status, 200);
  await attached.body?.cancel();
}

/** A file of `bytes` zeros named `name` in a directory of its own, removed when disposed. */
async function fileOnDisk(name: string, bytes: number) {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/${name}`;
  await Deno.writeFile(path, new Uint8Array());
  await Deno.truncate(path, bytes);
  return { path, [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }) };
}

for (const size of SIZES) {
  e2eTest(
    `song dialogs (${size.name}): upload an MP3 with a real progress bar; 31 MB is refused`,
    async () => {
      await using t = await adminApp();
      await using browser = await adminBrowser(t, size);
      const order = await placeOrder(t, { childName: "Uma", parentEmail: PARENT });
      const page = await dashboard(browser, [order]);

      await rowButton(page, order, "Upload").click();
      const upload = dialog(page);
      await upload.getByRole("heading", { name: "Upload Song" }).waitFor();
      const input = upload.getByLabel("Audio file");
      assertEquals(await input.getAttribute("accept"), "audio/mpeg,audio/mp3,.mp3");
      assert(await upload.getByRole("button", { name: "Upload Song" }).isDisabled());

      // From a file on disk, which Chromium reads itself: a 31 MB buffer goes through the DevTools
      // protocol as base64, which took over 30 s on a busy CI machine.
      await using huge = await fileOnDisk("huge.mp3", 31 * MB);
      await input.setInputFiles(huge.path);
      await expectToast(
        page,
        "File too large",
        "This file is 31.0 MB. The maximum is 30 MB. Please compress or trim the song.",
      );
      assert(
        await upload.getByRole("button", { name: "Upload Song" }).isDisabled(),
        "the big file is not kept",
      );
      await dismissToasts(page);

      // An image renamed to .mp3 passes the browser's look, not the server's.
      await input.setInputFiles({
        name: "photo.mp3",
        mimeType: "audio/mpeg",
        buffer: Buffer.from(pngBytes()),
      });
      await upload.getByRole("button", { name: "Upload Song" }).click();
      await expectToast(page, "Upload failed", "The file is not an MP3 audio file.");
      await dismissToasts(page);

      // The file is stored but the order refuses it (it got a song meanwhile): the 'Warning' toast.
      const mp3 = synthMp3();
      await updateOrder(
        t.kv,
        order.id,
        (stored) => ({ ...stored, status: "completed", songUrl: "elsewhere" }),
      );
      await input.setInputFiles({ name: "uma-song.mp3", mimeType: "audio/mpeg", buffer: Buffer.from(mp3) });
      await upload.getByRole("button", { name: "Upload Song" }).click();
      await expectToast(page, "Warning", MANUAL_SONG_MESSAGES.hasSong);
      assert(await upload.isVisible(), "the dialog stays open to try again");
      await dismissToasts(page);
      await updateOrder(t.kv, order.id, () => order);

      // A slow line, so the bar has time to show real progress (the MP3 is ~100 kB).
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 40 * 1024,
      });
      await upload.getByText(`uma-song.mp3 · ${Math.round(mp3.byteLength / 1024)} KB`).waitFor();
      await upload.getByRole("button", { name: "Upload Song" }).click();

      const bar = upload.getByRole("progressbar");
      await bar.waitFor();
      await upload.getByRole("button", { name: "Uploading..." }).waitFor();
      await page.waitForFunction(() => {
        const now = Number(document.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow"));
        return now > 0 && now < 100;
      });
      await browser.screenshot(page, `song-dialogs-${size.name}-upload-progress-viewport`);
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      await expectToast(page, "Song uploaded", "Uma's song is ready for approval.");
      await dialog(page).waitFor({ state: "detached" });
      const stored = await getOrder(t.kv, order.id);
      assertEquals(stored?.status, "completed");
      assertMatch(stored?.songUrl ?? "", /\/audio\/.+\.mp3$/);
      await rowButton(page, order, "Preview").waitFor();
      // The refused upload (400) and the refused order update (409) are part of the test.
      const expected = [
        /^http 400: .*\/api\/admin\/songs\/upload-multipart$/,
        /^http 409: .*\/upload$/,
        /^error: Failed to load resource: .* (400 \(Bad Request\)|409 \(Conflict\))$/,
      ];
      assertEquals(
        browser.problems.filter((problem) => !expected.some((pattern) => pattern.test(problem))),
        [],
      );
    },
  );

  e2eTest(`song dialogs (${size.name}): create a manual order`, async () => {
    await using t = await adminApp();
    await using browser = await adminBrowser(t, size);
    const page = await dashboard(browser, []);

    await page.getByRole("button", { name: "Create Order" }).click();
    const form = dialog(page);
    await form.getByRole("heading", { name: "Create Manual Order" }).waitFor();
    await form.getByRole("button", { name: "Create Order" }).click();
    await expectToast(page, "Missing Information", "Please fill in all required fields");
    assertEquals(await form.getByLabel("Child's name").getAttribute("aria-invalid"), "true");
    await dismissToasts(page);

    await form.getByLabel("Child's name").fill("Milo");
    const age = form.getByLabel("Age");
    assertEquals([
      await age.getAttribute("type"),
      await age.getAttribute("min"),
      await age.getAttribute("max"),
    ], [
      "number",
      "1",
      "18",
    ]);
    await age.fill("7");
    assertEquals(await form.getByLabel("Parent's email").getAttribute("type"), "email");
    await form.getByLabel("Parent's email").fill("milo.parent@example.com");
    await form.getByLabel("Song title").fill("Milo the Brave");
    await form.getByLabel("Lyrics").fill(
      "[Verse]\nMilo climbs the highest tree\n\n[Chorus]\nBrave as brave can be",
    );
    const file = form.getByLabel("Song file (MP3)");
    assertEquals(await file.getAttribute("accept"), "audio/mp3,audio/mpeg");
    await file.setInputFiles({ name: "milo.mp3", mimeType: "audio/mpeg", buffer: Buffer.from(synthMp3()) });
    await browser.screenshot(page, `song-dialogs-${size.name}-create-order-filled-viewport`);
    await form.getByRole("button", { name: "Create Order" }).click();

    await expectToast(page, "Order Created Successfully!", "ready for approval");
    await dialog(page).waitFor({ state: "detached" });
    const [created] = await listOrdersOfEmail(t.kv, "milo.parent@example.com");
    assertEquals(
      [created?.childName, created?.childAge, created?.songTitle, created?.status, created?.approvalStatus],
      ["Milo", "7", "Milo the Brave", "completed", "pending"],
    );
    assertEquals(
      created.songLyrics,
      "[Verse]\nMilo climbs the highest tree\n\n[Chorus]\nBrave as brave can be",
    );
    await row(page, created).waitFor();
    assertEquals(browser.problems, []);
  });

  e2eTest(`song dialogs (${size.name}): regenerate lyrics with and without instructions`, async () => {
    const refuse = new Set<string>();
    await using t = await adminApp(refuse);
    await using browser = await adminBrowser(t, size);
    const order = await songOrder(t, "Rosa");
    const page = await dashboard(browser, [order]);

    await rowButton(page, order, /^Regenerate Lyrics/).click();
    const regenerate = dialog(page);
    await regenerate.getByRole("heading", { name: "Regenerate Lyrics for Rosa's Song" }).waitFor();
    const lyrics = regenerate.getByRole("region", { name: "Current lyrics" });
    assertEquals(await lyrics.innerText(), order.songLyrics);
    await regenerate.getByText("These lyrics have not been regenerated before.").waitFor();
    await regenerate.getByText("The song's audio stays unchanged").waitFor();

    const instructions = regenerate.getByLabel(/Additional instructions/);
    const counter = regenerate.locator("[data-counter]");
    const button = regenerate.getByRole("button", { name: "Regenerate Lyrics" });
    assertEquals(await counter.textContent(), "0/500");
    await instructions.fill("x".repeat(501));
    assertMatch((await counter.textContent())!, /501\/500$/);
    assertEquals(await counter.getAttribute("data-too-long"), "true");
    assertEquals(await counter.evaluate((element) => getComputedStyle(element).color), "rgb(220, 38, 38)");
    assert(await button.isDisabled());
    await browser.screenshot(page, `song-dialogs-${size.name}-lyrics-501-viewport`);
    await instructions.fill("x".repeat(500));
    assertEquals(await counter.getAttribute("data-too-long"), "false");
    assert(await button.isEnabled());

    // Without instructions (only spaces: trimmed away, so none are sent).
    await instructions.fill("   ");
    const sent = page.waitForRequest((request) => request.url().endsWith("/regenerate-lyrics"));
    await button.click();
    assertEquals((await sent).postDataJSON(), {});
    await expectToast(
      page,
      "Lyrics regenerated successfully!",
      "New lyrics generated with 1 regeneration total",
    );
    let stored = (await getOrder(t.kv, order.id))!;
    assertEquals(stored.lyricsRegenerationCount, 1);
    assert(stored.songLyrics !== order.songLyrics, "new lyrics");
    assertEquals(stored.songUrl, order.songUrl, "the audio stays");
    await dialog(page).waitFor({ state: "detached" });
    await dismissToasts(page);

    // With instructions.
    await rowButton(page, order, /^Regenerate Lyrics/).click();
    await regenerate.getByText(/These lyrics have been regenerated once before, last on/).waitFor();
    assertEquals(
      await regenerate.getByRole("region", { name: "Current lyrics" }).innerText(),
      stored.songLyrics,
    );
    await regenerate.getByLabel(/Additional instructions/).fill("  Mention her dog Biscuit.  ");
    const withText = page.waitForRequest((request) => request.url().endsWith("/regenerate-lyrics"));
    await regenerate.getByRole("button", { name: "Regenerate Lyrics" }).click();
    assertEquals((await withText).postDataJSON(), { customInput: "Mention her dog Biscuit." });
    await expectToast(
      page,
      "Lyrics regenerated successfully!",
      "New lyrics generated with 2 regenerations total",
    );
    stored = (await getOrder(t.kv, order.id))!;
    assertEquals([stored.lyricsRegenerationCount, stored.lyricsCustomInput], [2, "Mention her dog Biscuit."]);
    await dialog(page).waitFor({ state: "detached" });
    await dismissToasts(page);

    // A failing lyrics service: the server's message, in an alert inside the dialog.
    refuse.add("Rosa");
    await rowButton(page, order, /^Regenerate Lyrics/).click();
    await regenerate.getByRole("button", { name: "Regenerate Lyrics" }).click();
    const alert = regenerate.getByRole("alert");
    await alert.waitFor();
    assert((await alert.textContent())!.length > 0);
    assert(await regenerate.isVisible(), "the dialog stays open");
    await browser.screenshot(page, `song-dialogs-${size.name}-lyrics-failed-viewport`);
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    // The 503 is the point of this step; everything else must be clean.
    const expected = [
      /^http 503: .*\/regenerate-lyrics$/,
      /^error: Failed to load resource: .* 503 \(Service Unavailable\)$/,
    ];
    assertEquals(
      browser.problems.filter((problem) => !expected.some((pattern) => pattern.test(problem))),
      [],
    );
  });

  e2eTest(`song dialogs (${size.name}): preview plays the song; a missing file shows the note`, async () => {
    await using t = await adminApp();
    await using browser = await adminBrowser(t, size);
    const order = await songOrder(t, "Pia");
    const missing = await songOrder(t, "Ned");
    await updateOrder(t.kv, missing.id, (stored) => ({
      ...stored,
      songUrl: `${t.config.appUrl}/audio/missing-song.mp3`,
    }));
    const page = await dashboard(browser, [order, missing]);

    await rowButton(page, order, "Preview").click();
    const preview = dialog(page);
    await preview.getByRole("heading", { name: "Song Preview" }).waitFor();
    await preview.getByText("Pia's Big Day").waitFor();
    await preview.getByText("For Pia").waitFor();
    await preview.getByText("Pia wakes up with the sun").waitFor();
    const status = preview.locator("[data-player-status]");
    await preview.locator('[data-player][data-state="paused"]').waitFor();
    assertEquals(await status.textContent(), "Paused");
    const volume = preview.getByRole("slider", { name: "Volume" });
    assertEquals(
      [await volume.inputValue(), await volume.getAttribute("step"), await volume.getAttribute("max")],
      ["1", "0.01", "1"],
    );
    const position = preview.getByRole("slider", { name: "Song position" });
    assertEquals(await position.getAttribute("step"), "0.1");
    assert(Number(await position.getAttribute("max")) > 5, "the slider spans the song");
    const link = preview.getByRole("link", { name: /Open in new tab/ });
    assertEquals(await link.getAttribute("href"), order.songUrl);
    assertEquals(await link.getAttribute("target"), "_blank");

    await preview.getByRole("button", { name: "Play" }).click();
    await preview.locator('[data-player][data-state="playing"]').waitFor();
    assertEquals(await status.textContent(), "Playing");
    await page.waitForFunction(() =>
      (document.querySelector<HTMLAudioElement>("[role=dialog] audio")?.currentTime ?? 0) > 0.3
    );
    await browser.screenshot(page, `song-dialogs-${size.name}-preview-playing-viewport`);
    await volume.fill("0.4");
    assertEquals(
      await page.evaluate(() => document.querySelector<HTMLAudioElement>("[role=dialog] audio")?.volume),
      0.4,
    );
    await position.fill("5");
    assert(
      await page.evaluate(() =>
        document.querySelector<HTMLAudioElement>("[role=dialog] audio")!.currentTime >= 5
      ),
      "seeking moves the song",
    );
    await preview.getByRole("button", { name: "Pause" }).click();
    await preview.locator('[data-player][data-state="paused"]').waitFor();
    await preview.getByRole("button", { name: "Play" }).click();
    await preview.locator('[data-player][data-state="playing"]').waitFor();

    // Closing stops the song: no audio element is left playing on the page.
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    assertEquals(
      await page.evaluate(() =>
        [...document.querySelectorAll("audio")].filter((audio) => !audio.paused).length
      ),
      0,
    );

    await rowButton(page, missing, "Preview").click();
    await preview.locator('[data-player][data-state="error"]').waitFor();
    await preview.getByText(
      'Note: Direct audio playback may be blocked by browser security. Use the "Open in new tab" link below to listen to the full song.',
    ).waitFor();
    await browser.screenshot(page, `song-dialogs-${size.name}-preview-error-viewport`);
    await page.keyboard.press("Escape");
    // The missing file's 404 is the point of this step (the console names no address, only the status).
    const expected = [
      /\/audio\/missing-song\.mp3\b/,
      /^error: Failed to load resource: .* 404 \(Not Found\)$/,
    ];
    assertEquals(
      browser.problems.filter((problem) => !expected.some((pattern) => pattern.test(problem))),
      [],
    );
  });

  e2eTest(
    `song dialogs (${size.name}): an upload gives an order without lyrics its title and lyrics, and the family reads them`,
    async () => {
      await using t = await adminApp();
      await using browser = await adminBrowser(t, size);
      const fay = await failedAtLyrics(t, "Fay");
      const noor = await failedAtLyrics(t, "Noor");
      const placed = await placeOrder(t, { childName: "Gus", parentEmail: PARENT });
      const gus = (await updateOrder(t.kv, placed.id, (order) => ({
        ...order,
        songTitle: "Gus and the Moon",
        songLyrics: "Gus looks up at the moon",
      })))!;
      const page = await dashboard(browser, [fay, noor, gus]);

      // An order that has its words is offered the file alone.
      await rowButton(page, gus, "Upload").click();
      await dialog(page).getByRole("heading", { name: "Upload Song" }).waitFor();
      assertEquals(await dialog(page).locator("[data-upload-words]").count(), 0);
      await page.keyboard.press("Escape");
      await dialog(page).waitFor({ state: "detached" });

      await rowButton(page, fay, "Error Details").click();
      await dialog(page).getByRole("button", { name: "Upload a song" }).click();
      const upload = dialog(page);
      await upload.getByRole("heading", { name: "Upload Song" }).waitFor();
      await upload.getByText("This order has no lyrics yet.", { exact: false }).waitFor();
      const title = upload.getByLabel("Song title (optional)");
      const lyrics = upload.getByLabel("Lyrics (optional)");
      assertEquals(await title.getAttribute("maxlength"), "80");
      assertEquals(await lyrics.getAttribute("maxlength"), "20000");
      await upload.getByLabel("Audio file").setInputFiles({
        name: "fay-song.mp3",
        mimeType: "audio/mpeg",
        buffer: Buffer.from(synthMp3()),
      });
      await title.fill("Fay's Sunny Day");
      await lyrics.fill(FAY_LYRICS);
      await browser.screenshot(page, `song-dialogs-${size.name}-upload-words-viewport`);
      await upload.getByRole("button", { name: "Upload Song" }).click();
      await expectToast(page, "Song uploaded", "Fay's song is ready for approval.");
      await dialog(page).waitFor({ state: "detached" });
      const stored = (await getOrder(t.kv, fay.id))!;
      assertEquals([stored.status, stored.songTitle, stored.songLyrics], [
        "completed",
        "Fay's Sunny Day",
        FAY_LYRICS,
      ]);
      assertEquals(browser.problems, []);

      // Noor's song is uploaded alone, as before the words could come with it.
      await uploadAlone(t, noor);

      // Approved and sent: the family's page has the title and the lyrics; Noor's has no lyrics panel.
      for (const order of [fay, noor]) await markDelivered(t, order.id);
      // The reveal page reads the public view whoever opens it: the admin's browser sees the family's page.
      const reveal = await browser.open(`/unboxing/${fay.id}?skip=true`);
      await reveal.getByRole("heading", { name: "Fay's Sunny Day" }).waitFor();
      await reveal.getByRole("button", { name: "Read Song Lyrics" }).click();
      await reveal.getByText("Fay runs in the sun").waitFor();
      assert(await reveal.getByText("Hooray for Fay").isVisible());
      await browser.screenshot(reveal, `song-dialogs-${size.name}-upload-words-family`);

      const plain = await browser.open(`/unboxing/${noor.id}?skip=true`);
      await plain.getByRole("heading", { name: "Noor's Song" }).waitFor();
      assertEquals(await plain.getByRole("button", { name: "Read Song Lyrics" }).count(), 0);
      await browser.screenshot(plain, `song-dialogs-${size.name}-upload-no-words-family`);
      assertEquals(browser.problems, []);
    },
  );

  e2eTest(`song dialogs (${size.name}): error details of a failed order with its timeline`, async () => {
    await using t = await adminApp();
    await using browser = await adminBrowser(t, size);
    const order = await failedWithTimeline(t, "Fay");
    const page = await dashboard(browser, [order]);

    await rowButton(page, order, "Error Details").click();
    const details = dialog(page);
    await details.getByRole("heading", { name: "Error Details" }).waitFor();
    await details.getByText("Song Status Check failed: the music service answered 503.").waitFor();
    await browser.screenshot(page, `song-dialogs-${size.name}-error-details-top-viewport`);
    const classification = await details.locator("[data-classification]").innerText();
    for (const part of ["503", "Service Unavailable", "Critical (high)"]) {
      assert(classification.includes(part), classification);
    }
    assertEquals(await details.locator("[data-time-to-failure]").textContent(), "2h 5m");
    const advice = await details.locator("[data-recommended-action]").innerText();
    assert(advice.includes("The provider had a server error: retry in a few minutes."), advice);
    assert(advice.includes("consider uploading a song manually or contacting the customer"), advice);
    assertMatch(
      await details.locator("[data-family-told-at]").innerText(),
      /^The family will be told by email at \S.* unless the song is fixed before then\.$/,
    );
    await details.getByText("Multiple retries").waitFor();

    assertEquals(
      await details.locator("[data-stage]").evaluateAll((groups) =>
        groups.map((group) => group.getAttribute("data-stage"))
      ),
      ["PAYMENT_VERIFY", "LYRICS", "TAGS", "SUNO_CREATE", "SUNO_STATUS"],
    );
    assertEquals(
      await details.locator('[data-stage="SUNO_STATUS"] [data-event-type]').evaluateAll((rows) =>
        rows.map((row) => row.getAttribute("data-event-type"))
      ),
      ["RETRY", "RETRY", "RETRY", "ERROR"],
    );
    const request = details.locator(`[data-full-id="${REQUEST_ID}"]`);
    assertEquals([await request.textContent(), await request.getAttribute("title")], [
      `${REQUEST_ID.slice(0, 16)}…`,
      REQUEST_ID,
    ]);
    assertEquals(
      await details.locator(`[data-full-id="${TASK_ID}"]`).first().textContent(),
      `${TASK_ID.slice(0, 16)}…`,
    );
    await details.getByText("POST /v1/chat/completions").waitFor();
    await details.getByText("4210 ms").waitFor();
    await browser.screenshot(page, `song-dialogs-${size.name}-error-details-viewport`);

    // The ids staff paste into a provider's support form are copied whole.
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: browser.origin });
    await details.getByRole("button", { name: "Copy the request id" }).click();
    await expectToast(page, "The request id is copied");
    assertEquals(await page.evaluate(() => navigator.clipboard.readText()), REQUEST_ID);
    await details.getByRole("button", { name: "Copy the task id" }).first().click();
    assertEquals(await page.evaluate(() => navigator.clipboard.readText()), TASK_ID);

    // Both remedies sit beside the advice: a retry, and the manual upload it points at (first, here).
    const recovery = details.locator("[data-recovery] button");
    assertEquals(await recovery.allInnerTexts(), ["Regenerate", "Upload a song"]);
    await details.getByRole("button", { name: "Regenerate" }).click();
    await page.getByRole("heading", { name: /Regenerate/ }).first().waitFor();
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    await rowButton(page, order, "Error Details").click();
    await dialog(page).getByRole("button", { name: "Upload a song" }).click();
    await page.getByRole("heading", { name: "Upload Song" }).waitFor();
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "detached" });
    assertEquals(browser.problems, []);
  });
}
