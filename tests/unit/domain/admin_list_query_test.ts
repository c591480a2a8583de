import { assertEquals } from "@std/assert";
import { readListQuery } from "../../../domain/admin_list_query.ts";

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
    query: { page: 2, filter: "sent", q: "Mia" },
    problem: null,
  });
  assertEquals(readListQuery(new URLSearchParams("?filter=failed")).query.filter, "failed");
  assertEquals(readListQuery(new URLSearchParams("?filter=in-progress")).query.filter, "in-progress");
});
