import type { SongStyle } from "../../../domain/order/orders.ts";
import type { Couplet } from "./couplets.ts";

/** Lines any child's song can use, with the name sung in: choruses by mood, fillers, a bridge, outros. */

/**
 * Choruses by mood, several each: the brief's seeded picker chooses one, so two children of the same
 * mood rarely share a chorus word for word, while one child's song always gets the same.
 */
export const CHORUSES: Record<SongStyle, (N: string) => string[][]> = {
  happy: (N) => [
    [
      `${N}, ${N}, shining like the sun,`,
      `${N}, ${N}, you're the special one,`,
      "With a heart so big and a smile so true,",
      `${N}, this song is just for you!`,
    ],
    [
      `Here comes ${N}, sing along,`,
      `Everybody sing ${N}'s song,`,
      "Bright as morning, kind and true,",
      `${N}, the world is glad for you!`,
    ],
    [
      `Who's the one who makes us grin?`,
      `${N}, let the fun begin!`,
      "Sunny days and skies of blue,",
      `${N}, we're so proud of you!`,
    ],
  ],
  energetic: (N) => [
    [
      `Hey, ${N}! Jump up high!`,
      `Hey, ${N}! Touch the sky!`,
      "Clap your hands and stomp your feet,",
      `${N}, you've got the coolest beat!`,
    ],
    [
      `Go, ${N}, go, go, go!`,
      `Turn it up and steal the show!`,
      "Spin around and touch the ground,",
      `${N} is the best around!`,
    ],
    [
      `Ready, steady, ${N}, run!`,
      "Faster, faster, here's the fun!",
      "Hands up high and shout hooray,",
      `${N} wins the race today!`,
    ],
  ],
  calm: (N) => [
    [
      `Hush now, ${N}, close your eyes,`,
      "Stars are twinkling in the skies,",
      `Sleep now, ${N}, safe and sound,`,
      "Love is all around.",
    ],
    [
      `Softly, softly, ${N} dear,`,
      "Close your eyes, for we are here,",
      "Moonlight on your pillow deep,",
      `${N}, drift away to sleep.`,
    ],
    [
      `Rock-a-bye, ${N}, the day is done,`,
      "Goodnight stars and goodnight sun,",
      "Dream of clouds so soft and white,",
      `${N}, sleep well tonight.`,
    ],
  ],
  silly: (N) => [
    [
      `${N}, ${N}, wiggle and giggle,`,
      "Shake your toes and do a jiggle,",
      "Silly faces, funny hats,",
      `${N} laughs at all of that!`,
    ],
    [
      `Boing, boing, ${N} bounces high,`,
      "Like a kangaroo in the sky,",
      "Wobble like a jelly, quack like a duck,",
      `${N}, you're a bundle of luck!`,
    ],
    [
      `Who's that dancing on their nose?`,
      `${N}, wiggling all ten toes!`,
      "Pull a face and hop around,",
      `${N}, the silliest in town!`,
    ],
  ],
  heartfelt: (N) => [
    [
      `${N}, you are loved more than you know,`,
      "More every day as we watch you grow,",
      "Wherever you go, whatever you do,",
      `${N}, our hearts belong to you.`,
    ],
    [
      `${N}, you're the light in every day,`,
      "Our little star to guide the way,",
      "Hold this song and always know,",
      `${N}, we love you so.`,
    ],
    [
      `From the moment you came, ${N}, we knew,`,
      "The world was brighter because of you,",
      "Whatever tomorrow brings your way,",
      `${N}, we're with you every day.`,
    ],
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

export const OUTROS: Record<"calm" | "bright", (N: string) => string[][]> = {
  calm: (N) => [
    [`Goodnight, ${N}, sweet dreams,`, "Goodnight, goodnight."],
    [`Sleep tight, ${N}, the moon is high,`, "Hush now, lullaby."],
  ],
  bright: (N) => [
    [`${N}, ${N}, this song's for you,`, "We love you, yes we do!"],
    [`That's the song of ${N}, hooray,`, "Sing it loud and sing it every day!"],
  ],
};

/**
 * A gift's dedication, after the song: from its giver, said to the child the song is about. The
 * giver's message is not sung: it is for whoever receives the gift, who reads it in their email.
 */
export function dedication(giver: string, N: string): string[] {
  return [`With love from ${giver}, we sing along,`, `${N}, this is your very own song.`];
}
