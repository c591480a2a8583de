import type { SingerGender, SongGenre, SongStyle } from "../order/orders.ts";

/** What the lyricist knows of the child and the song (customer-side §3, order fields). */
export interface SongBrief {
  childName: string;
  phoneticSpelling: string;
  childGender?: "boy" | "girl";
  /** As the order stores it: "newborn", "1"…"12", "13+". */
  childAge?: string;
  childBirthday: string;
  favoriteColor: string;
  bestFriend: string;
  favoriteActivity: string;
  petName: string;
  parentCallName: string;
  favoriteSaying: string;
  favoriteToy: string;
  dreamAspiration: string;
  favoritePlace: string;
  specialTalent: string;
  childFriends: string;
  childActivities: string;
  extraDetails: string;
  additionalDetails: string;
  isGift: boolean;
  giftRecipientName: string;
  giftMessage: string;
  /** A gift's giver (the parent's name), whose message it is; absent when the song is no gift. */
  giftFrom?: string;
  songStyle: SongStyle;
  songGenre: SongGenre;
  singerGender: SingerGender;
  /** An admin's instruction when regenerating lyrics (staff-side §9: at most 500 characters). */
  customInput?: string;
}
