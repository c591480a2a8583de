import { assertEquals } from "@std/assert";
import { SHARE_TOASTS, shareSong, songShareData } from "../../../../islands/unboxing/share.ts";

const URL_OF_PAGE = "https://littlehits.example/unboxing/order-1";
const data = songShareData("Mia", URL_OF_PAGE);

/** Records what the share sheet and the clipboard were asked to do. */
function tools(share: (() => Promise<void>) | null, copied: boolean) {
  const calls = { shared: [] as ShareData[], copied: [] as string[] };
  return {
    calls,
    tools: {
      share: share
        ? (payload: ShareData) => {
          calls.shared.push(payload);
          return share();
        }
        : undefined,
      copy: (text: string) => {
        calls.copied.push(text);
        return Promise.resolve(copied);
      },
    },
  };
}

Deno.test("share data: the child's personalised song, an invitation and the page address", () => {
  assertEquals(data.title, "Mia's Personalized Song");
  assertEquals(data.url, URL_OF_PAGE);
  assertEquals(typeof data.text, "string");
});

Deno.test("share: the native sheet is used when there is one, and nothing is copied", async () => {
  const { calls, tools: given } = tools(() => Promise.resolve(), true);
  assertEquals(await shareSong(data, given), "shared");
  assertEquals(calls.shared, [data]);
  assertEquals(calls.copied, []);
  assertEquals(SHARE_TOASTS.shared, {
    title: "Shared Successfully!",
    description: "Thanks for sharing the magic!",
  });
});

Deno.test("share: a cancelled sheet is silent and copies nothing", async () => {
  const abort = new DOMException("Share canceled", "AbortError");
  const { calls, tools: given } = tools(() => Promise.reject(abort), true);
  assertEquals(await shareSong(data, given), "cancelled");
  assertEquals(calls.copied, []);
  assertEquals(SHARE_TOASTS.cancelled, null);
});

Deno.test("share: without a share sheet the link is copied", async () => {
  const { calls, tools: given } = tools(null, true);
  assertEquals(await shareSong(data, given), "copied");
  assertEquals(calls.copied, [URL_OF_PAGE]);
  assertEquals(SHARE_TOASTS.copied, { title: "Link Copied!", description: "Share link copied to clipboard" });
});

Deno.test("share: any other failure of the sheet falls back to copying", async () => {
  const refused = new DOMException("Not allowed", "NotAllowedError");
  const { calls, tools: given } = tools(() => Promise.reject(refused), true);
  assertEquals(await shareSong(data, given), "copied");
  assertEquals(calls.copied, [URL_OF_PAGE]);
});

Deno.test("share: when copying fails too, the visitor is told to copy the address", async () => {
  const { tools: given } = tools(() => Promise.reject(new TypeError("boom")), false);
  assertEquals(await shareSong(data, given), "failed");
  assertEquals(SHARE_TOASTS.failed?.title, "Unable to share");
  assertEquals(SHARE_TOASTS.failed?.description, "Please copy the link manually from the address bar");
});
