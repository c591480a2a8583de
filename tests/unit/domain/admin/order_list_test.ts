import { assertEquals } from "@std/assert";
import {
  ADMIN_FILTER_LABELS,
  ADMIN_FILTER_TABS,
  ADMIN_FILTERS,
  clampPage,
  filterBits,
  filtersOf,
  hasFilterBit,
  pageLinks,
  showingRange,
  totalPagesOf,
} from "../../../../domain/admin/order_list.ts";
import { domainSuffixesOf, foldText, queryTerms, searchTermsOf } from "../../../../domain/admin/search.ts";
import type { Order } from "../../../../domain/order/orders.ts";

Deno.test("filter tabs: Review, Approved and Sent as staff-side §2 defines them", () => {
  const of = (fields: Partial<Order>) =>
    filtersOf({ status: "completed", approvalStatus: "pending", ...fields });
  assertEquals(of({}), ["all", "review"]);
  assertEquals(
    of({ approvalStatus: undefined as unknown as "pending" }),
    ["all", "review"],
    "missing counts",
  );
  assertEquals(of({ approvalStatus: "approved" }), ["all", "approved"]);
  assertEquals(of({ approvalStatus: "approved", emailSentAt: "2026-01-01T00:00:00Z" }), ["all", "sent"]);
  assertEquals(of({ approvalStatus: "rejected" }), ["all"]);
  assertEquals(of({ status: "generating" }), ["all", "in-progress"]);
  assertEquals(of({ status: "failed" }), ["all", "failed"]);
});

Deno.test("filter tabs: In Progress while the song is being made, Failed when its making failed", () => {
  const of = (status: string, fields: Partial<Order> = {}) =>
    filtersOf({ status: status as Order["status"], approvalStatus: "pending", ...fields });
  for (const status of ["pending", "generating", "lyrics_generated"]) {
    assertEquals(of(status), ["all", "in-progress"], status);
  }
  assertEquals(of("failed"), ["all", "failed"]);
  const requestedDelivery = { at: "2026-02-01T08:00:00Z", timeZone: "Europe/London" };
  assertEquals(of("failed", { requestedDelivery }), ["all", "dated", "failed"]);
  for (const status of ["completed", "in_studio", "live"]) {
    assertEquals(of(status).filter((f) => f === "in-progress" || f === "failed"), [], status);
  }
});

Deno.test("filter tabs: shown All, In Progress, Review, Approved, Sent, For a date, Failed; each once", () => {
  assertEquals(ADMIN_FILTER_TABS.map((filter) => ADMIN_FILTER_LABELS[filter]), [
    "All",
    "In Progress",
    "Review",
    "Approved",
    "Sent",
    "For a date",
    "Failed",
  ]);
  assertEquals([...ADMIN_FILTER_TABS].sort(), [...ADMIN_FILTERS].sort());
});

Deno.test("pagination: 20 per page, the range line, a page past the end shows the last", () => {
  assertEquals(totalPagesOf(0), 1);
  assertEquals(totalPagesOf(20), 1);
  assertEquals(totalPagesOf(21), 2);
  assertEquals(showingRange(1, 0), { from: 0, to: 0, total: 0 });
  assertEquals(showingRange(1, 45), { from: 1, to: 20, total: 45 });
  assertEquals(showingRange(3, 45), { from: 41, to: 45, total: 45 });
  assertEquals(clampPage(9, 45), 3);
  assertEquals(clampPage(0, 45), 1);
  assertEquals(clampPage(Number.NaN, 45), 1);
  assertEquals(clampPage(2.7, 45), 2);
});

Deno.test("page links: first, last, neighbours, and ellipses only for real gaps", () => {
  assertEquals(pageLinks(1, 1), [1]);
  assertEquals(pageLinks(1, 2), [1, 2]);
  assertEquals(pageLinks(1, 10), [1, 2, "ellipsis", 10]);
  assertEquals(pageLinks(5, 10), [1, "ellipsis", 4, 5, 6, "ellipsis", 10]);
  assertEquals(pageLinks(3, 10), [1, 2, 3, 4, "ellipsis", 10], "a one-page gap shows the page");
  assertEquals(pageLinks(10, 10), [1, "ellipsis", 9, 10]);
  assertEquals(pageLinks(4, 5), [1, 2, 3, 4, 5]);
});

