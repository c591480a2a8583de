import { assertEquals } from "@std/assert";
import { awaitsReview, nextInReview } from "../../../../../islands/admin/review/review_queue.ts";
import type { ListedOrder } from "../../../../../islands/admin/types.ts";

/** A listed order with only what the review queue reads. */
const order = (id: string, fields: Partial<ListedOrder> = {}) =>
  ({
    id,
    status: "completed",
    approvalStatus: "pending",
    emailSentAt: null,
    songUrl: `http://x/audio/${id}.mp3`,
    songLyrics: "La la",
    error: null,
    addStreamingServices: false,
    requestedDelivery: null,
    ...fields,
  }) as ListedOrder;

const ids = (found: ListedOrder | null) => found?.id ?? null;

Deno.test("awaits review: completed with a song and approval pending, as the Review tab lists it", () => {
  assertEquals(awaitsReview(order("a")), true);
  assertEquals(awaitsReview(order("a", { approvalStatus: "approved" })), false);
  assertEquals(awaitsReview(order("a", { status: "generating" })), false);
  assertEquals(awaitsReview(order("a", { songUrl: null })), false, "nothing to preview");
});

Deno.test("next in review: the first song awaiting review after this one on the page", () => {
  const page = [
    order("a"),
    order("b", { approvalStatus: "approved" }),
    order("c", { status: "failed" }),
    order("d"),
    order("e"),
  ];
  assertEquals(ids(nextInReview(page, "a")), "d");
  assertEquals(ids(nextInReview(page, "d")), "e");
  assertEquals(ids(nextInReview(page, "e")), null, "none after the last");
  assertEquals(ids(nextInReview(page, null)), "a", "no current row: the first");
});

Deno.test("next in review: songs passed in this sitting are not offered again", () => {
  const page = [order("a"), order("b"), order("c")];
  assertEquals(ids(nextInReview(page, "a", new Set(["a", "b"]))), "c");
  assertEquals(ids(nextInReview(page, "a", new Set(["a", "b", "c"]))), null);
});

Deno.test("next in review: when this one left the page (approved off the Review tab), the page is read from its top", () => {
  const reloaded = [order("b"), order("c")];
  assertEquals(ids(nextInReview(reloaded, "a", new Set(["a"]))), "b");
  assertEquals(ids(nextInReview(reloaded, "a", new Set(["a", "b"]))), "c");
});
