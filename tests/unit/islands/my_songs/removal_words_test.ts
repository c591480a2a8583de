import { assertEquals } from "@std/assert";
import { removalDoneWords, removalQuestion } from "../../../../islands/my_songs/removal_words.ts";

const song = (
  removal: "delete" | "keep-for-recipient" | "leave",
  giftRecipientName: string | null = null,
) => ({
  childName: "Mia",
  removal,
  giftRecipientName,
});

Deno.test("the delete dialog says what happens to a gift's recipient, before and after", () => {
  assertEquals(
    removalQuestion(song("delete")),
    "This permanently deletes Mia's song. This action cannot be undone.",
  );
  assertEquals(
    removalQuestion(song("delete", "Grandma Jo")),
    "This permanently deletes Mia's song, and Grandma Jo will not receive it. This action cannot be undone.",
  );
  assertEquals(
    removalQuestion(song("keep-for-recipient", "Grandma Jo")),
    "This removes Mia's song from your list. Grandma Jo keeps the song you gave: their link and their copy keep working. This action cannot be undone.",
  );
  assertEquals(
    removalQuestion(song("keep-for-recipient", "")),
    "This removes Mia's song from your list. The person you gave it to keeps the song you gave: their link and their copy keep working. This action cannot be undone.",
  );
  assertEquals(
    removalQuestion(song("leave")),
    "This removes Mia's song from your list. This action cannot be undone.",
  );
  assertEquals(removalDoneWords(song("delete")), "The song has been removed from your collection.");
  assertEquals(
    removalDoneWords(song("keep-for-recipient", "Grandma Jo")),
    "The song has been removed from your collection. Grandma Jo keeps their copy.",
  );
});
