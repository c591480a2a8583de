import { cleanLyrics, cleanTags, cleanTitle, SINGER_LABELS } from "../../domain/prompts.ts";
import type { SongGenre, SongStyle } from "../../domain/orders.ts";
import { type CallFacts, ProviderCallError, stopwatch } from "../calls.ts";
import type { Lyricist, SongBrief } from "./mod.ts";

/**
 * The local lyricist (ARCHITECTURE.md §3): real, child-specific lyrics with no network and no
 * randomness, so the same brief and prompts always give the same song.
 *
 * Lines come from small tables of rhyming couplets, one per filled detail (age, birthday, favorite
 * color, toy, place, activity, activities, best friend, friends, pet, what the child calls the
 * parent, favorite saying, talent, dream, and a gift's message), sung in the second person so no
 * pronoun can be wrong. Free prose (extra and additional details) is not sung: without a model it
 * cannot be turned into lines faithfully. The `user` message is not parsed; the brief holds the same
 * facts.
 *
 * What it honours of the prompts (the admin's instruction wins over the system prompt):
 * - a number of verses: "one", "a single", "two", "three", "four" (or a digit) "verse(s)"; 1 to 4;
 * - a bridge: included when the text mentions a bridge, left out for "no bridge", "without a
 *   bridge", "skip/omit/leave out/remove the bridge", "don't include a bridge";
 * - an outro, the same way ("outro" / "no outro");
 * - "short song", "keep it short", "shorter": one verse and no bridge, unless the same text names a
 *   verse count or asks for a bridge; "longer", "long song": one more verse and a bridge;
 * - rhyme: every verse is rhyming couplets anyway; a request not to rhyme is not honoured;
 * - the admin's instruction only: a mood word (calmer, gentle, sleepy; sillier, funny; energetic,
 *   upbeat; heartfelt, tender; happy, cheerful) changes the chorus and filler lines;
 * - the admin's instruction only: each quoted phrase ("…", “…”, '…'), and the words after "mention"
 *   or "include" when nothing is quoted, is sung in the bridge (or the last verse without one).
 * The phonetic spelling is never written: any occurrence is replaced by the name.
 */
export function createLocalLyricist(): Lyricist {
  return {
    kind: "local",
    writeLyrics(request, signal) {
      return answer("local:lyrics", signal, () => {
        const lyrics = cleanLyrics(composeLyrics(request.brief, songShape(request.system, request.brief)));
        return { lyrics, raw: JSON.stringify({ lyrics }) };
      });
    },
    writeTags(request, signal) {
      return answer("local:tags", signal, () => {
        const tags = cleanTags(composeTags(request.brief));
        const title = cleanTitle(composeTitle(request.brief));
        return { tags, title, raw: JSON.stringify({ tags, title }) };
      });
    },
  };
}

/** Answers as a remote lyricist would: timed, and a cancelled call is a call that gave no answer. */
function answer<T>(
  endpoint: string,
  signal: AbortSignal | undefined,
  write: () => T,
): Promise<T & { call: CallFacts }> {
  const elapsed = stopwatch();
  if (signal?.aborted) {
    return Promise.reject(
      new ProviderCallError("The local lyricist was cancelled.", callFacts(endpoint, 0, elapsed()), {
        cause: signal.reason,
      }),
    );
  }
  const written = write();
  return Promise.resolve({ ...written, call: callFacts(endpoint, 200, elapsed()) });
}

function callFacts(endpoint: string, httpStatus: number, durationMs: number): CallFacts {
  return { provider: "local-lyricist", endpoint, method: "LOCAL", httpStatus, durationMs };
}

// ---------------------------------------------------------------------------------------------------
// What the prompts ask for

export interface SongShape {
  verses: number;
  bridge: boolean;
  outro: boolean;
  mood: SongStyle;
  /** Words the admin asked to hear, sung as they were written. */
  phrases: string[];
}

interface Instructions {
  verses?: number;
  bridge?: boolean;
  outro?: boolean;
  short?: boolean;
  long?: boolean;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  single: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
};

