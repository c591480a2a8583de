import { assertEquals } from "@std/assert";
import type { MySongsItem } from "../../../../domain/order/views.ts";
import {
  asRetrying,
  neighbourOf,
  restoreSong,
  withoutSong,
  withUpdatedSong,
} from "../../../../islands/my_songs/list.ts";

function song(id: string, overrides: Partial<MySongsItem> = {}): MySongsItem {
  return {
    id,
    songTitle: null,
    childName: `Child ${id}`,
    orderNumber: 1000,
    status: "completed",
    createdAt: "2026-01-15T12:00:00.000Z",
    completedAt: null,
    songUrl: null,
    error: null,
    songStyle: "happy",
    childAge: null,
    childFriends: "",
    progress: null,
    delivery: "in-review",
    deliveryScheduledFor: null,
    requestedDelivery: null,
    deliveryTimeChangeable: false,
    access: "owner",
    anotherVersion: null,
    removal: "delete",
    giftRecipientName: null,
    ...overrides,
  };
}

const ids = (songs: MySongsItem[]) => songs.map((item) => item.id);

Deno.test("withoutSong drops one song and keeps the order of the rest", () => {
  assertEquals(ids(withoutSong([song("a"), song("b"), song("c")], "b")), ["a", "c"]);
  assertEquals(ids(withoutSong([song("a")], "zzz")), ["a"]);
});

Deno.test("asRetrying shows a failed song as generating again, without its error", () => {
  const failed = song("b", { status: "failed", error: "Lyrics Generation failed: x", progress: null });
  const [a, b] = asRetrying([song("a"), failed], "b");
  assertEquals(a, song("a"));
  assertEquals(b.status, "generating");
  assertEquals(b.error, null);
  assertEquals(b.progress, null);
});

Deno.test("restoreSong puts the song back as it was", () => {
  const failed = song("b", { status: "failed", error: "boom" });
  const retried = asRetrying([song("a"), failed], "b");
  assertEquals(restoreSong(retried, failed), [song("a"), failed]);
});

Deno.test("withUpdatedSong shows one song as the server answered, in its place", () => {
  const moved = song("b", {
    requestedDelivery: { at: "2027-03-14T08:00:00.000Z", timeZone: "Europe/London" },
  });
  assertEquals(withUpdatedSong([song("a"), song("b"), song("c")], moved), [song("a"), moved, song("c")]);
  assertEquals(withUpdatedSong([song("a")], moved), [song("a")], "a song no longer listed stays away");
});

Deno.test("neighbourOf: the next card, else the previous one, else none", () => {
  const list = [song("a"), song("b"), song("c")];
  assertEquals(neighbourOf(list, "a"), "b");
  assertEquals(neighbourOf(list, "b"), "c");
  assertEquals(neighbourOf(list, "c"), "b");
  assertEquals(neighbourOf([song("a")], "a"), null);
  assertEquals(neighbourOf(list, "missing"), null);
});
