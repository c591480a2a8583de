import { assertEquals } from "@std/assert";
import { canonicalEmail, sameBuyer } from "../../../../domain/referral/canonical_email.ts";

Deno.test("canonicalEmail: case and +tags everywhere, dots and googlemail.com only at Gmail", () => {
  assertEquals(canonicalEmail(" Alice+Promo@Example.COM "), "alice@example.com");
  assertEquals(canonicalEmail("a.l.i.c.e+x@googlemail.com"), "alice@gmail.com");
  assertEquals(canonicalEmail("A.Lice@gmail.com"), "alice@gmail.com");
  assertEquals(canonicalEmail("j.doe@example.com"), "j.doe@example.com", "dots count elsewhere");
  assertEquals(canonicalEmail("+only@example.com"), "+only@example.com", "a tag needs a name before it");
  assertEquals(canonicalEmail("odd@name@example.com"), "odd@name@example.com");
  assertEquals(canonicalEmail("no-at-sign"), "no-at-sign");
});

Deno.test("sameBuyer: aliases of one mailbox are one buyer; different names are not", () => {
  assertEquals(sameBuyer("alice@gmail.com", "ali.ce+2@googlemail.com"), true);
  assertEquals(sameBuyer("bob@example.com", "BOB+x@example.com"), true);
  assertEquals(sameBuyer("bob@example.com", "bob@example.org"), false);
  assertEquals(sameBuyer("b.ob@example.com", "bob@example.com"), false);
});
