import { assertEquals } from "@std/assert";
import { unsingableIn, unsingableNameMessage } from "../../../../domain/order/sung_name.ts";

Deno.test("names of every language, with the marks names are written with, can be sung", () => {
  const names = [
    "Zoë",
    "José",
    "陈",
    "Émilie",
    "O'Brien",
    "Anne-Marie",
    "D’Angelo",
    "Mary Ann",
    "Nguyễn Thị Mai",
    "Мия",
    "أمينة",
    "Ngozi",
    "Paul·la",
    "J.J.",
    "Zoe\u0308", // the diaeresis as a combining mark
    "Ava 2", // digits are read out as words
    "मीरा", // Devanagari with its vowel signs
    "نیلوفر\u200cها", // Persian with a zero-width non-joiner
  ];
  for (const name of names) assertEquals(unsingableNameMessage(name), null, name);
});

Deno.test("emoji and symbols are named back, each once, as the parent typed them", () => {
  assertEquals(unsingableIn("Zoë 🦄"), ["🦄"]);
  assertEquals(unsingableIn("Mia ❤️❤️ 👩‍👧 #1"), ["❤️", "👩‍👧", "#"]);
  assertEquals(unsingableIn("Leo 👍🏽"), ["👍🏽"], "a skin tone stays with its emoji");
  assertEquals(
    unsingableNameMessage("Zoë 🦄"),
    "“🦄” can't be sung. Please write the name in letters, as it should be sung (spaces, hyphens and apostrophes are fine).",
  );
  assertEquals(unsingableNameMessage("a★b☆c♪d♫")?.startsWith("“★” “☆” “♪” can't"), true, "three at most");
});
