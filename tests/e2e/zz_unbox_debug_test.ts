import { createTestApp, loopbackAppUrl, openBrowser } from "/work/main/tests/helpers.ts";
import { deliveredOrder } from "/work/main/tests/integration/delivery/helpers.ts";
Deno.test("debug", async () => {
  await using t = await createTestApp({ jobs: true, env: { APP_URL: loopbackAppUrl() } });
  const order = await deliveredOrder(t, { childName: "Mia Rose", childFriends: "Leo" });
  await using browser = await openBrowser(t);
  const page = await browser.open(`/unboxing/${order.id}?skip=true`);
  page.on("request", (r) => console.log("req", Date.now() % 100000, r.url(), JSON.stringify(r.headers()["range"])));
  page.on("requestfailed", (r) => console.log("failed", Date.now() % 100000, r.url()));
  page.on("response", (r) => console.log("resp", Date.now() % 100000, r.status(), r.url()));
  console.log("opened", Date.now() % 100000, browser.problems);
  await page.waitForTimeout(3000);
  console.log(browser.problems);
  console.log(await page.evaluate(() => { const a = document.querySelector("audio")!; return { rs: a.readyState, ns: a.networkState, d: a.duration, b: a.buffered.length ? a.buffered.end(0) : 0 }; }));
});
