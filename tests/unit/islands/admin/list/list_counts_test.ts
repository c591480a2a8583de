import { assertEquals } from "@std/assert";
import type { AdminOrderList } from "../../../../../domain/admin/order_list.ts";
import { listAfterChange } from "../../../../../islands/admin/list/list_counts.ts";
import type { ListedOrder } from "../../../../../islands/admin/types.ts";

const order = (fields: Partial<ListedOrder> = {}) =>
  ({
    id: "a",
    status: "completed",
    approvalStatus: "pending",
    emailSentAt: null,
    requestedDelivery: null,
    ...fields,
  }) as ListedOrder;

const list = (filter: AdminOrderList["filter"], changes: Partial<AdminOrderList["counts"]>) => {
  const counts = { all: 30, review: 22, approved: 3, sent: 5, dated: 0, ...changes };
  return {
    orders: [],
    total: counts[filter],
    counts,
    page: 1,
    pageSize: 20,
    totalPages: 2,
    filter,
    q: "",
  } as AdminOrderList;
};

Deno.test("list counts: an approval moves one song from Review to Approved at once", () => {
  const after = listAfterChange(list("all", {}), order(), order({ approvalStatus: "approved" }));
  assertEquals(after.counts.review, 21);
  assertEquals(after.counts.approved, 4);
  assertEquals(after.counts.all, 30);
  assertEquals(after.total, 30, "All's total stays");
});

Deno.test("list counts: on the Review tab its total drops with its count", () => {
  const after = listAfterChange(list("review", {}), order(), order({ approvalStatus: "approved" }));
  assertEquals([after.counts.review, after.total], [21, 21]);
});

Deno.test("list counts: a change that moves no tab moves no count", () => {
  const shown = list("all", {});
  assertEquals(listAfterChange(shown, order(), order()).counts, shown.counts);
});

Deno.test("list counts: a rejected song leaves Review to be made again; a held one comes back", () => {
  const rejected = listAfterChange(list("all", {}), order(), order({ status: "generating" }));
  assertEquals(rejected.counts.review, 21);
  const held = listAfterChange(
    list("all", {}),
    order({ approvalStatus: "approved" }),
    order({ approvalStatus: "pending" }),
  );
  assertEquals([held.counts.review, held.counts.approved], [23, 2]);
});

Deno.test("list counts: never below zero", () => {
  const after = listAfterChange(list("all", { review: 0 }), order(), order({ approvalStatus: "approved" }));
  assertEquals(after.counts.review, 0);
});