/** The song's shape: two verses and a chorus unless the prompt or the admin's instruction say otherwise. */
export function songShape(system: string, brief: SongBrief): SongShape {
  const instruction = brief.customInput ?? "";
  // Quoted words are words to sing: a quoted "happy birthday" or "no bridge" is not an instruction.
  const unquoted = instruction.replace(QUOTED, " ");
  let shape: SongShape = {
    verses: 2,
    bridge: false,
    outro: false,
    mood: brief.songGenre === "lullaby" || brief.childAge === "newborn" ? "calm" : brief.songStyle,
    phrases: [],
  };
  shape = applyInstructions(shape, readInstructions(system));
  shape = applyInstructions(shape, readInstructions(unquoted));
  return { ...shape, mood: moodOf(unquoted) ?? shape.mood, phrases: phrasesOf(instruction) };
}

function applyInstructions(shape: SongShape, said: Instructions): SongShape {
  const next = { ...shape };
  if (said.short) Object.assign(next, { verses: 1, bridge: false });
  if (said.long) Object.assign(next, { verses: Math.min(4, next.verses + 1), bridge: true });
  if (said.verses !== undefined) next.verses = said.verses;
  if (said.bridge !== undefined) next.bridge = said.bridge;
  if (said.outro !== undefined) next.outro = said.outro;
  return next;
}

const ASKS_SHORT = [
  /\b(?:short|brief)\s+(?:song|lyrics|version)\b/i,
  /\bkeep\s+(?:it|the\s+song|the\s+lyrics)\s+(?:short|brief)\b/i,
  /\bshorter\b(?!\s+lines)/i,
];

function readInstructions(text: string): Instructions {
  const said: Instructions = {};
  const verses = text.match(/\b(?:a\s+)?(one|single|two|three|four|five|six|[1-9])\s+verses?\b/i);
  if (verses) {
    const word = verses[1].toLowerCase();
    said.verses = Math.max(1, Math.min(4, NUMBER_WORDS[word] ?? Number(word)));
  }
  said.bridge = mentions(text, "bridge");
  said.outro = mentions(text, "outro");
  said.short = ASKS_SHORT.some((pattern) => pattern.test(text));
  said.long = /\blonger\b(?!\s+lines)|\blong\s+song\b/i.test(text);
  return said;
}

/** true when the text asks for the section, false when it rules it out, undefined when silent. */
function mentions(text: string, section: string): boolean | undefined {
  const refusals = [
    String.raw`no`,
    String.raw`without(?:\s+an?|\s+the)?`,
    String.raw`(?:skip|omit|leave\s+out|remove|drop)(?:\s+the)?`,
    String.raw`(?:do\s+not|don'?t)\s+(?:include|add|use|write)(?:\s+an?|\s+the|\s+any)?`,
  ];
  const refused = new RegExp(String.raw`\b(?:${refusals.join("|")})\s+\[?${section}\b`, "i");
  if (refused.test(text)) return false;
  return new RegExp(String.raw`\b${section}\b`, "i").test(text) ? true : undefined;
}

const MOOD_WORDS: [RegExp, SongStyle][] = [
  [/\b(?:calm(?:er)?|gentle|gentler|soft(?:er)?|sleepy|soothing|quiet(?:er)?)\b/i, "calm"],
  [/\b(?:silly|sillier|funny|funnier|goofy|playful)\b/i, "silly"],
  [/\b(?:energetic|upbeat|lively|livelier|faster|bouncy)\b/i, "energetic"],
  [/\b(?:heartfelt|tender|emotional|sweet(?:er)?|touching)\b/i, "heartfelt"],
  [/\b(?:happy|happier|cheerful|joyful)\b/i, "happy"],
];

function moodOf(instruction: string): SongStyle | undefined {
  return MOOD_WORDS.find(([pattern]) => pattern.test(instruction))?.[1];
}

/** "…", “…”, ‘…’, and '…' when its quotes are not apostrophes (Mia's dog 'Rex'). */
const QUOTED = new RegExp(
  [
    String.raw`"([^"\n]{1,80})"`,
    String.raw`“([^”\n]{1,80})”`,
    String.raw`‘([^’\n]{1,80})’`,
    String.raw`(?<![\p{L}\p{N}])'([^'\n]{1,80})'(?![\p{L}\p{N}])`,
  ].join("|"),
  "gu",
);
const ASKED =
  /\b(?:mention|include)\s+(?:the\s+(?:words?|phrase|line|name)\s+)?(?:that\s+)?([^.,;!?\n]{2,60})/giu;
const NOT_A_PHRASE = /\b(?:verses?|chorus|bridge|outro|rhymes?|lines?|lyrics|more|less)\b/i;

