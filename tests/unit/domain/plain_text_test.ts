import { assertEquals } from "@std/assert";
import { plainText } from "../../../domain/plain_text.ts";

Deno.test("control, zero-width, bidi and tag characters go; what is left is trimmed", () => {
  assertEquals(plainText("\u200B\u200B\u200B"), "", "only zero-width spaces: empty, so not filled");
  assertEquals(plainText(" \u3164 \u2800 \uFEFF "), "", "blank look-alikes and a byte-order mark");
  assertEquals(plainText("Mia\u0000\u0007"), "Mia", "NUL and BEL");
  assertEquals(plainText("\u202Eaim"), "aim", "a right-to-left override");
  assertEquals(plainText("Mia\u2066\u2069\u200E"), "Mia", "isolates and marks");
  assertEquals(plainText("Mia\u{E0069}\u{E0067}\u{E006E}"), "Mia", "tag letters spelling hidden text");
  assertEquals(plainText("a\u001B[31mb"), "a[31mb", "an escape sequence loses its escape");
  assertEquals(plainText("Mi\uD800a"), "Mia", "a lone surrogate");
});

Deno.test("one Unicode form, and the joiners and flags that belong to what was typed", () => {
  assertEquals(plainText("Zoe\u0308"), "Zoë");
  assertEquals(plainText("Zoe\u0308").length, 3);
  assertEquals(plainText("نیلوفر\u200Cها"), "نیلوفر\u200Cها", "Persian's non-joiner inside a word");
  assertEquals(plainText("👩\u200D👧"), "👩\u200D👧", "a family emoji");
  assertEquals(plainText("\u200DMia\u200D"), "Mia", "a joiner joining nothing");
  const scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";
  assertEquals(plainText(`Go ${scotland}!`), `Go ${scotland}!`);
});

Deno.test("line breaks stay only where a field has lines; tabs are spaces", () => {
  assertEquals(plainText("Mia\nRose"), "Mia Rose");
  assertEquals(plainText("Mia\tRose"), "Mia Rose");
  assertEquals(
    plainText("Happy birthday,\r\nMia!\u2028Love", { lines: true }),
    "Happy birthday,\nMia!\nLove",
  );
  assertEquals(plainText("a\u0000\n\tb", { lines: true }), "a\n b");
});
