import { assertEquals } from "@std/assert";
import { createTestApp, e2eTest, openBrowser, openSignedInBrowser } from "../../helpers.ts";

const ADMIN = "boss@example.com";
const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

for (const size of SIZES) {
  e2eTest(
    `the navigation takes an admin to the dashboard, and offers it nobody else (${size.name})`,
    async () => {
      await using t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
      const viewport = { width: size.width, height: size.height };
      const phone = size.width < 768;

      const { browser } = await openSignedInBrowser(t, ADMIN, viewport);
      await using _admin = browser;
      const page = await browser.open("/my-songs");
      if (phone) {
        await page.getByRole("button", { name: "Menu" }).or(page.locator("summary[aria-label=Menu]")).click();
      }
      const link = page.getByRole("link", { name: "Dashboard" });
      await link.waitFor();
      await browser.screenshot(page, `nav-dashboard-link-${size.name}-viewport`);
      await link.click();
      await page.waitForURL(/\/admin\/orders$/);
      await page.getByRole("heading", { name: "Admin Dashboard" }).first().waitFor();

      const { browser: parentBrowser } = await openSignedInBrowser(t, "parent@example.com", viewport);
      await using _parent = parentBrowser;
      const parentPage = await parentBrowser.open("/my-songs");
      assertEquals(await parentPage.getByRole("link", { name: "Dashboard" }).count(), 0);

      await using visitor = await openBrowser(t, viewport);
      const visitorPage = await visitor.open("/");
      assertEquals(await visitorPage.getByRole("link", { name: "Dashboard" }).count(), 0);
      assertEquals([...browser.problems, ...parentBrowser.problems, ...visitor.problems], []);
    },
  );
}