/** What the admin asked to hear: quoted phrases, or else what follows "mention"/"include". */
export function phrasesOf(instruction: string): string[] {
  const quoted = [...instruction.matchAll(QUOTED)].map((match) => match.slice(1).find(Boolean) ?? "");
  const found = quoted.length
    ? quoted
    : [...instruction.matchAll(ASKED)].map((match) => match[1]).filter((phrase) =>
      !NOT_A_PHRASE.test(phrase)
    );
  const phrases = found.map((phrase) => tidy(phrase)).filter(Boolean);
  return [...new Set(phrases)].slice(0, 4);
}

// ---------------------------------------------------------------------------------------------------
// Lines

type Couplet = [string, string];
type Section = { marker: string; lines: string[] };

interface Facts {
  verse: Couplet[];
  bridge: Couplet[];
}

/** The whole song: verses and a repeated chorus, then the bridge and the outro when the shape has them. */
export function composeLyrics(brief: SongBrief, shape: SongShape): string {
  const name = tidy(brief.childName) || "Little one";
  const pick = picker(JSON.stringify(brief));
  const facts = factCouplets(brief, name, pick);
  const bridgeFacts = shape.bridge ? facts.bridge.slice(0, 2) : [];
  // What the bridge has no room for is sung early: a gift message or "Mama" matters more than a birthday.
  const verseFacts = [...facts.verse];
  verseFacts.splice(4, 0, ...facts.bridge.filter((couplet) => !bridgeFacts.includes(couplet)));
  const phraseLines = shape.phrases.flatMap((phrase) => phraseLinesOf(phrase, name));
  const chorus = CHORUSES[shape.mood](name);

  const fillers = FILLERS[shape.mood === "calm" ? "calm" : "bright"](name);
  const sections: Section[] = [];
  // Verses of two to four couplets, as even as the details allow; what does not fit is left out.
  let unsung = Math.min(verseFacts.length, shape.verses * 4);
  for (let verse = 0; verse < shape.verses; verse++) {
    const take = Math.min(4, Math.ceil(unsung / (shape.verses - verse)));
    unsung -= take;
    const couplets = verseFacts.splice(0, take);
    while (couplets.length < 2) couplets.push(fillers.shift() ?? genericFiller(name, sections.length));
    const lines = couplets.flat();
    if (verse === shape.verses - 1 && !shape.bridge) lines.push(...phraseLines);
    sections.push({ marker: `[Verse ${verse + 1}]`, lines });
    sections.push({ marker: "[Chorus]", lines: chorus });
  }
  if (shape.bridge) {
    const lines = bridgeFacts.length || phraseLines.length ? bridgeFacts.flat() : genericBridge(name);
    sections.push({ marker: "[Bridge]", lines: [...lines, ...phraseLines] });
    sections.push({ marker: "[Chorus]", lines: chorus });
  }
  if (shape.outro) {
    sections.push({ marker: "[Outro]", lines: OUTROS[shape.mood === "calm" ? "calm" : "bright"](name) });
  }

  const song = sections.map((section) => [section.marker, ...section.lines].join("\n")).join("\n\n");
  return withoutPhonetic(song, brief.phoneticSpelling, name);
}

/** The phonetic spelling is a pronunciation guide for a singer, never a word of the song. */
function withoutPhonetic(song: string, phonetic: string, name: string): string {
  const guide = tidy(phonetic);
  if (guide.length < 2) return song;
  const escaped = guide.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const word = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "giu");
  // A guide that is (part of) the name itself, "Mary" for "Mary Ann", cannot be told apart from it.
  if (new RegExp(word.source, "iu").test(name)) return song;
  return song.replace(word, () => name);
}

