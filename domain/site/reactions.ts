/**
 * The reaction videos of the landing page's carousel (customer-side §3 "Reaction video item"), as data
 * in one place. The media under `static/videos/` are placeholders we render ourselves
 * (`deno task media`); to show real reactions, drop the files in with the same names or point
 * `videoUrl` and `thumbnail` at new ones. An item without `videoUrl` shows 'Video coming soon'.
 */
export interface ReactionVideo {
  id: string;
  title: string;
  childName: string;
  /** A small still shown before the video loads (and as its poster). */
  thumbnail: string;
  videoUrl?: string;
  description: string;
}

export const REACTION_VIDEOS: readonly ReactionVideo[] = [
  {
    id: "emma-birthday",
    title: "A Birthday Surprise",
    childName: "Emma",
    thumbnail: "/videos/emma-birthday.webp",
    videoUrl: "/videos/emma-birthday.mp4",
    description: "Emma hears her name in the first line and can't stop dancing.",
  },
  {
    id: "liam-dinosaurs",
    title: "Dinosaur Stomp",
    childName: "Liam",
    thumbnail: "/videos/liam-dinosaurs.webp",
    videoUrl: "/videos/liam-dinosaurs.mp4",
    description: "Liam roars along to a song about his favorite T. rex.",
  },
  {
    id: "sophia-bedtime",
    title: "A Lullaby of Her Own",
    childName: "Sophia",
    thumbnail: "/videos/sophia-bedtime.webp",
    videoUrl: "/videos/sophia-bedtime.mp4",
    description: "Sophia's bedtime song, with her cat Mittens in the chorus.",
  },
  {
    id: "noah-soccer",
    title: "Goal!",
    childName: "Noah",
    thumbnail: "/videos/noah-soccer.webp",
    videoUrl: "/videos/noah-soccer.mp4",
    description: "Noah celebrates like he just won the cup when his song starts.",
  },
  {
    id: "ava-grandma",
    title: "Singing With Grandma",
    childName: "Ava",
    thumbnail: "/videos/ava-grandma.webp",
    videoUrl: "/videos/ava-grandma.mp4",
    description: "A gift from Grandma, and the two of them already know every word.",
  },
  {
    id: "mateo-space",
    title: "Rocket to the Moon",
    childName: "Mateo",
    thumbnail: "/videos/mateo-space.webp",
    videoUrl: "/videos/mateo-space.mp4",
    description: "Mateo counts down and blasts off with his very own space song.",
  },
  {
    id: "zoe-unicorn",
    title: "Zoe and the Unicorn",
    childName: "Zoe",
    thumbnail: "/videos/zoe-unicorn.webp",
    videoUrl: "/videos/zoe-unicorn.mp4",
    description: "Rainbows, glitter and a unicorn named Sparkle: Zoe's dream song.",
  },
  {
    id: "oliver-car-ride",
    title: "Road Trip Anthem",
    childName: "Oliver",
    thumbnail: "/videos/oliver-car-ride.webp",
    videoUrl: "/videos/oliver-car-ride.mp4",
    description: "Oliver asks for his song on repeat for the whole car ride.",
  },
  {
    id: "maya-big-sister",
    title: "Best Big Sister",
    childName: "Maya",
    thumbnail: "/videos/maya-big-sister.webp",
    videoUrl: "/videos/maya-big-sister.mp4",
    description: "Maya beams at a song about being the best big sister ever.",
  },
];
