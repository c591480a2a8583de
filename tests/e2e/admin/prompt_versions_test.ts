import { assert, assertEquals, assertMatch } from "@std/assert";
import type { Page } from "playwright-core";
import { listPromptEvents } from "../../../kv/prompt_events.ts";
import { getSystemPrompt, saveSystemPrompt } from "../../../kv/prompts.ts";
import { createTestApp, e2eTest, openSignedInBrowser } from "../../helpers.ts";

const ADMIN = "boss@example.com";
const OTHER_ADMIN = "second@example.com";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const ENV = { ADMIN_EMAILS: `${ADMIN},${OTHER_ADMIN}`, JOB_QUEUE: "off" } as const;
const SETTINGS_TITLE = "Admin Settings - Song Generation Prompts";

const FIRST = "You write songs for children.\nKeep every line short.\nAnswer with JSON.";
const SECOND = "You write songs for children.\nRhyme the name in the chorus.\nAnswer with JSON.";

async function expectToast(page: Page, title: string) {
  await page.locator("[data-toast-viewport] > [data-state]:not([hidden])").filter({ hasText: title })
    .waitFor();
}

/** Closes the open toasts so they cannot cover buttons (on a phone they sit over the top of the page). */
async function dismissToasts(page: Page) {
  await page.evaluate(() =>
    document.querySelectorAll<HTMLButtonElement>("[data-toast-viewport] > [data-state] button").forEach((
      button,
    ) => button.click())
  );
}

/** The diff's rows as read: the drawn mark and the words screen readers hear, then the line. */
async function diffRows(page: Page) {
  return await page.locator("[data-diff-row]:visible").evaluateAll((rows) =>
    rows.map((row) => row.textContent!.replace(/\u00a0/g, ""))
  );
}

e2eTest(
  "prompt versions: save twice, compare, restore with a confirm, and discard asks first (desktop)",
  async () => {
    await using t = await createTestApp({ env: ENV });
    const { browser } = await openSignedInBrowser(t, ADMIN, DESKTOP);
    await using _browser = browser;
    const page = await browser.open("/admin/orders");
    await page.getByRole("button", { name: "Admin Settings" }).click();
    const settings = page.getByRole("dialog", { name: SETTINGS_TITLE });
    const panel = settings.getByRole("tabpanel");
    await panel.getByText("Default prompt (version 0)").waitFor();
    const editor = panel.getByLabel("Lyrics system prompt");
    const save = panel.getByRole("button", { name: "Save" });

    // Two saves through the editor: versions 1 and 2.
    await editor.fill(FIRST);
    await save.click();
    await panel.getByText(/^Version 1 · saved .+ by boss@example\.com$/).waitFor();
    await editor.fill(SECOND);
    await save.click();
    await panel.getByText(/^Version 2 · saved .+ by boss@example\.com$/).waitFor();
    await dismissToasts(page);

    // The history: newest first, with who and when; the version before the one in use is compared.
    const toggle = panel.getByRole("button", { name: "Version history" });
    assertEquals(await toggle.getAttribute("aria-expanded"), "false");
    await toggle.click();
    assertEquals(await toggle.getAttribute("aria-expanded"), "true");
    const versions = panel.getByRole("group", { name: /Versions, newest first/ });
    await versions.getByRole("radio").first().waitFor();
    const options = await versions.locator("label").allTextContents();
    assertEquals(options.length, 3);
    assertMatch(options[0], /^Version 2 \(in use\)boss@example\.com · \w{3} \d+, \d{4}, \d+:\d{2}/);
    assertMatch(options[1], /^Version 1boss@example\.com · /);
    assertEquals(options[2], "Default (version 0)Ships with the app");
    assert(await versions.getByRole("radio", { name: /^Version 1/ }).isChecked(), "version 1 is compared");
    const compare = panel.getByRole("region", { name: "Version 1 compared with version 2 (in use)" });
    await compare.waitFor();
    assertEquals(await diffRows(page), [
      " You write songs for children.",
      "−removed:Rhyme the name in the chorus.",
      "+added:Keep every line short.",
      " Answer with JSON.",
    ]);
    await browser.screenshot(page, "prompt-versions-diff-desktop-viewport");

    // The default against the current text: every line but the last is different.
    await versions.getByRole("radio", { name: /^Default/ }).check();
    await panel.getByRole("region", { name: "Default (version 0) compared with version 2 (in use)" })
      .waitFor();
    assert((await diffRows(page)).some((row) => row.startsWith("+added:You are a warm, playful songwriter")));

    // Restore version 1, after a question; it comes back as version 3 and nothing is rewritten.
    await versions.getByRole("radio", { name: /^Version 1/ }).check();
    await compare.getByRole("button", { name: "Restore version 1" }).click();
    const confirm = page.getByRole("dialog", { name: "Restore version 1?" });
    await confirm.getByText(/saved as a new version after version 2/).waitFor();
    await browser.screenshot(page, "prompt-versions-restore-confirm-desktop-viewport");
    // Escape answers the question, not the editor behind it.
    await page.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });
    await settings.waitFor();
    await compare.getByRole("button", { name: "Restore version 1" }).click();
    await confirm.getByRole("button", { name: "Restore version 1" }).click();
    await expectToast(page, "Lyrics Prompt Restored");
    await panel.getByText(/^Version 3 · saved .+ by boss@example\.com$/).waitFor();
    assertEquals(await editor.inputValue(), FIRST);
    await versions.getByRole("radio", { name: /^Version 3 \(in use, restored from version 1\)/ }).waitFor();
    assertEquals(await versions.getByRole("radio").count(), 4);
    assertEquals(await getSystemPrompt(t.kv, "lyrics", "live"), { prompt: FIRST, version: 3 });
    const events = await listPromptEvents(t.kv, "live", "lyrics");
    assertEquals(
      events.at(-1)?.message,
      "Lyrics prompt version 1 restored as version 3 by boss@example.com.",
    );
    // Version 1 now reads the same as the one in use: nothing to restore.
    const same = panel.getByRole("region", { name: "Version 1 compared with version 3 (in use)" });
    await same.getByText("Version 1 has the same text as version 3 (in use).").waitFor();
    assertEquals(await same.getByRole("button", { name: "Restore version 1" }).count(), 0);
    await dismissToasts(page);
    await browser.screenshot(page, "prompt-versions-restored-desktop");

    // Unsaved text: Escape asks first, and Keep editing keeps it.
    await editor.fill(`${FIRST}\nOne more rule.`);
    await page.keyboard.press("Escape");
    const discard = page.getByRole("dialog", { name: "Discard your changes?" });
    await discard.waitFor();
    assert(
      await discard.getByRole("button", { name: "Keep editing" }).evaluate((button) =>
        button === document.activeElement
      ),
      "the safe answer has the focus",
    );
    await browser.screenshot(page, "prompt-versions-discard-desktop-viewport");
    await discard.getByRole("button", { name: "Keep editing" }).click();
    await discard.waitFor({ state: "detached" });
    assertEquals(await editor.inputValue(), `${FIRST}\nOne more rule.`);
    // Escape again, then Discard: the editor closes and nothing was saved.
    await page.keyboard.press("Escape");
    await discard.getByRole("button", { name: "Discard" }).click();
    await settings.waitFor({ state: "detached" });
    assertEquals((await getSystemPrompt(t.kv, "lyrics", "live")).version, 3);

    // Unchanged text closes at once.
    await page.getByRole("button", { name: "Admin Settings" }).click();
    await panel.getByText(/^Version 3 · saved/).waitFor();
    await page.keyboard.press("Escape");
    await settings.waitFor({ state: "detached" });
    assertEquals(await discard.count(), 0);
    assertEquals(browser.problems, []);
  },
);