/** One couplet per filled detail, in the order they are sung; the bridge keeps the biggest ones. */
function factCouplets(brief: SongBrief, name: string, pick: Picker): Facts {
  const verse: Couplet[] = [];
  const bridge: Couplet[] = [];
  const add = (list: Couplet[], value: string, make: (value: string) => Couplet[]) => {
    if (value) list.push(pick(make(value)));
  };
  const N = name;
  const age = brief.childAge;
  if (age) verse.push(pick(ageCouplets(age, N)));
  add(verse, tidy(brief.favoriteColor, 3).toLowerCase(), (color) => [
    [`Everything ${color} makes you smile,`, `${N}, you could look at ${color} for a while.`],
    [`Paint the world ${color}, bright and new,`, `${N}'s favorite color, through and through.`],
  ]);
  add(verse, withoutOwner(tidy(brief.favoriteToy, 5)), (toy) => [
    [`Hugging your ${toy} at the end of the day,`, `You and your ${toy} are ready to play.`],
    [`Your ${toy} is always coming along,`, `${N}, it's humming along to your song.`],
  ]);
  add(verse, tidy(brief.favoriteActivity, 6).replace(/^to\s+/i, ""), (activity) => [
    [`${capital(activity)} is what you love to do,`, `${N}, we love watching you!`],
    [`Time for ${activity}, here we go,`, `${N}, you steal the show!`],
  ]);
  add(verse, tidy(brief.bestFriend, 4), (friend) => [
    [`${friend} and ${N}, side by side,`, "Best friends together, far and wide."],
    [`You and ${friend} laugh and run,`, `Best friends, ${N}, having fun!`],
  ]);
  add(verse, tidy(brief.childFriends, 8), (friends) => [
    [`With ${friends} all around,`, "Laughing loud, what a happy sound!"],
    [`Playing with ${friends} all day long,`, `${N}, you sing a happy song.`],
  ]);
  add(verse, tidy(brief.petName, 4), (pet) => [
    [`And don't forget ${pet}, always near,`, "The sweetest friend, so loved and dear."],
    [`${capital(pet)} is waiting by the door,`, `${N}, who could ask for more?`],
  ]);
  add(verse, placeOf(tidy(brief.favoritePlace, 5)), (place) => [
    [`Off we go to ${place}, the sun is shining through,`, `${N}'s favorite place, and we love it too.`],
    [`Down at ${place}, you run and play,`, `${N}, you could stay there every day.`],
  ]);
  add(verse, tidy(brief.specialTalent, 6), (talent) => [
    [`You're so good at ${talent}, it's true,`, `${N}, there's nothing you can't do.`],
    [`${capital(talent)}, wow, look at you go,`, `${N}, you're the star of the show!`],
  ]);
  add(verse, tidy(brief.favoriteSaying, 8), (saying) => [
    ["Here's what you always like to say:", `"${capital(saying)}!" every single day.`],
  ]);
  add(verse, tidy(brief.childActivities, 8), (activities) => [
    [`${capital(activities)}, so much to do,`, `${N}, there's no stopping you!`],
  ]);
  add(verse, dateOf(brief.childBirthday), (birthday) => [
    [`Born on ${birthday}, a special start,`, `${N}, you light up every heart.`],
  ]);

  if (brief.isGift) {
    add(bridge, tidy(brief.giftMessage, 12), (message) => [
      ["A little song, a gift for you,", `From someone who loves you: ${capital(message)}!`],
    ]);
  }
  add(bridge, dreamOf(tidy(brief.dreamAspiration, 6)), (dream) => [
    [`You dream of ${dream}, reaching high,`, "Your dreams are bigger than the sky."],
  ]);
  add(bridge, tidy(brief.parentCallName, 4), (parent) => [
    [`${capital(parent)} holds you close and hums this tune,`, "Under the sun and under the moon."],
    [`${capital(parent)} loves you more than words can say,`, `${N}, more and more every day.`],
  ]);
  return { verse, bridge };
}

function ageCouplets(age: string, N: string): Couplet[] {
  if (age === "newborn") {
    return [
      ["Just a tiny baby, new and small,", `${N}, you're the sweetest one of all.`],
      ["Little fingers, little toes,", `${N}, you're loved, and everybody knows.`],
    ];
  }
  if (age === "13+") return [["Growing up and standing tall,", `${N}, you're the brightest star of all.`]];
  const years = AGE_WORDS[Number(age)] ?? age;
  return [
    [
      `${capital(years)} ${age === "1" ? "year" : "years"} old and growing tall,`,
      `${N}, you're the brightest star of all.`,
    ],
    [`${N} is ${years}, hip hip hooray,`, "Growing bigger every single day."],
  ];
}

const AGE_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];

function phraseLinesOf(phrase: string, N: string): string[] {
  const words = phrase.split(" ").length;
  const line = /[.!?]$/.test(phrase) ? capital(phrase) : `${capital(phrase)}!`;
  return words <= 6 ? [line, `${N}, ${phrase.replace(/[.!?]+$/, "")}!`] : [line];
}

