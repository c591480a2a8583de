import { assertEquals, assertMatch } from "@std/assert";
import {
  anotherVersionDownloadPath,
  anotherVersionFileName,
  contentDisposition,
  downloadFileName,
  songUrlFor,
} from "../../../../domain/song/download.ts";

Deno.test("a titled song is saved under its title, punctuation dropped and spaces hyphenated", () => {
  assertEquals(
    downloadFileName({ songTitle: "Mia's Magic   Morning!", childName: "Mia" }),
    "Mias-Magic-Morning.mp3",
  );
  assertEquals(
    downloadFileName({ songTitle: "  Happy Birthday, Leo (Age 5) ", childName: "Leo" }),
    "Happy-Birthday-Leo-Age-5.mp3",
  );
  assertEquals(downloadFileName({ songTitle: "Rock-n-Roll Star", childName: "Leo" }), "RocknRoll-Star.mp3");
});

Deno.test("without a title the song is the child's song, apostrophe dropped", () => {
  assertEquals(downloadFileName({ songTitle: null, childName: "Mia Rose" }), "Mia-Roses-Song.mp3");
  assertEquals(downloadFileName({ childName: "Leo" }), "Leos-Song.mp3");
  assertEquals(downloadFileName({ songTitle: "   ", childName: "Leo" }), "Leos-Song.mp3");
});

Deno.test("letters of any script are kept; a name with nothing left falls back to song.mp3", () => {
  assertEquals(downloadFileName({ songTitle: "Zoë's Café Song", childName: "Zoë" }), "Zoës-Café-Song.mp3");
  assertEquals(downloadFileName({ childName: "Мия" }), "Мияs-Song.mp3");
  assertEquals(downloadFileName({ songTitle: "Zoe\u0308", childName: "x" }), "Zoë.mp3"); // composed to NFC
  assertEquals(downloadFileName({ songTitle: "!!! ??? ♪♪", childName: "Leo" }), "song.mp3");
});

Deno.test("a very long title is cut to 100 characters, never ending on a hyphen", () => {
  assertEquals(
    downloadFileName({ songTitle: `${"x".repeat(99)} tail`, childName: "Leo" }),
    `${"x".repeat(99)}.mp3`,
  );
  assertEquals(downloadFileName({ songTitle: "é".repeat(150), childName: "Leo" }), `${"é".repeat(100)}.mp3`);
});

Deno.test("the disposition carries an ASCII name and the exact UTF-8 name", () => {
  assertEquals(
    contentDisposition("Leos-Song.mp3"),
    `attachment; filename="Leos-Song.mp3"; filename*=UTF-8''Leos-Song.mp3`,
  );
  assertEquals(
    contentDisposition("Zoës-Café-Song.mp3"),
    `attachment; filename="Zoes-Cafe-Song.mp3"; filename*=UTF-8''Zo%C3%ABs-Caf%C3%A9-Song.mp3`,
  );
  assertEquals(
    contentDisposition("Мияs-Song.mp3"),
    `attachment; filename="song.mp3"; filename*=UTF-8''%D0%9C%D0%B8%D1%8Fs-Song.mp3`,
  );
  assertEquals(
    contentDisposition(`a"b\\c (it's)*.mp3`),
    `attachment; filename="a_b_c (it's)*.mp3"; filename*=UTF-8''a%22b%5Cc%20%28it%27s%29%2A.mp3`,
  );
});

Deno.test("a song's address is ours, under /audio", () => {
  assertEquals(songUrlFor("https://littlehits.example", "b1"), "https://littlehits.example/audio/b1.mp3");
  assertEquals(songUrlFor("http://localhost:8000/", "b1"), "http://localhost:8000/audio/b1.mp3");
});

Deno.test("the other take is saved under the same rule, its name followed by ' (version 2)'", () => {
  assertEquals(
    anotherVersionFileName({ songTitle: "Mia's Sunny Day!", childName: "Mia" }),
    "Mias-Sunny-Day-version-2.mp3",
  );
  assertEquals(anotherVersionFileName({ songTitle: null, childName: "Zoë" }), "Zoës-Song-version-2.mp3");
  assertEquals(anotherVersionDownloadPath("o 1"), "/api/download/o%201/another-version");
});

Deno.test("an emoji or symbol goes with its space: no stray or doubled separators, the possessive kept joined", () => {
  assertEquals(
    downloadFileName({ songTitle: "Zoë 🦄's Purple Song", childName: "Zoë 🦄" }),
    "Zoës-Purple-Song.mp3",
  );
  assertEquals(downloadFileName({ childName: "Zoë 🦄" }), "Zoës-Song.mp3");
  assertEquals(
    downloadFileName({ songTitle: "🦄 Mia ❤️ Leo 👩‍👧‍👦 Song 1️⃣ 🇬🇧", childName: "x" }),
    "Mia-Leo-Song-1.mp3",
  );
  assertEquals(
    downloadFileName({ songTitle: "José's 👍🏽 Song + more", childName: "x" }),
    "Josés-Song-more.mp3",
  );
  for (const childName of ["陈", "Émilie", "O'Brien", "Anne-Marie"]) {
    assertMatch(downloadFileName({ childName }), /^[\p{L}]+s-Song\.mp3$/u, childName);
  }
});
