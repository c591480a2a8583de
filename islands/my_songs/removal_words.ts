import type { MySongsItem } from "../../domain/order/views.ts";

/**
 * What the Delete Song dialog asks and its toast says (customer-side §2, My Songs), by what the delete
 * does (domain/order/song_removal.ts): a giver is told plainly, before and after, what happens to the
 * recipient's song. Pure, so every wording is unit-tested.
 */
type RemovalFacts = Pick<MySongsItem, "childName" | "removal" | "giftRecipientName">;

/** "Grandma Jo", or "the person you gave it to" for a gift whose recipient has no name on the form. */
const recipientOf = (song: RemovalFacts) => song.giftRecipientName || "the person you gave it to";
const recipientOpening = (song: RemovalFacts) => song.giftRecipientName || "The person you gave it to";

export function removalQuestion(song: RemovalFacts): string {
  const songName = `${song.childName}'s song`;
  switch (song.removal) {
    case "leave":
      return `This removes ${songName} from your list. This action cannot be undone.`;
    case "keep-for-recipient":
      return `This removes ${songName} from your list. ${
        recipientOpening(song)
      } keeps the song you gave: their link and their copy keep working. This action cannot be undone.`;
    case "delete":
      return song.giftRecipientName !== null
        ? `This permanently deletes ${songName}, and ${
          recipientOf(song)
        } will not receive it. This action cannot be undone.`
        : `This permanently deletes ${songName}. This action cannot be undone.`;
  }
}

/** The success toast's description (customer-side §8), with what the recipient keeps. */
export function removalDoneWords(song: RemovalFacts): string {
  const removed = "The song has been removed from your collection.";
  return song.removal === "keep-for-recipient"
    ? `${removed} ${recipientOpening(song)} keeps their copy.`
    : removed;
}