const CHORUSES: Record<SongStyle, (N: string) => string[]> = {
  happy: (N) => [
    `${N}, ${N}, shining like the sun,`,
    `${N}, ${N}, you're the special one,`,
    "With a heart so big and a smile so true,",
    `${N}, this song is just for you!`,
  ],
  energetic: (N) => [
    `Hey, ${N}! Jump up high!`,
    `Hey, ${N}! Touch the sky!`,
    "Clap your hands and stomp your feet,",
    `${N}, you've got the coolest beat!`,
  ],
  calm: (N) => [
    `Hush now, ${N}, close your eyes,`,
    "Stars are twinkling in the skies,",
    `Sleep now, ${N}, safe and sound,`,
    "Love is all around.",
  ],
  silly: (N) => [
    `${N}, ${N}, wiggle and giggle,`,
    "Shake your toes and do a jiggle,",
    "Silly faces, funny hats,",
    `${N} laughs at all of that!`,
  ],
  heartfelt: (N) => [
    `${N}, you are loved more than you know,`,
    "More every day as we watch you grow,",
    "Wherever you go, whatever you do,",
    `${N}, our hearts belong to you.`,
  ],
};

const FILLERS: Record<"calm" | "bright", (N: string) => Couplet[]> = {
  calm: (N) => [
    ["The moon is soft, the stars are bright,", `${N}, sleep tight tonight.`],
    ["A gentle breeze, a quiet sky,", `${N}, hush-a-bye.`],
    ["Snuggled up and warm in bed,", `Sweet dreams, ${N}, rest your head.`],
  ],
  bright: (N) => [
    [`${N} wakes up with a great big grin,`, "Another happy day is ready to begin."],
    ["Running and laughing out in the sun,", `${N}, you make everything fun.`],
    [`${N}, you're kind, and ${N}, you're bright,`, "You make every day feel just right."],
    ["Hear the music, feel the beat,", `${N} is dancing on happy feet.`],
  ],
};

function genericFiller(N: string, index: number): Couplet {
  return index % 2 ? ["Every morning, every night,", `${N}, you shine so bright.`] : [
    "La la la, and here we go,",
    `${N}, we love you so!`,
  ];
}

function genericBridge(N: string): string[] {
  return [
    "La la la, sing along,",
    `Everybody sing ${N}'s song,`,
    "Clap your hands and sing it too,",
    `${N}, this one's for you!`,
  ];
}

const OUTROS: Record<"calm" | "bright", (N: string) => string[]> = {
  calm: (N) => [`Goodnight, ${N}, sweet dreams,`, "Goodnight, goodnight."],
  bright: (N) => [`${N}, ${N}, this song's for you,`, "We love you, yes we do!"],
};

// ---------------------------------------------------------------------------------------------------
// Tags and title

const GENRE_TAGS: Record<SongGenre, { genre: string; instruments: string }> = {
  pop: { genre: "children's pop", instruments: "acoustic guitar, piano, light drums" },
  country: { genre: "kids country", instruments: "acoustic guitar, banjo, fiddle" },
  "hip-hop": { genre: "kid-friendly hip-hop", instruments: "bouncy beat, synth bass, hand claps" },
  "singer-songwriter": {
    genre: "acoustic singer-songwriter",
    instruments: "fingerpicked guitar, soft piano",
  },
  lullaby: { genre: "lullaby", instruments: "music box, soft piano, gentle strings" },
  kids: { genre: "children's song", instruments: "ukulele, xylophone, hand claps" },
};

const STYLE_TAGS: Record<SongStyle, { mood: string; tempo: string }> = {
  happy: { mood: "upbeat, cheerful, bright", tempo: "medium-fast tempo" },
  energetic: { mood: "energetic, playful", tempo: "fast tempo" },
  calm: { mood: "gentle, soothing, warm", tempo: "slow tempo" },
  silly: { mood: "silly, playful, bouncy", tempo: "medium-fast tempo" },
  heartfelt: { mood: "heartfelt, warm, tender", tempo: "mid-tempo" },
};

/** Instruments an admin's instruction may ask for by name. */
const INSTRUMENTS = [
  "acoustic guitar",
  "electric guitar",
  "guitar",
  "ukulele",
  "piano",
  "music box",
  "xylophone",
  "glockenspiel",
  "banjo",
  "fiddle",
  "violin",
  "cello",
  "strings",
  "flute",
  "harmonica",
  "harp",
  "drums",
  "synth",
  "trumpet",
  "saxophone",
  "whistling",
  "hand claps",
];

