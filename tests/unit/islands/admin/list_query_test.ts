import { assertEquals } from "@std/assert";
import { parseListQuery } from "../../../../domain/admin_list_query.ts";
import {
  hasActiveFilters,
  listApiPath,
  listExportPath,
  listQueryString,
} from "../../../../islands/admin/list_query.ts";

const parse = (search: string) => parseListQuery(new URLSearchParams(search));

Deno.test("list query: reads page, filter and search from the address, defaulting what is wrong", () => {
  assertEquals(parse(""), { page: 1, filter: "all", q: "" });
  assertEquals(parse("?page=3&filter=review&q=%20Mia%20"), { page: 3, filter: "review", q: "Mia" });
  assertEquals(parse("?page=0&filter=nope"), { page: 1, filter: "all", q: "" });
  assertEquals(parse("?page=2.5").page, 1);
  assertEquals(parse("?page=-4").page, 1);
  assertEquals(parse(`?q=${"x".repeat(300)}`).q.length, 200);
});

Deno.test("list query: the address keeps only what differs from the default view", () => {
  assertEquals(listQueryString({ page: 1, filter: "all", q: "" }), "");
  assertEquals(listQueryString({ page: 2, filter: "all", q: "" }), "?page=2");
  assertEquals(listQueryString({ page: 1, filter: "sent", q: "a b" }), "?filter=sent&q=a+b");
  const round = { page: 4, filter: "approved" as const, q: "#1042" };
  assertEquals(parse(listQueryString(round)), round);
});

Deno.test("list query: the API call always names the page and the filter", () => {
  assertEquals(listApiPath({ page: 1, filter: "all", q: "" }), "/api/admin/orders?page=1&filter=all");
  assertEquals(
    listApiPath({ page: 2, filter: "review", q: "mia@example.com" }),
    "/api/admin/orders?page=2&filter=review&q=mia%40example.com",
  );
});

Deno.test("list query: Reset Filters shows for a search or a tab other than All, not for a page", () => {
  assertEquals(hasActiveFilters({ page: 1, filter: "all", q: "" }), false);
  assertEquals(hasActiveFilters({ page: 3, filter: "all", q: "" }), false);
  assertEquals(hasActiveFilters({ page: 1, filter: "review", q: "" }), true);
  assertEquals(hasActiveFilters({ page: 1, filter: "all", q: "Mia" }), true);
});

Deno.test("the export asks for the list's tab and search, not its page", () => {
  assertEquals(listExportPath({ page: 3, filter: "review", q: "" }), "/api/admin/orders.csv?filter=review");
  assertEquals(
    listExportPath({ page: 1, filter: "all", q: "mia smith" }),
    "/api/admin/orders.csv?filter=all&q=mia+smith",
  );
});
