import { assertEquals } from "@std/assert";
import { streamingArtistOf } from "../../../../../islands/admin/list/streaming_artist.ts";

Deno.test("streaming artist: the family's name for an order with the add-on, trimmed", () => {
  assertEquals(
    streamingArtistOf({ addStreamingServices: true, streamingArtistName: "  Little Star " }),
    "Little Star",
  );
});

Deno.test("streaming artist: nothing without the add-on, or without a name", () => {
  assertEquals(streamingArtistOf({ addStreamingServices: false, streamingArtistName: "Little Star" }), null);
  assertEquals(streamingArtistOf({ addStreamingServices: true, streamingArtistName: "" }), null);
  assertEquals(streamingArtistOf({ addStreamingServices: true, streamingArtistName: "   " }), null);
});
