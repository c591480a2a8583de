import { assert, assertEquals, assertMatch, assertNotEquals } from "@std/assert";
import { hashToken, looksLikeToken, newToken } from "../../../../domain/account/tokens.ts";

Deno.test("tokens are 32 random bytes in base64url, distinct every time", () => {
  const tokens = new Set(Array.from({ length: 1000 }, newToken));
  assertEquals(tokens.size, 1000);
  for (const token of tokens) {
    assertMatch(token, /^[A-Za-z0-9_-]{43}$/);
    assert(looksLikeToken(token));
  }
});

Deno.test("a token's hash is its SHA-256 in hex, stable and different from the token", async () => {
  const token = newToken();
  const hash = await hashToken(token);
  assertMatch(hash, /^[0-9a-f]{64}$/);
  assertEquals(await hashToken(token), hash);
  assertNotEquals(await hashToken(newToken()), hash);
  assertEquals(
    await hashToken("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("junk is not mistaken for a token", () => {
  for (
    const junk of ["", "short", "A".repeat(42), "A".repeat(44), `${"A".repeat(42)}=`, `${"A".repeat(42)}/`]
  ) {
    assertEquals(looksLikeToken(junk), false, junk);
  }
});
