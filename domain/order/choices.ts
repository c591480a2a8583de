/**
 * Customer-side §3: the order form's fixed choices. Apart from the schema so the
 * islands that only need the lists (the form's draft restore, which the payment and order-waiting
 * pages share) do not ship the validation library; domain/order/orders.ts builds its schema from them.
 */
export const CHILD_GENDERS = ["boy", "girl"] as const;
/**
 * Every style the FAQ promises, and the spec's six (pop, country, hip-hop, singer-songwriter,
 * lullaby, kids), which stay valid for orders stored before the list grew.
 */
export const SONG_GENRES = [
  "pop",
  "rock",
  "country",
  "jazz",
  "classical",
  "hip-hop",
  "electronic",
  "folk",
  "musical-theatre",
  "singer-songwriter",
  "lullaby",
  "kids",
] as const;
export const SINGER_GENDERS = ["female", "male", "child"] as const;
export const SONG_STYLES = ["happy", "energetic", "calm", "silly", "heartfelt"] as const;

export type SongGenre = (typeof SONG_GENRES)[number];
export type SingerGender = (typeof SINGER_GENDERS)[number];
export type SongStyle = (typeof SONG_STYLES)[number];

export type ChildGender = (typeof CHILD_GENDERS)[number];

/** How each choice is named on the form. */
export const CHILD_GENDER_LABELS: Record<ChildGender, string> = { boy: "Boy", girl: "Girl" };
export const SINGER_GENDER_LABELS: Record<SingerGender, string> = {
  female: "Female",
  male: "Male",
  child: "Child",
};
export const SONG_STYLE_LABELS: Record<SongStyle, string> = {
  happy: "Happy",
  energetic: "Energetic",
  calm: "Calm",
  silly: "Silly",
  heartfelt: "Heartfelt",
};

/** How each genre is named on the form and to staff. */
export const SONG_GENRE_LABELS: Record<SongGenre, string> = {
  pop: "Pop",
  rock: "Rock",
  country: "Country",
  jazz: "Jazz",
  classical: "Classical",
  "hip-hop": "Hip-Hop",
  electronic: "Electronic",
  folk: "Folk",
  "musical-theatre": "Musical Theatre",
  "singer-songwriter": "Singer-Songwriter",
  lullaby: "Lullaby",
  kids: "Kids' Songs",
};

/**
 * What each genre means for a song for a child, as the lyricist and the style step are told: the
 * sound, and what it asks of the words (a show tune tells a story, a lullaby winds down).
 */
export const SONG_GENRE_BRIEFS: Record<SongGenre, string> = {
  pop: "bright children's pop with a catchy, singalong chorus",
  rock: "kid-friendly rock: driving drums, electric guitars and a big shout-along chorus",
  country: "warm kids' country: acoustic guitar, fiddle and a storytelling verse",
  jazz: "playful swing jazz: walking bass, brushed drums and a little scat",
  classical: "gentle classical: piano and strings, flowing melody, simple words",
  "hip-hop": "kid-friendly hip-hop: a bouncy beat, rhymed verses and a sung hook",
  electronic: "upbeat electronic dance-pop for kids: synths and a steady beat",
  folk: "acoustic folk: fingerpicked guitar, simple harmonies and a story",
  "musical-theatre": "a musical theatre show tune: a story told in verses, a big final chorus",
  "singer-songwriter": "acoustic singer-songwriter: intimate, heartfelt and simple",
  lullaby: "a soft lullaby: slow, soothing and winding down to sleep",
  kids: "a classic children's song: simple, repetitive and easy to sing along",
};