e2eTest(
  "prompt versions: on a phone, another admin's versions, the diff, a restore and the discard question",
  async () => {
    await using t = await createTestApp({ env: ENV });
    await saveSystemPrompt(t.kv, "lyrics", FIRST, OTHER_ADMIN, t.clock.now(), "live");
    t.clock.advance(3_600_000);
    await saveSystemPrompt(t.kv, "lyrics", SECOND, OTHER_ADMIN, t.clock.now(), "live");
    const { browser } = await openSignedInBrowser(t, ADMIN, PHONE);
    await using _browser = browser;
    const page = await browser.open("/admin/orders");
    await page.getByRole("button", { name: "Admin Settings" }).click();
    const settings = page.getByRole("dialog", { name: SETTINGS_TITLE });
    const panel = settings.getByRole("tabpanel");
    await panel.getByText(/^Version 2 · saved .+ by second@example\.com$/).waitFor();

    await panel.getByRole("button", { name: "Version history" }).click();
    const versions = panel.getByRole("group", { name: /Versions, newest first/ });
    await versions.getByRole("radio", { name: /^Version 1 second@example\.com/ }).waitFor();
    const compare = panel.getByRole("region", { name: "Version 1 compared with version 2 (in use)" });
    await compare.scrollIntoViewIfNeeded();
    assertEquals((await diffRows(page)).filter((row) => !row.startsWith(" ")), [
      "−removed:Rhyme the name in the chorus.",
      "+added:Keep every line short.",
    ]);
    await browser.screenshot(page, "prompt-versions-diff-phone-viewport");

    const restore = compare.getByRole("button", { name: "Restore version 1" });
    const box = (await restore.boundingBox())!;
    assert(box.height >= 36, `Restore is ${box.height} px tall`);
    await restore.click();
    const confirm = page.getByRole("dialog", { name: "Restore version 1?" });
    await browser.screenshot(page, "prompt-versions-restore-confirm-phone-viewport");
    await confirm.getByRole("button", { name: "Restore version 1" }).click();
    await expectToast(page, "Lyrics Prompt Restored");
    await panel.getByText(/^Version 3 · saved .+ by boss@example\.com$/).waitFor();
    assertEquals(await getSystemPrompt(t.kv, "lyrics", "live"), { prompt: FIRST, version: 3 });
    await dismissToasts(page);

    // A click outside with unsaved text asks first; so does Close.
    await panel.getByLabel("Lyrics system prompt").fill("Scrap everything.");
    await page.mouse.click(5, 5);
    const discard = page.getByRole("dialog", { name: "Discard your changes?" });
    await discard.waitFor();
    await browser.screenshot(page, "prompt-versions-discard-phone-viewport");
    await discard.getByRole("button", { name: "Keep editing" }).click();
    await discard.waitFor({ state: "detached" });
    await settings.getByRole("button", { name: "Close" }).click();
    await discard.getByRole("button", { name: "Discard" }).click();
    await settings.waitFor({ state: "detached" });
    assertEquals((await getSystemPrompt(t.kv, "lyrics", "live")).prompt, FIRST, "the edit was discarded");
    assertEquals(browser.problems, []);
  },
);