/** Genre, mood, tempo, instruments, vocals; a newborn's song is a slow lullaby whatever its genre. */
function composeTags(brief: SongBrief): string {
  const genre = GENRE_TAGS[brief.songGenre] ?? GENRE_TAGS.pop;
  const style = STYLE_TAGS[brief.songStyle] ?? STYLE_TAGS.happy;
  const newborn = brief.childAge === "newborn";
  const asked = INSTRUMENTS.filter((instrument) =>
    new RegExp(`\\b${instrument}\\b`, "i").test(brief.customInput ?? "")
  );
  return [
    ...(newborn && brief.songGenre !== "lullaby" ? ["lullaby"] : []),
    genre.genre,
    newborn ? "gentle, soothing" : style.mood,
    newborn ? "slow tempo" : style.tempo,
    ...asked,
    newborn ? GENRE_TAGS.lullaby.instruments : genre.instruments,
    SINGER_LABELS[brief.singerGender] ?? SINGER_LABELS.female,
  ].join(", ");
}

/** "Mia's Purple Song": the favourite that makes a title, else one that matches the mood. */
function composeTitle(brief: SongBrief): string {
  const name = tidy(brief.childName) || "Little One";
  const owner = name.endsWith("s") ? `${name}'` : `${name}'s`;
  const favourite = [
    tidy(brief.favoriteColor),
    withoutOwner(tidy(brief.favoriteToy)),
    tidy(brief.favoriteActivity),
  ]
    .find((value) => value && value.split(" ").length <= 2);
  if (favourite) return `${owner} ${titleCase(favourite)} Song`;
  const pet = tidy(brief.petName);
  if (pet && pet.split(" ").length <= 2) return `${name} and ${titleCase(pet)}`;
  if (brief.childAge === "newborn" || brief.songGenre === "lullaby") return `${owner} Lullaby`;
  return {
    happy: `${owner} Happy Song`,
    energetic: `Go, ${name}, Go!`,
    calm: `${owner} Lullaby`,
    silly: `${owner} Silly Song`,
    heartfelt: `A Song for ${name}`,
  }[brief.songStyle] ?? `${owner} Song`;
}

// ---------------------------------------------------------------------------------------------------
// Text helpers

type Picker = <T>(choices: T[]) => T;

/** Chooses among variants by a hash of the brief: varied between children, fixed for one. */
function picker(seedText: string): Picker {
  let state = fnv1a(seedText);
  return (choices) => {
    state = Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) >>> 0;
    state = (state ^ (state >>> 12)) >>> 0;
    return choices[state % choices.length];
  };
}

export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  }
  return hash;
}

/** Where a clause ends: not at the dot of "Mr. Button" or "St. Ives". */
const CLAUSE_END = /[!?;\n]|(?<!\b(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Mt))\.(?=\s|$)/;

/** A detail as a singer can use it: its first clause, without quotes or end punctuation, a few words. */
function tidy(value: string | undefined, maxWords = 12): string {
  const clause = (value ?? "").split(CLAUSE_END).find((part) => part.trim()) ?? "";
  const words = clause.replace(/["“”«»]/g, "").replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  return words.slice(0, maxWords).join(" ").replace(/[\s,:;–—-]+$/, "");
}

/** "her teddy bear" is sung as "your teddy bear". */
function withoutOwner(value: string): string {
  return value.replace(/^(?:my|his|her|their|your|our|a|an|the)\s+/i, "");
}

/** "beach" becomes "the beach"; "Grandma's house" and "the park" stay as written. */
function placeOf(value: string): string {
  if (!value) return "";
  if (/^(?:the|a|an|my|his|her|their|our)\s/i.test(value) || /^\p{Lu}/u.test(value)) {
    return value.replace(/^(?:my|his|her|their)\s/i, "your ");
  }
  return `the ${value}`;
}

/** "to be an astronaut" is sung as "being an astronaut". */
function dreamOf(value: string): string {
  return value.replace(/^(?:to\s+)?be\s+/i, "being ").replace(/^(?:to\s+)?become\s+/i, "becoming ")
    .replace(/^to\s+/i, "");
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A birthday as sung: "March 14" from an ISO date, otherwise the words given. */
function dateOf(value: string): string {
  const iso = value.trim().match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (iso) {
    const month = MONTHS[Number(iso[2]) - 1];
    if (month && Number(iso[3]) >= 1 && Number(iso[3]) <= 31) return `${month} ${Number(iso[3])}`;
  }
  return tidy(value, 4);
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function titleCase(text: string): string {
  return text.split(" ").map(capital).join(" ");
}
