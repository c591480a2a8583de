import type { SongStyle } from "../../../domain/orders.ts";
import type { Couplet } from "./couplets.ts";

/** Lines any child's song can use, with the name sung in: choruses by mood, fillers, a bridge, outros. */

export const CHORUSES: Record<SongStyle, (N: string) => string[]> = {
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

export const FILLERS: Record<"calm" | "bright", (N: string) => Couplet[]> = {
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

export function genericFiller(N: string, index: number): Couplet {
  return index % 2 ? ["Every morning, every night,", `${N}, you shine so bright.`] : [
    "La la la, and here we go,",
    `${N}, we love you so!`,
  ];
}

export function genericBridge(N: string): string[] {
  return [
    "La la la, sing along,",
    `Everybody sing ${N}'s song,`,
    "Clap your hands and sing it too,",
    `${N}, this one's for you!`,
  ];
}

export const OUTROS: Record<"calm" | "bright", (N: string) => string[]> = {
  calm: (N) => [`Goodnight, ${N}, sweet dreams,`, "Goodnight, goodnight."],
  bright: (N) => [`${N}, ${N}, this song's for you,`, "We love you, yes we do!"],
};
