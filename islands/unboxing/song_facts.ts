import type { PublicOrderView } from "../../domain/order/views.ts";
import { childAgeLabel } from "../../domain/order/child_age.ts";

/** Customer-side §9: how long the lid animation plays before the song is revealed. */
export const UNBOX_ANIMATION_MS = 3000;

/** What the NOW PLAYING panel says about a song (customer-side §2, revealed state). */
export interface SongFacts {
  title: string;
  madeFor: string;
  /** Empty when the order has no age. */
  age: string;
  style: string;
  /** 'feat. {friends}', or null without friends. */
  featuring: string | null;
}

export function songFacts(order: PublicOrderView): SongFacts {
  const child = order.childName;
  const friends = order.childFriends.trim();
  return {
    title: songTitleOf(order),
    madeFor: `Made for ${child}`,
    age: childAgeLabel(order.childAge ?? undefined),
    style: capitalise(order.songStyle),
    featuring: friends ? `feat. ${friends}` : null,
  };
}

export function songTitleOf(order: Pick<PublicOrderView, "songTitle" | "childName">): string {
  return order.songTitle?.trim() || `${order.childName}'s Special Song`;
}

/** The reveal can show the song only once it has been delivered; everything else is 'Song Not Ready'. */
export function isRevealable(order: PublicOrderView | null): order is PublicOrderView & { songUrl: string } {
  return order !== null && order.status === "completed" && Boolean(order.songUrl);
}

function capitalise(word: string): string {
  return word ? word[0].toUpperCase() + word.slice(1) : word;
}

/** "1:05" for 65.3 seconds; "0:00" until the length is known. */
export function formatPlayTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export interface Stanza {
  /** A section marker such as "[Chorus]", shown as a small heading without its brackets. */
  label: string | null;
  lines: string[];
}

/** Lyrics as stanzas (split at blank lines), keeping every line break of the song. */
export function lyricStanzas(lyrics: string): Stanza[] {
  return lyrics.replace(/\r\n?/g, "\n").split(/\n\s*\n/).map((block) => {
    const lines = block.split("\n").map((line) => line.trimEnd()).filter((line) => line.trim() !== "");
    const marker = lines[0]?.trim().match(/^\[(.+)\]$/);
    return marker ? { label: marker[1].trim(), lines: lines.slice(1) } : { label: null, lines };
  }).filter((stanza) => stanza.label !== null || stanza.lines.length > 0);
}
