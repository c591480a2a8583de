import { assertEquals } from "@std/assert";
import {
  DEFAULT_LIST_QUERY,
  type ListQuery,
  parseListQuery,
} from "../../../../../domain/admin/list_query.ts";
import {
  hasActiveFilters,
  listApiPath,
  listExportPath,
  listQueryString,
  narrowingCount,
  resetFilters,
  showTab,
} from "../../../../../islands/admin/list/list_query.ts";

const parse = (search: string) => parseListQuery(new URLSearchParams(search));
const view = (fields: Partial<ListQuery>): ListQuery => ({ ...DEFAULT_LIST_QUERY, ...fields });

Deno.test("list query: reads page, filter and search from the address, defaulting what is wrong", () => {
  assertEquals(parse(""), DEFAULT_LIST_QUERY);
  assertEquals(
    parse("?page=3&filter=review&q=%20Mia%20"),
    view({ page: 3, filter: "review", q: "Mia", sort: "oldest" }),
  );
  assertEquals(
    parse("?page=0&filter=nope&sort=sideways&gift=maybe&from=2026-02-30&tz=Mars/Olympus"),
    DEFAULT_LIST_QUERY,
  );
  assertEquals(parse("?page=2.5").page, 1);
  assertEquals(parse("?page=-4").page, 1);
  assertEquals(parse(`?q=${"x".repeat(300)}`).q.length, 200);
  assertEquals(parse("?code=%20friend10%20").code, "FRIEND10");
});

Deno.test("list query: the address keeps only what differs from the default view, and reads back the same", () => {
  assertEquals(listQueryString(view({})), "");
  assertEquals(listQueryString(view({ page: 2 })), "?page=2");
  assertEquals(listQueryString(view({ filter: "sent", q: "a b" })), "?filter=sent&q=a+b");
  assertEquals(listQueryString(view({ sort: "oldest" })), "?sort=oldest");
  const round = view({
    page: 4,
    filter: "approved",
    q: "#1042",
    sort: "oldest",
    gift: "gift",
    streaming: "live",
    code: "FRIEND10",
    from: "2026-11-01",
    to: "2026-11-30",
    tz: "Europe/London",
  });
  assertEquals(parse(listQueryString(round)), round);
});

Deno.test("list query: the time zone is written only with the days it reads", () => {
  assertEquals(listQueryString(view({ tz: "Asia/Tokyo" })), "");
  assertEquals(
    listQueryString(view({ from: "2026-11-01", tz: "Asia/Tokyo" })),
    "?from=2026-11-01&tz=Asia%2FTokyo",
  );
});

Deno.test("list query: the API call always names the page", () => {
  assertEquals(listApiPath(view({})), "/api/admin/orders?page=1");
  assertEquals(
    listApiPath(view({ page: 2, filter: "approved", q: "mia@example.com", gift: "not-gift" })),
    "/api/admin/orders?filter=approved&q=mia%40example.com&gift=not-gift&page=2",
  );
});

Deno.test("list query: Reset Filters shows while anything narrows the list, not for a page or a sort", () => {
  assertEquals(hasActiveFilters(view({})), false);
  assertEquals(hasActiveFilters(view({ page: 3 })), false);
  assertEquals(hasActiveFilters(view({ sort: "oldest" })), false);
  assertEquals(hasActiveFilters(view({ filter: "review" })), true);
  assertEquals(hasActiveFilters(view({ q: "Mia" })), true);
  assertEquals(hasActiveFilters(view({ streaming: "with" })), true);
  assertEquals(hasActiveFilters(view({ code: "GRANDMA" })), true);
  assertEquals(hasActiveFilters(view({ to: "2026-11-02" })), true);
  const narrowed = view({ filter: "sent", gift: "gift", from: "2026-11-01", sort: "oldest", page: 5 });
  assertEquals({ ...narrowed, ...resetFilters(narrowed) }, view({ sort: "oldest" }));
  // The Review tab's own order goes with it.
  const review = view({ filter: "review", sort: "oldest", q: "Mia" });
  assertEquals({ ...review, ...resetFilters(review) }, view({}));
});

Deno.test("list query: each tab opens in its own order, and a sort staff chose goes with them", () => {
  // Review: oldest first, the song closest to the 24-hour promise at the top; the address omits it.
  assertEquals(parse("?filter=review").sort, "oldest");
  assertEquals(parse("?filter=review&sort=newest").sort, "newest");
  assertEquals(parse("?filter=sent").sort, "newest");
  assertEquals(listQueryString(view({ filter: "review", sort: "oldest" })), "?filter=review");
  assertEquals(listQueryString(view({ filter: "review", sort: "newest" })), "?filter=review&sort=newest");
  const round = view({ filter: "review", sort: "newest", page: 2 });
  assertEquals(parse(listQueryString(round)), round);
  // Moving between tabs: a tab's own order is left behind, a chosen one is kept.
  assertEquals(showTab(view({}), "review"), { filter: "review", page: 1, sort: "oldest" });
  assertEquals(showTab(view({ filter: "review", sort: "oldest" }), "sent").sort, "newest");
  assertEquals(showTab(view({ sort: "oldest" }), "sent").sort, "oldest");
  assertEquals(showTab(view({ filter: "review", sort: "newest" }), "all").sort, "newest");
});

Deno.test("the export asks for the list as narrowed, not its page", () => {
  assertEquals(
    listExportPath(view({ page: 3, filter: "review", sort: "oldest" })),
    "/api/admin/orders.csv?filter=review",
  );
  assertEquals(
    listExportPath(view({ q: "mia smith", streaming: "with", sort: "oldest" })),
    "/api/admin/orders.csv?q=mia+smith&sort=oldest&streaming=with",
  );
});

Deno.test("list query: the phone's Sort and narrow button counts what differs from the tab's own view", () => {
  assertEquals(narrowingCount(view({})), 0);
  assertEquals(narrowingCount(view({ filter: "review", sort: "oldest", q: "Mia", page: 3 })), 0);
  assertEquals(narrowingCount(view({ filter: "review", sort: "newest" })), 1);
  assertEquals(
    narrowingCount(view({ gift: "gift", code: "GRANDMA", from: "2026-11-01", to: "2026-11-02" })),
    4,
  );
});
