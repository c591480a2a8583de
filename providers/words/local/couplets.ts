import type { SongBrief } from "../../../domain/generation/song_brief.ts";
import { capital, dateOf, dreamOf, type Picker, placeOf, tidy, withoutOwner } from "./text.ts";

/** The child's own lines: a rhyming couplet for each filled detail of the brief. */

export type Couplet = [string, string];

export interface Facts {
  verse: Couplet[];
  bridge: Couplet[];
}

/** One couplet per filled detail, in the order they are sung; the bridge keeps the biggest ones. */
export function factCouplets(brief: SongBrief, name: string, pick: Picker): Facts {
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
