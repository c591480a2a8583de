import {
  assert,
  assertEquals,
  assertMatch,
  assertNotEquals,
  assertRejects,
  assertStringIncludes,
} from "@std/assert";
import {
  DEFAULT_LYRICS_PROMPT,
  DEFAULT_TAGS_PROMPT,
  LYRICS_MAX_CHARS,
  lyricsUserMessage,
  TAGS_MAX_CHARS,
  tagsUserMessage,
} from "../../../../domain/prompts/defaults.ts";
import { ProviderCallError } from "../../../../providers/calls.ts";
import { createLocalLyricist, phrasesOf } from "../../../../providers/words/local.ts";
import type { SongBrief } from "../../../../providers/words/mod.ts";

const EMPTY: SongBrief = {
  childName: "",
  phoneticSpelling: "",
  childBirthday: "",
  favoriteColor: "",
  bestFriend: "",
  favoriteActivity: "",
  petName: "",
  parentCallName: "",
  favoriteSaying: "",
  favoriteToy: "",
  dreamAspiration: "",
  favoritePlace: "",
  specialTalent: "",
  childFriends: "",
  childActivities: "",
  extraDetails: "",
  additionalDetails: "",
  isGift: false,
  giftRecipientName: "",
  giftMessage: "",
  songStyle: "happy",
  songGenre: "pop",
  singerGender: "female",
};

function brief(fields: Partial<SongBrief> = {}): SongBrief {
  return {
    ...EMPTY,
    childName: "Mia",
    phoneticSpelling: "Meeyah",
    childGender: "girl",
    childAge: "5",
    favoriteColor: "purple",
    favoriteToy: "her teddy bear Mr. Button",
    favoriteActivity: "dancing",
    bestFriend: "Noah",
    petName: "Biscuit",
    parentCallName: "Mama",
    dreamAspiration: "to be an astronaut",
    ...fields,
  };
}

const lyricist = createLocalLyricist();

async function lyricsOf(songBrief: SongBrief, system = DEFAULT_LYRICS_PROMPT) {
  return (await lyricist.writeLyrics({ system, user: lyricsUserMessage(songBrief), brief: songBrief }))
    .lyrics;
}

function sections(lyrics: string): string[] {
  return lyrics.split("\n").filter((line) => /^\[.+\]$/.test(line));
}

Deno.test("the local lyricist sings the child's name and the filled favourites in marked sections", async () => {
  const result = await lyricist.writeLyrics({
    system: DEFAULT_LYRICS_PROMPT,
    user: lyricsUserMessage(brief()),
    brief: brief(),
  });
  assertEquals(lyricist.kind, "local");
  const { lyrics } = result;
  for (
    const detail of [
      "Mia",
      "purple",
      "teddy bear Mr. Button",
      "dancing",
      "Noah",
      "Biscuit",
      "Mama",
      "astronaut",
    ]
  ) {
    assertStringIncludes(lyrics, detail);
  }
  assertStringIncludes(lyrics, "Five years old");
  assertEquals(sections(lyrics), ["[Verse 1]", "[Chorus]", "[Verse 2]", "[Chorus]", "[Bridge]", "[Chorus]"]);
  const choruses = lyrics.split("\n\n").filter((section) => section.startsWith("[Chorus]"));
  assertEquals(new Set(choruses).size, 1, "the chorus repeats the same words");
  assertStringIncludes(choruses[0], "Mia");
  assert(!/\bher teddy\b/.test(lyrics), "sung to the child: 'your teddy bear'");
  assert(lyrics.length <= LYRICS_MAX_CHARS);
  assertEquals(JSON.parse(result.raw), { lyrics });
  assertEquals(result.call.provider, "local-lyricist");
  assertEquals(result.call.endpoint, "local:lyrics");
  assertEquals(result.call.method, "LOCAL");
  assertEquals(result.call.httpStatus, 200);
  assert(result.call.durationMs >= 0);
});

Deno.test("the same brief gives the same song; another child gets another song", async () => {
  const first = await lyricsOf(brief());
  assertEquals(await lyricsOf(brief()), first);
  const other = await lyricsOf(brief({ childName: "Leo", favoriteColor: "green", petName: "Rex" }));
  assertNotEquals(other, first);
  assertStringIncludes(other, "Leo");
  assert(!other.includes("Mia"));
});

