import { assertEquals } from "@std/assert";
import type { PublicOrderView } from "../../../../domain/order/views.ts";
import {
  formatPlayTime,
  isRevealable,
  lyricStanzas,
  songFacts,
  songTitleOf,
} from "../../../../islands/unboxing/song_facts.ts";

function view(overrides: Partial<PublicOrderView> = {}): PublicOrderView {
  return {
    id: "order-1",
    orderNumber: 1000,
    status: "completed",
    error: null,
    progress: null,
    delivery: "delivered",
    deliveryScheduledFor: null,
    requestedDelivery: null,
    childName: "Mia",
    childAge: "5",
    childFriends: "",
    songStyle: "happy",
    songGenre: "pop",
    songUrl: "https://littlehits.example/audio/blob.mp3",
    songTitle: "Mia's Purple Song",
    songLyrics: null,
    customerReferralCode: null,
    createdAt: "2026-01-15T12:00:00Z",
    gift: null,
    songTiming: null,
    anotherVersion: null,
    ...overrides,
  };
}

Deno.test("song facts: title, who it is for, age, style and friends", () => {
  assertEquals(songFacts(view({ childFriends: " Leo and Sam " })), {
    title: "Mia's Purple Song",
    madeFor: "Made for Mia",
    age: "5 years",
    style: "Happy",
    featuring: "feat. Leo and Sam",
  });
});

Deno.test("song facts: without a title, friends or age", () => {
  const facts = songFacts(view({ songTitle: "  ", childAge: null, childFriends: "  " }));
  assertEquals(facts.title, "Mia's Special Song");
  assertEquals(facts.age, "");
  assertEquals(facts.featuring, null);
  assertEquals(songFacts(view({ childAge: "newborn" })).age, "under 1 year");
  assertEquals(songTitleOf({ songTitle: null, childName: "Leo" }), "Leo's Special Song");
});

Deno.test("revealable: only a completed order whose song has been delivered", () => {
  assertEquals(isRevealable(view()), true);
  assertEquals(isRevealable(null), false);
  assertEquals(isRevealable(view({ status: "generating" })), false);
  assertEquals(isRevealable(view({ songUrl: null })), false);
  assertEquals(isRevealable(view({ status: "failed" })), false);
});

Deno.test("play time: minutes and zero-padded seconds; unknown lengths read 0:00", () => {
  assertEquals(formatPlayTime(0), "0:00");
  assertEquals(formatPlayTime(9.9), "0:09");
  assertEquals(formatPlayTime(65.3), "1:05");
  assertEquals(formatPlayTime(Number.NaN), "0:00");
  assertEquals(formatPlayTime(Infinity), "0:00");
});

Deno.test("lyrics: stanzas at blank lines, section markers as labels, every line kept", () => {
  const lyrics =
    "[Verse 1]\nMia is five,\r\nhip hip hooray\n\n\n[Chorus]\nSing along\n  \nNo marker here\nsecond line";
  assertEquals(lyricStanzas(lyrics), [
    { label: "Verse 1", lines: ["Mia is five,", "hip hip hooray"] },
    { label: "Chorus", lines: ["Sing along"] },
    { label: null, lines: ["No marker here", "second line"] },
  ]);
  assertEquals(lyricStanzas(""), []);
});