Deno.test("search: orders are found by word prefixes of their number, names and email", () => {
  const terms = searchTermsOf({
    orderNumber: 1042,
    childName: "Zoë Mary-Ann",
    parentName: "Jane O'Brien",
    parentEmail: "Jane.Doe+kids@Mail.Example.co.uk",
  });
  assertEquals(terms.words.sort(), ["1042", "ann", "brien", "doe", "jane", "kids", "mary", "o", "zoe"]);
  assertEquals(terms.emails, ["jane.doe+kids@mail.example.co.uk"]);
  assertEquals(terms.domains, ["mail.example.co.uk", "example.co.uk", "co.uk"]);
  assertEquals(foldText("ZOË"), "zoe");
  const word = (prefix: string) => ({ index: "word", prefix });
  const domain = (prefix: string) => ({ index: "domain", prefix });
  const email = (prefix: string) => ({ index: "email", prefix });
  assertEquals(queryTerms("  #1042 "), [[word("1042")]]);
  assertEquals(queryTerms("Zoë  o'bri"), [
    [word("zoe"), domain("zoe")],
    [word("o"), domain("o")],
    [word("bri"), domain("bri")],
  ]);
  assertEquals(queryTerms("jane.doe@ex"), [[email("jane.doe@ex")]]);
  assertEquals(queryTerms("   "), []);
  assertEquals(queryTerms("a b c d e f g").length, 5, "at most five terms");
});

Deno.test("search: a domain is found whole, from any dot, or by the part after the @ as typed", () => {
  assertEquals(domainSuffixesOf("example.com"), ["example.com"], "the bare top-level label is no token");
  assertEquals(domainSuffixesOf("localhost"), ["localhost"]);
  assertEquals(domainSuffixesOf(""), []);
  const domain = (prefix: string) => ({ index: "domain", prefix });
  const email = (prefix: string) => ({ index: "email", prefix });
  assertEquals(queryTerms("@Example.com"), [[domain("example.com")]]);
  assertEquals(queryTerms("@@mail.exa"), [[domain("mail.exa")]]);
  assertEquals(queryTerms("@"), []);
  assertEquals(queryTerms("example.com"), [[email("example.com"), domain("example.com")]]);
  assertEquals(queryTerms("example"), [[{ index: "word", prefix: "example" }, domain("example")]]);
  // A hyphenated domain's name without its ending: each word may be the whole name's start too.
  const word = (prefix: string) => ({ index: "word", prefix });
  assertEquals(queryTerms("t-online"), [
    [word("t"), domain("t"), domain("t-online")],
    [word("online"), domain("online"), domain("t-online")],
  ]);
});

Deno.test("search: a gift is found by its recipient's name and address as well as its parent's", () => {
  const order = {
    orderNumber: 1042,
    childName: "Zoë",
    parentName: "Jane Doe",
    parentEmail: "jane@example.com",
    giftRecipientName: "Rosa Delgado",
    giftRecipientEmail: "Rosa.D@Gmail.com",
  };
  const gift = searchTermsOf({ ...order, isGift: true });
  assertEquals(gift.words.sort(), ["1042", "d", "delgado", "doe", "jane", "rosa", "zoe"]);
  assertEquals(gift.emails, ["jane@example.com", "rosa.d@gmail.com"]);
  assertEquals(gift.domains, ["example.com", "gmail.com"]);
  // Not a gift: whatever the form once held for a recipient is not the order's.
  const plain = searchTermsOf({ ...order, isGift: false });
  assertEquals([plain.emails, plain.domains], [["jane@example.com"], ["example.com"]]);
});

Deno.test("filter bits: the tabs before issue 23 keep their bits, the new ones take the next two", () => {
  // Search entries written before the new tabs hold these bits: they must mean what they meant.
  assertEquals(filterBits(["all", "review", "approved", "sent", "dated"]), 0b11111);
  assertEquals(filterBits(["in-progress"]), 1 << 5);
  assertEquals(filterBits(["failed"]), 1 << 6);
  const bits = filterBits(filtersOf({ status: "failed", approvalStatus: "pending" }));
  assertEquals(ADMIN_FILTERS.filter((filter) => hasFilterBit(bits, filter)), ["all", "failed"]);
});

Deno.test("filter bits round-trip", () => {
  const bits = filterBits(["all", "sent"]);
  assertEquals(["all", "review", "approved", "sent"].map((f) => hasFilterBit(bits, f as "all")), [
    true,
    false,
    false,
    true,
  ]);
});
