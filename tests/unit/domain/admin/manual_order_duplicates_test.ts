import { assert, assertEquals } from "@std/assert";
import {
  type DuplicateFacts,
  duplicateOrderMessage,
  emailKey,
  isDuplicateOrder,
} from "../../../../domain/admin/manual_order_duplicates.ts";

const EXISTING: DuplicateFacts = {
  childName: "Mia Rose",
  parentEmail: "parent@example.com",
  songTitle: "Mia's Big Day",
};

Deno.test("duplicate manual order: the same child, address and title, whatever the case and spaces", () => {
  assert(isDuplicateOrder(EXISTING, EXISTING));
  assert(isDuplicateOrder({
    childName: "  mia   ROSE ",
    parentEmail: " Parent@Example.COM ",
    songTitle: "MIA'S  big\tday",
  }, EXISTING));
  // A name typed with or without its space is still the same child.
  assert(isDuplicateOrder({ ...EXISTING, childName: "MiaRose" }, EXISTING));
  // Full-width letters a phone keyboard may give are the same letters.
  assert(isDuplicateOrder({ ...EXISTING, childName: "Ｍｉａ Rose" }, EXISTING));
});

Deno.test("duplicate manual order: any one of the three differing is a different order", () => {
  assert(!isDuplicateOrder({ ...EXISTING, childName: "Mia" }, EXISTING));
  assert(!isDuplicateOrder({ ...EXISTING, parentEmail: "other@example.com" }, EXISTING));
  assert(!isDuplicateOrder({ ...EXISTING, songTitle: "Mia's Birthday" }, EXISTING));
});

Deno.test("duplicate manual order: addresses as the email index keeps them, not the money rules' form", () => {
  assertEquals(emailKey("  Parent@Example.com "), "parent@example.com");
  // Tags and Gmail dots are another index's business (domain/referral/canonical_email.ts): not matched here.
  assert(!isDuplicateOrder({ ...EXISTING, parentEmail: "parent+mia@example.com" }, EXISTING));
  assert(
    !isDuplicateOrder(
      { ...EXISTING, parentEmail: "p.arent@gmail.com" },
      { ...EXISTING, parentEmail: "parent@gmail.com" },
    ),
  );
});

Deno.test("duplicate manual order: an order with no title yet repeats nothing", () => {
  assert(!isDuplicateOrder({ ...EXISTING, songTitle: "" }, { ...EXISTING, songTitle: null }));
  assert(!isDuplicateOrder(EXISTING, { ...EXISTING, songTitle: null }));
  assert(!isDuplicateOrder({ ...EXISTING, songTitle: "  " }, { ...EXISTING, songTitle: "" }));
});

Deno.test("duplicate manual order: the warning names the existing orders, oldest first", () => {
  assertEquals(
    duplicateOrderMessage([1003]),
    "Order #1003 already has this child, parent email and song title.",
  );
  assertEquals(
    duplicateOrderMessage([1012, 1003]),
    "Orders #1003 and #1012 already have this child, parent email and song title.",
  );
  assertEquals(
    duplicateOrderMessage([1012, 1003, 1007]),
    "Orders #1003, #1007 and #1012 already have this child, parent email and song title.",
  );
});
