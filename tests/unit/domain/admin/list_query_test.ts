import { assertEquals } from "@std/assert";
import { DEFAULT_LIST_QUERY, readListQuery } from "../../../../domain/admin/list_query.ts";

const problem = (search: string) => readListQuery(new URLSearchParams(search)).problem;

Deno.test("admin list query: the API refuses the first thing wrong, page then filter then search", () => {
  assertEquals(problem(""), null);
  assertEquals(problem("?page=&filter=&q="), null);
  assertEquals(problem("?page=3&filter=review&q=Mia"), null);
  assertEquals(problem("?page=0"), "page must be a whole number from 1.");
  assertEquals(problem("?page=2.5&filter=nope"), "page must be a whole number from 1.");
  assertEquals(problem("?page=1&page=2"), "page must be a whole number from 1.");
  assertEquals(problem("?page=1000001"), "page is too large.");
  assertEquals(
    problem("?filter=nope"),
    "filter must be one of all, in-progress, review, approved, sent, dated, failed.",
  );
  assertEquals(problem("?filter=failed"), null);
  assertEquals(problem("?filter=in-progress"), null);
  assertEquals(problem(`?q=${"x".repeat(201)}`), "The search is too long (200 characters at most).");
});

Deno.test("admin list query: with nothing wrong, the API and the address read the same view", () => {
  assertEquals(readListQuery(new URLSearchParams("?page=2&filter=sent&q=%20Mia%20")), {
    query: { ...DEFAULT_LIST_QUERY, page: 2, filter: "sent", q: "Mia" },
    problem: null,
  });
  assertEquals(readListQuery(new URLSearchParams("?filter=failed")).query.filter, "failed");
  assertEquals(readListQuery(new URLSearchParams("?filter=in-progress")).query.filter, "in-progress");
});

Deno.test("admin list query: the API names what is wrong with a sort, a narrowing or the days", () => {
  assertEquals(
    problem("?sort=oldest&gift=gift&streaming=live&code=FRIEND10&from=2026-11-01&to=2026-11-01"),
    null,
  );
  assertEquals(problem("?sort=sideways"), "sort must be one of newest, oldest.");
  assertEquals(problem("?gift=maybe"), "gift must be one of any, gift, not-gift.");
  assertEquals(
    problem("?streaming=live%20%2B%20sent"),
    "streaming must be one of any, with, without, not-uploaded, processing, live.",
  );
  assertEquals(problem("?code=a"), "code: Code must be at least 3 characters");
  assertEquals(problem("?from=2026-02-30"), "from must be a day written as YYYY-MM-DD.");
  assertEquals(problem("?to=yesterday"), "to must be a day written as YYYY-MM-DD.");
  assertEquals(problem("?from=2026-11-02&to=2026-11-01"), "from must be on or before to.");
  assertEquals(problem("?from=2026-11-02&tz=Mars%2FOlympus"), "tz must be a time zone.");
  assertEquals(readListQuery(new URLSearchParams("?tz=europe/london")).query.tz, "Europe/London");
});
