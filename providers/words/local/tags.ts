import type { SongGenre, SongStyle } from "../../../domain/order/orders.ts";
import { SINGER_LABELS } from "../../../domain/prompts/defaults.ts";
import type { SongBrief } from "../../../domain/generation/song_brief.ts";
import { tidy, titleCase, withoutOwner } from "./text.ts";

/** The music service's style tags and the song's title, from the brief alone. */

const GENRE_TAGS: Record<SongGenre, { genre: string; instruments: string }> = {
  pop: { genre: "children's pop", instruments: "acoustic guitar, piano, light drums" },
  rock: { genre: "kid-friendly rock", instruments: "electric guitar, drums, bass" },
  country: { genre: "kids country", instruments: "acoustic guitar, banjo, fiddle" },
  jazz: { genre: "swing jazz", instruments: "upright bass, brushed drums, piano" },
  classical: { genre: "gentle classical", instruments: "piano, strings, flute" },
  electronic: { genre: "electronic dance-pop", instruments: "synth, drum machine, synth bass" },
  folk: { genre: "acoustic folk", instruments: "fingerpicked guitar, harmonica, fiddle" },
  "musical-theatre": { genre: "musical theatre show tune", instruments: "piano, strings, trumpet" },
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
export function composeTags(brief: SongBrief): string {
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
export function composeTitle(brief: SongBrief): string {
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
