/**
 * Customer-side §3: the order form's fixed choices. Kept free of zod (like child_age.ts) so the
 * islands that only need the lists (the form's draft restore, which the payment and order-waiting
 * pages share) do not ship the validation library; domain/orders.ts builds its schema from them.
 */
export const CHILD_GENDERS = ["boy", "girl"] as const;
export const SONG_GENRES = ["pop", "country", "hip-hop", "singer-songwriter", "lullaby", "kids"] as const;
export const SINGER_GENDERS = ["female", "male", "child"] as const;
export const SONG_STYLES = ["happy", "energetic", "calm", "silly", "heartfelt"] as const;

export type SongGenre = (typeof SONG_GENRES)[number];
export type SingerGender = (typeof SINGER_GENDERS)[number];
export type SongStyle = (typeof SONG_STYLES)[number];