Deno.test("every detail a parent can fill is sung when there is room for it", async () => {
  const details: Partial<SongBrief> = {
    favoritePlace: "beach",
    specialTalent: "drawing rainbows",
    favoriteSaying: "Oh my goodness",
    childFriends: "Sam, Leo and Ava",
    childActivities: "swimming and ballet",
    childBirthday: "2020-03-14",
  };
  const all = await lyricsOf(brief(details), `${DEFAULT_LYRICS_PROMPT}\nWrite four verses.`);
  for (
    const detail of [
      "the beach",
      "drawing rainbows",
      "oh my goodness",
      "sam, leo and ava",
      "swimming and ballet",
      "march 14",
    ]
  ) {
    // A line may open with the detail: its case follows the line's.
    assertStringIncludes(all.toLowerCase(), detail);
  }
});

Deno.test("the phonetic spelling guides nobody in the song: it is never written", async () => {
  const guide = brief({ phoneticSpelling: "Meeyah", customInput: 'Include "Meeyah is a star"' });
  const lyrics = await lyricsOf(guide);
  assert(!lyrics.toLowerCase().includes("meeyah"));
  assertStringIncludes(lyrics, "Mia is a star");
  const tags = await lyricist.writeTags({
    system: DEFAULT_TAGS_PROMPT,
    user: tagsUserMessage(guide, lyrics),
    brief: guide,
    lyrics,
  });
  assert(!tags.raw.toLowerCase().includes("meeyah"));

  const inADetail = await lyricsOf(brief({ favoriteSaying: "Meeyah wants more" }));
  assert(!inADetail.includes("Meeyah") && inADetail.includes("Mia wants more"));
  const partOfTheName = await lyricsOf(brief({ childName: "Mary Ann", phoneticSpelling: "Mary" }));
  assert(partOfTheName.includes("Mary Ann") && !partOfTheName.includes("Ann Ann"));
});

