import { assert, assertEquals } from "@std/assert";
import { createTestApp, e2eTest, loopbackAppUrl, openBrowser } from "../helpers.ts";
import { deliveredOrder } from "../integration/delivery/helpers.ts";

e2eTest(
  "the song the local studio makes plays in Chromium from our own address, seeking by Range",
  async () => {
    await using t = await createTestApp({ env: { APP_URL: loopbackAppUrl() } });
    // Made by the real pipeline (the local studio), stepped on the test's clock, and delivered: audio
    // plays for anyone only once a family has it (routes/media.ts).
    const order = await deliveredOrder(t, { childName: "Ava" });
    assertEquals(order.status, "completed", order.error ?? "");
    await using browser = await openBrowser(t);
    const page = await browser.open("/");

    const played = await page.evaluate(async (url) => {
      const audio = new Audio();
      audio.crossOrigin = "anonymous"; // as the spec's players load songUrl
      audio.muted = true;
      audio.src = url;
      await new Promise((resolve, reject) => {
        audio.onloadedmetadata = resolve;
        audio.onerror = () => reject(new Error(`audio error ${audio.error?.code}`));
      });
      await audio.play();
      await new Promise<void>((resolve) => {
        audio.ontimeupdate = () => audio.currentTime > 0.2 && resolve();
      });
      const progressed = audio.currentTime;
      audio.currentTime = audio.duration - 2; // a seek the server must answer with a 206
      await new Promise((resolve) => (audio.onseeked = resolve));
      audio.pause();
      return { duration: audio.duration, progressed, seekedTo: audio.currentTime };
    }, order.songUrl!);

    assert(played.duration > 10 && played.duration <= 31, `a real song of about 20 s (${played.duration} s)`);
    assert(played.progressed > 0.2, `it plays (${played.progressed} s in)`);
    assert(played.seekedTo > played.duration - 3, "seeking works");
    assertEquals(browser.problems, []);
  },
);
