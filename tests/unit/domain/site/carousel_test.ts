import { assertEquals } from "@std/assert";
import {
  clampIndex,
  indexAfterResize,
  isMobileWidth,
  itemsPerPage,
  nextAfterEnd,
  pageCount,
  pageOfItem,
  positionLabel,
  swipeAction,
} from "../../../../domain/site/carousel.ts";

/** Customer-side §2 and §4: the reaction carousel's paging, with the spec's 9 videos. */
const VIDEOS = 9;

Deno.test("layout: under 768 px is mobile with 1 per slide, from 768 px desktop with 3 per page", () => {
  assertEquals(isMobileWidth(375), true);
  assertEquals(isMobileWidth(767), true);
  assertEquals(isMobileWidth(768), false);
  assertEquals(itemsPerPage(390), 1);
  assertEquals(itemsPerPage(767), 1);
  assertEquals(itemsPerPage(768), 3);
  assertEquals(itemsPerPage(1280), 3);
});

Deno.test("page count: 3 pages of 3 on desktop, 9 slides on mobile, never fewer than 1", () => {
  assertEquals(pageCount(VIDEOS, 3), 3);
  assertEquals(pageCount(VIDEOS, 1), 9);
  assertEquals(pageCount(10, 3), 4, "a partly filled last page still counts");
  assertEquals(pageCount(0, 3), 1);
});

Deno.test("clamping: the index cannot go below 0 or past the last page", () => {
  assertEquals(clampIndex(-1, VIDEOS, 3), 0);
  assertEquals(clampIndex(0, VIDEOS, 3), 0);
  assertEquals(clampIndex(2, VIDEOS, 3), 2);
  assertEquals(clampIndex(3, VIDEOS, 3), 2);
  assertEquals(clampIndex(8, VIDEOS, 1), 8);
  assertEquals(clampIndex(9, VIDEOS, 1), 8);
  assertEquals(clampIndex(5, 0, 3), 0, "an empty carousel stays at 0");
});

Deno.test("resize: an index out of range for the new layout resets to 0, one in range is kept", () => {
  // Mobile slide 6 has no desktop page 6: back to the start.
  assertEquals(indexAfterResize(5, VIDEOS, 3), 0);
  assertEquals(indexAfterResize(8, VIDEOS, 3), 0);
  assertEquals(indexAfterResize(3, VIDEOS, 3), 0);
  // Still a valid index in the new layout.
  assertEquals(indexAfterResize(2, VIDEOS, 3), 2);
  assertEquals(indexAfterResize(2, VIDEOS, 1), 2, "desktop to mobile never goes out of range");
  assertEquals(indexAfterResize(0, VIDEOS, 1), 0);
  assertEquals(indexAfterResize(-1, VIDEOS, 1), 0);
});

Deno.test("page of an item: its page of 3 on desktop, itself on mobile", () => {
  assertEquals([0, 2, 3, 5, 6, 8].map((item) => pageOfItem(item, 3)), [0, 0, 1, 1, 2, 2]);
  assertEquals(pageOfItem(4, 1), 4);
});

Deno.test("swipe: 50 px is a swipe, 49 px is not; left shows the next slide, right the previous", () => {
  assertEquals(swipeAction(-50), "next");
  assertEquals(swipeAction(-49), "none");
  assertEquals(swipeAction(50), "previous");
  assertEquals(swipeAction(49), "none");
  assertEquals(swipeAction(-120), "next");
  assertEquals(swipeAction(0), "none");
});

Deno.test("swipe: a drag more vertical than horizontal is a scroll, not a swipe", () => {
  assertEquals(swipeAction(-60, 80), "none");
  assertEquals(swipeAction(-60, -40), "next");
  assertEquals(swipeAction(60, 60), "previous", "a diagonal counts");
});

Deno.test("end of a video: the next item and the page holding it; at the last video it stops", () => {
  const all = Array(VIDEOS).fill(true);
  assertEquals(nextAfterEnd(0, all, 3), { item: 1, page: 0 });
  assertEquals(nextAfterEnd(2, all, 3), { item: 3, page: 1 }, "desktop turns the page after the third");
  assertEquals(nextAfterEnd(2, all, 1), { item: 3, page: 3 }, "mobile moves one slide");
  assertEquals(nextAfterEnd(7, all, 3), { item: 8, page: 2 });
  assertEquals(nextAfterEnd(8, all, 3), null, "no wrap to the first video");
  assertEquals(nextAfterEnd(8, all, 1), null);
});

Deno.test("end of a video: tiles without a video are skipped", () => {
  const someMissing = [true, false, false, true, true, true, true, true, false];
  assertEquals(nextAfterEnd(0, someMissing, 3), { item: 3, page: 1 });
  assertEquals(nextAfterEnd(7, someMissing, 3), null);
});

Deno.test("position label: a range of videos on desktop, a single video on mobile", () => {
  assertEquals(positionLabel(0, VIDEOS, 3), "Showing videos 1–3 of 9");
  assertEquals(positionLabel(2, VIDEOS, 3), "Showing videos 7–9 of 9");
  assertEquals(positionLabel(3, 10, 3), "Video 10 of 10", "a last page of one");
  assertEquals(positionLabel(1, VIDEOS, 1), "Video 2 of 9");
});