Deno.test("a sparse order leaves no gaps: no 'undefined', no empty lines inside a section", async () => {
  const lyrics = await lyricsOf({ ...EMPTY, childName: "  Zoe  " });
  assert(!/undefined|null|\$\{/.test(lyrics));
  for (const section of lyrics.split("\n\n")) {
    const lines = section.split("\n");
    assert(lines.length >= 3, section);
    assert(lines.every((line) => line.trim() === line && line.length > 0), section);
    assert(!/\s[,.!?]|,,|\s{2}/.test(section), section);
  }
  assertStringIncludes(lyrics, "Zoe");
  assertEquals(sections(lyrics), ["[Verse 1]", "[Chorus]", "[Verse 2]", "[Chorus]", "[Bridge]", "[Chorus]"]);
});

Deno.test("the system prompt's simple instructions are honoured: verses, bridge, outro, short", async () => {
  const shape = async (system: string, fields: Partial<SongBrief> = {}) =>
    sections(await lyricsOf(brief(fields), system));
  assertEquals(await shape("Write a warm song with three verses and no bridge."), [
    "[Verse 1]",
    "[Chorus]",
    "[Verse 2]",
    "[Chorus]",
    "[Verse 3]",
    "[Chorus]",
  ]);
  assertEquals(await shape("Write a song. Finish with an outro. Skip the bridge."), [
    "[Verse 1]",
    "[Chorus]",
    "[Verse 2]",
    "[Chorus]",
    "[Outro]",
  ]);
  assertEquals(await shape("Keep it short and make it rhyme."), ["[Verse 1]", "[Chorus]"]);
  assertEquals(await shape("A single verse, then a bridge."), [
    "[Verse 1]",
    "[Chorus]",
    "[Bridge]",
    "[Chorus]",
  ]);
  assertEquals(await shape("Write a song."), ["[Verse 1]", "[Chorus]", "[Verse 2]", "[Chorus]"]);
  assertEquals(await shape("Write a song with a bridge.", { customInput: "Make it shorter." }), [
    "[Verse 1]",
    "[Chorus]",
  ]);
});

/** Endings that rhyme when sung though they are spelled apart. */
const SOUND_ALIKE = [
  ["you", "do", "too", "through", "true", "new"],
  ["go", "show", "toes", "knows"],
  ["door", "more"],
  ["high", "sky"],
  ["tune", "moon"],
];

function rhymes(a: string, b: string): boolean {
  return a.slice(-2) === b.slice(-2) || SOUND_ALIKE.some((group) => group.includes(a) && group.includes(b));
}

Deno.test("verses rhyme in couplets, whichever variants a child's details pick", async () => {
  const lastWord = (line: string) => line.replace(/[^a-z ]/gi, "").trim().split(" ").pop()!.toLowerCase();
  const names = ["Mia", "Leo", "Ava", "Noor", "Sam", "Kai", "Zoe", "Ben"];
  for (const childName of names) {
    for (const childAge of ["newborn", "1", "7", "13+"]) {
      const lyrics = await lyricsOf(
        brief({
          childName,
          childAge,
          favoritePlace: "the park",
          specialTalent: "singing",
          childFriends: "Tom and Ann",
          childActivities: "football",
          childBirthday: "May 2",
          favoriteSaying: "Yippee",
        }),
        `${DEFAULT_LYRICS_PROMPT}\nFour verses.`,
      );
      for (const verse of lyrics.split("\n\n").filter((section) => section.startsWith("[Verse"))) {
        const lines = verse.split("\n").slice(1);
        assertEquals(lines.length % 2, 0, verse);
        for (let index = 0; index < lines.length; index += 2) {
          const [a, b] = [lastWord(lines[index]), lastWord(lines[index + 1])];
          assert(rhymes(a, b), `${lines[index]} / ${lines[index + 1]}`);
        }
      }
    }
  }
});

Deno.test("the admin's instruction is woven in: quoted words are sung, the mood and shape follow it", async () => {
  const plain = await lyricsOf(brief());
  const asked = await lyricsOf(
    brief({ customInput: 'Please add "to the moon and back" and make it calmer' }),
  );
  assertStringIncludes(asked, "To the moon and back!");
  assertStringIncludes(asked, "Mia, to the moon and back!");
  assertStringIncludes(asked, "Hush now, Mia", "calmer: the gentle chorus");
  assert(!plain.includes("moon and back"));
  const bridge = asked.split("\n\n").find((section) => section.startsWith("[Bridge]"))!;
  assertStringIncludes(bridge, "To the moon and back!");

  const unquoted = await lyricsOf(brief({ customInput: "No bridge please, and mention Grandma Rose." }));
  assert(!unquoted.includes("[Bridge]"));
  const lastVerse = unquoted.split("\n\n").filter((section) => section.startsWith("[Verse")).pop()!;
  assertStringIncludes(lastVerse, "Grandma Rose!");
});

Deno.test("phrases come from quotes, or from what follows 'mention' or 'include'", () => {
  assertEquals(phrasesOf(`Use "super star" and 'rocket ride', not Mia's dog`), ["super star", "rocket ride"]);
  assertEquals(phrasesOf("Mention that she loves dinosaurs; include grandpa"), [
    "she loves dinosaurs",
    "grandpa",
  ]);
  assertEquals(phrasesOf("Include more rhymes and mention the chorus twice"), []);
  assertEquals(phrasesOf(""), []);
});

Deno.test("tags follow genre, style and singer; a title uses a favourite", async () => {
  const tagsOf = async (fields: Partial<SongBrief>) => {
    const songBrief = brief(fields);
    return await lyricist.writeTags({
      system: DEFAULT_TAGS_PROMPT,
      user: tagsUserMessage(songBrief, "[Verse 1]\nLa"),
      brief: songBrief,
      lyrics: "[Verse 1]\nLa",
    });
  };
  const happy = await tagsOf({});
  assertMatch(happy.tags, /^children's pop, upbeat, .*female vocals$/);
  assertEquals(happy.title, "Mia's Purple Song");
  assertEquals(JSON.parse(happy.raw), { tags: happy.tags, title: happy.title });
  assertEquals(
    { provider: happy.call.provider, endpoint: happy.call.endpoint, method: happy.call.method },
    { provider: "local-lyricist", endpoint: "local:tags", method: "LOCAL" },
  );
  assertEquals(happy.call.httpStatus, 200);

  const calm = await tagsOf({ songStyle: "calm", singerGender: "male", songGenre: "country" });
  assertStringIncludes(calm.tags, "kids country");
  assertStringIncludes(calm.tags, "gentle");
  assertStringIncludes(calm.tags, "male vocals");

  const baby = await tagsOf({
    childAge: "newborn",
    singerGender: "child",
    favoriteColor: "",
    favoriteToy: "",
  });
  assert(baby.tags.startsWith("lullaby, "));
  assertStringIncludes(baby.tags, "slow tempo");
  assertStringIncludes(baby.tags, "child vocals");
  assertEquals(baby.title, "Mia's Dancing Song");

  const asked = await tagsOf({ customInput: "Use a ukulele and a harmonica" });
  assertStringIncludes(asked.tags, "ukulele");
  assertStringIncludes(asked.tags, "harmonica");

  const plain = await tagsOf({
    childName: "James",
    favoriteColor: "",
    favoriteToy: "",
    favoriteActivity: "",
  });
  assertEquals(plain.title, "James and Biscuit");
  const bare = await tagsOf({ childName: "Ava", songStyle: "heartfelt", ...emptyFavourites() });
  assertEquals(bare.title, "A Song for Ava");
  for (const result of [happy, calm, baby, asked, plain, bare]) assert(result.tags.length <= TAGS_MAX_CHARS);
});

function emptyFavourites(): Partial<SongBrief> {
  return { favoriteColor: "", favoriteToy: "", favoriteActivity: "", petName: "" };
}

Deno.test("a cancelled call fails like an unanswered one", async () => {
  const controller = new AbortController();
  controller.abort();
  const error = await assertRejects(
    () => lyricist.writeLyrics({ system: "", user: "", brief: brief() }, controller.signal),
    ProviderCallError,
  );
  assertEquals(error.call.httpStatus, 0);
});

Deno.test("a gift's message is never sung; its giver closes the song by first name, as the prompt allows", async () => {
  const order = {
    isGift: true,
    giftFrom: "Sam",
    giftRecipientName: "Grandma Rose",
    giftMessage: "Happy birthday, Grandma! Love from Sam Parent and Mr. Hops.",
  };
  const lyrics = await lyricsOf(brief({ childAge: "newborn", ...order }));
  const outro = lyrics.split("\n\n").find((section) => section.startsWith("[Outro]")) ?? "";
  assertEquals(outro, "[Outro]\nWith love from Sam, we sing along,\nMia, this is your very own song.");
  for (const word of ["Happy birthday", "Grandma", "Parent", "Hops"]) assert(!lyrics.includes(word), word);
  assert(!lyrics.includes("a gift for you"), "nothing tells the baby the gift is theirs");
  // No gift, no dedication.
  assert(!(await lyricsOf(brief({ ...order, isGift: false }))).includes("With love from"));
});

Deno.test("a title before a name is never cut from it: 'Mr. Hops', in any case, within a few words", async () => {
  const lyrics = await lyricsOf(brief({
    favoriteToy: "mr. Hops the bunny",
    bestFriend: "his best friend Mr. Hops",
    petName: "Prof. Whiskers. She is grey",
    favoritePlace: "St. Ives",
  }));
  assertStringIncludes(lyrics, "mr. Hops the bunny");
  assertStringIncludes(lyrics, "his best friend Mr. Hops");
  assertStringIncludes(lyrics, "Prof. Whiskers");
  assert(!lyrics.includes("She is grey"), "a real full stop still ends the detail");
  assertStringIncludes(lyrics, "St. Ives");
  assert(!/\b(?:Mr|mr|Prof|St)\.(?:,|$| [a-z]*,$)/m.test(lyrics), "no title left without its name");
});

Deno.test("stock lines vary with the child: choruses of one mood differ between children", async () => {
  const names = ["Mia", "Leo", "Ava", "Noor", "Sam", "Kai", "Zoe", "Ben"];
  const choruses = new Set<string>();
  for (const childName of names) {
    const lyrics = await lyricsOf(brief({ childName, favoriteColor: "", petName: "" }));
    const chorus = lyrics.split("\n\n").find((section) => section.startsWith("[Chorus]"))!;
    choruses.add(chorus.replaceAll(childName, "N"));
  }
  assert(choruses.size >= 2, `one chorus for every child: ${[...choruses][0]}`);
});
