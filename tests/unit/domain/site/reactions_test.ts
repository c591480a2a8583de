import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { REACTION_VIDEOS } from "../../../../domain/site/reactions.ts";
import ReactionsCarousel from "../../../../islands/ReactionsCarousel.tsx";
import { ReactionTile, type ReactionTileProps } from "../../../../islands/reactions/ReactionTile.tsx";

const EMMA = REACTION_VIDEOS[0];
const tile = (overrides: Partial<ReactionTileProps> = {}) =>
  renderToString(
    createElement(ReactionTile, {
      item: EMMA,
      current: true,
      near: false,
      playing: false,
      progress: 0,
      media: "loading",
      ...overrides,
    }),
  );

Deno.test("tile: title, description, the child's song badge and a named play button", () => {
  const html = tile();
  assertStringIncludes(html, "<h3");
  assertStringIncludes(html, "A Birthday Surprise");
  assertStringIncludes(html, "can&#x27;t stop dancing");
  assertStringIncludes(html, "Emma&#x27;s Song");
  assertStringIncludes(html, `aria-label="Play Emma&#x27;s reaction video"`);
  assertStringIncludes(html, "Loading...");
});

Deno.test("tile: a tile without a video shows 'Video coming soon' and no video or button", () => {
  const html = tile({ item: { ...EMMA, videoUrl: undefined } });
  assertStringIncludes(html, "Video coming soon");
  assert(!html.includes("<video"));
  assert(!html.includes("<button"));
  assert(!html.includes("Loading..."));
  assertStringIncludes(html, "Emma&#x27;s Song");
});

Deno.test("tile: until the section is near, the video has no source, no poster and preloads nothing", () => {
  const html = tile();
  const video = html.match(/<video[^>]*>/)![0];
  assert(!video.includes("src="), video);
  assert(!video.includes("poster="), video);
  assertStringIncludes(video, `preload="none"`);
  assertStringIncludes(video, "playsInline");
});

Deno.test("tile: once near, the video points at its file with the thumbnail as poster", () => {
  const video = tile({ near: true }).match(/<video[^>]*>/)![0];
  assertStringIncludes(video, `src="/videos/emma-birthday.mp4"`);
  assertStringIncludes(video, `poster="/videos/emma-birthday.webp"`);
  assertStringIncludes(video, `preload="none"`, "a video loads when tapped");
});

Deno.test("tile: playing offers Pause; a loaded tile has no Loading overlay; progress sets the bar", () => {
  const html = tile({ playing: true, media: "ready", progress: 0.25 });
  assertStringIncludes(html, `aria-label="Pause Emma&#x27;s reaction video"`);
  assert(!html.includes("Loading..."));
  assertStringIncludes(html, "width:25%");
});

Deno.test("tile: a tile off the current page is inert, so focus never lands on it", () => {
  assertStringIncludes(tile({ current: false }).match(/<li[^>]*>/)![0], `inert=""`);
  assert(!tile().match(/<li[^>]*>/)![0].includes("inert"));
});

Deno.test("carousel on the server: page 0 for any width, no media sources, every tile boxed 3:4", () => {
  const html = renderToString(createElement(ReactionsCarousel, { items: REACTION_VIDEOS }));
  assertEquals(html.match(/<video/g)?.length, 9);
  assert(!/<video[^>]*src=/.test(html), "no video source before the section is near");
  assertEquals(html.match(/aspect-\[3\/4\]/g)?.length, 9);
  assert(!html.includes("translateX"), "the track starts at page 0");
  // Desktop's first page (tiles 1-3) is focusable; what neither layout shows first is inert.
  assertEquals(html.match(/<li[^>]*inert=""/g)?.length, 6);
  assertStringIncludes(html, `aria-label="Previous videos" disabled=""`);
  assertStringIncludes(html, "Swipe to browse");
  assertStringIncludes(html, `Mute videos</button>`, "sound starts on, so the toggle offers to mute");
  assertEquals(html.match(/aria-current="true"/g)?.length, 2, "one current dot per layout's row");
});
