import { Buffer } from "node:buffer";
import { assert, assertEquals } from "@std/assert";
import type { Page } from "playwright-core";
import { listEvents } from "../../../kv/events.ts";
import { listOrdersOfEmail } from "../../../kv/orders.ts";
import { synthMp3 } from "../../../fakes/audio_files.ts";
import { createTestApp, e2eTest, openSignedInBrowser } from "../../helpers.ts";
import { ADMIN_EMAIL, completedOrder, DELIVERY_ENV } from "../../integration/delivery/helpers.ts";

/**
 * Issue 23: Create Manual Order warns when the order repeats an existing one (same child, parent email
 * and song title) and lets staff create it anyway, at desktop and phone widths.
 */
const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

const PARENT = "parent@example.com";

async function fillForm(page: Page, title: string) {
  const form = page.getByRole("dialog", { name: "Create Manual Order" });
  await form.getByLabel("Child's name").fill(" mia ");
  await form.getByLabel("Age").fill("5");
  await form.getByLabel("Parent's email").fill("Parent@Example.com");
  await form.getByLabel("Song title").fill(title);
  await form.getByLabel("Lyrics").fill("[Verse]\nMia sings again\n\n[Chorus]\nLa la la");
  await form.getByLabel("Song file (MP3)").setInputFiles({
    name: "mia.mp3",
    mimeType: "audio/mpeg",
    buffer: Buffer.from(synthMp3()),
  });
  return form;
}

for (const size of SIZES) {
  e2eTest(`manual order (${size.name}): a duplicate is warned about, then created anyway`, async () => {
    await using t = await createTestApp({ env: DELIVERY_ENV });
    // Titled "Mia's Song" by the helper.
    const existing = await completedOrder(t, { childName: "Mia", parentEmail: PARENT });
    const { browser } = await openSignedInBrowser(t, ADMIN_EMAIL, { width: size.width, height: size.height });
    await using _browser = browser;
    const page = await browser.open("/admin/orders");
    await page.locator(`[data-order-id="${existing.id}"]:visible`).first().waitFor();
    const uploads: string[] = [];
    const creates: unknown[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/admin/songs/upload-multipart")) uploads.push(request.url());
      if (request.url().endsWith("/api/admin/orders/create")) creates.push(request.postDataJSON());
    });

    await page.getByRole("button", { name: "Create Order" }).click();
    const form = await fillForm(page, "MIA'S  SONG");
    await form.getByRole("button", { name: "Create Order" }).click();

    const warning = form.getByRole("alert");
    await warning.waitFor();
    assert(
      (await warning.innerText()).includes(
        `Order #${existing.orderNumber} already has this child, parent email and song title.`,
      ),
      await warning.innerText(),
    );
    assertEquals((await listOrdersOfEmail(t.kv, PARENT)).length, 1, "nothing made yet");
    await warning.scrollIntoViewIfNeeded();
    await browser.screenshot(page, `manual-order-duplicate-${size.name}-warning-viewport`);

    // A changed field is a new question for the server: the warning goes, and comes back when asked.
    await form.getByLabel("Song title").fill("Mia's Song ");
    await warning.waitFor({ state: "detached" });
    await form.getByRole("button", { name: "Create Order" }).click();
    await warning.waitFor();

    await warning.getByRole("button", { name: "Create it anyway" }).click();
    const toast = page.locator("[data-toast-viewport] > [data-state]:not([hidden])").filter({
      hasText: "Order Created Successfully!",
    });
    await toast.waitFor();
    await form.waitFor({ state: "detached" });

    // The song went up once; only the last call said to go on.
    assertEquals(uploads.length, 1);
    assertEquals(creates.map((body) => (body as { allowDuplicate?: boolean }).allowDuplicate), [
      undefined,
      undefined,
      true,
    ]);
    const orders = await listOrdersOfEmail(t.kv, PARENT);
    assertEquals(orders.length, 2);
    const made = orders.find((order) => order.id !== existing.id)!;
    assertEquals([made.childName, made.songTitle, made.status], ["mia", "Mia's Song", "completed"]);
    const event = (await listEvents(t.kv, made.id)).find((event) => event.context.action === "manual-order");
    assertEquals(event?.context.duplicateOf, [existing.orderNumber]);
    await page.locator(`[data-order-id="${made.id}"]:visible`).first().waitFor();

    // The two warnings (409) are part of the test.
    const expected = [
      /^http 409: .*\/api\/admin\/orders\/create$/,
      /^error: Failed to load resource: .* 409 \(Conflict\)$/,
    ];
    assertEquals(
      browser.problems.filter((problem) => !expected.some((pattern) => pattern.test(problem))),
      [],
    );
  });
}
