import { assertEquals } from "@std/assert";
import { defaultSortOf } from "../../../domain/admin/list_query.ts";
import type { AdminOrderList } from "../../../domain/admin/order_list.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { keys } from "../../../kv/keys.ts";
import { deleteOrder } from "../../../kv/order_removal.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { createTestApp } from "../../helpers.ts";
import { writeSampleOrders } from "../../../tools/sample_orders.ts";
import {
  adminCall,
  adminHeaders,
  completedOrder,
  DELIVERY_ENV,
  sessionHeaders,
} from "../delivery/helpers.ts";
import { countersAndTruth } from "./helpers.ts";

async function list(t: Awaited<ReturnType<typeof createTestApp>>, query = "") {
  const response = await t.request(`/api/admin/orders${query}`, { headers: await adminHeaders(t) });
  return { status: response.status, body: await response.json() as AdminOrderList };
}

Deno.test("the list: 20 per page newest first, a page past the end answers the last, counts from counters", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  await writeSampleOrders(t.kv, 130);

  const first = await list(t);
  assertEquals(first.status, 200);
  assertEquals(first.body.total, 130);
  assertEquals(first.body.counts, {
    all: 130,
    "in-progress": 14,
    review: 28,
    approved: 21,
    sent: 60,
    dated: 0,
    failed: 7,
  });
  assertEquals(first.body.orders.length, 20);
  assertEquals(first.body.orders[0].orderNumber, 1129);
  assertEquals(first.body.orders[19].orderNumber, 1110);
  assertEquals([first.body.page, first.body.totalPages, first.body.pageSize], [1, 7, 20]);

  const last = await list(t, "?page=99");
  assertEquals([last.body.page, last.body.orders.length, last.body.orders.at(-1)?.orderNumber], [
    7,
    10,
    1000,
  ]);

  const sent = await list(t, "?filter=sent&page=2");
  assertEquals(sent.body.total, 60);
  assertEquals(sent.body.orders.every((order) => order.emailSentAt), true);
  assertEquals(sent.body.orders[0].orderNumber, 1079, "page 2 of Sent starts after the 20 newest sent");
  const review = await list(t, "?filter=review");
  assertEquals(
    review.body.orders.every((o) => o.status === "completed" && o.approvalStatus === "pending"),
    true,
  );
  const approved = await list(t, "?filter=approved");
  assertEquals(approved.body.orders.every((o) => o.approvalStatus === "approved" && !o.emailSentAt), true);
  const failed = await list(t, "?filter=failed");
  assertEquals([failed.body.filter, failed.body.total, failed.body.orders.length], ["failed", 7, 7]);
  assertEquals(failed.body.orders.every((o) => o.status === "failed"), true);
  assertEquals(failed.body.orders[0].orderNumber, 1122, "newest first");
  const inProgress = await list(t, "?filter=in-progress");
  assertEquals([inProgress.body.filter, inProgress.body.total], ["in-progress", 14]);
  assertEquals(inProgress.body.orders.every((o) => o.status === "generating"), true);
  assertEquals(Array.isArray(first.body.orders[0].events), true, "list items carry their timeline");
});

Deno.test("the list pages from the block counters across block boundaries exactly like a full scan", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  await writeSampleOrders(t.kv, 1_230); // order numbers 1000–2229 span three blocks of 500
  for (const filter of ["all", "sent", "review", "in-progress", "failed"] as const) {
    for (const sort of ["", "newest", "oldest"] as const) {
      const asked = `?filter=${filter}${sort ? `&sort=${sort}` : ""}`;
      const seen: number[] = [];
      const firstPage = await list(t, asked);
      for (let page = 1; page <= firstPage.body.totalPages; page++) {
        const { body } = await list(t, `${asked}&page=${page}`);
        seen.push(...body.orders.map((order) => order.orderNumber));
      }
      assertEquals(seen.length, firstPage.body.total, asked);
      // Unasked, each tab in its own order: the Review tab oldest first (the next to break the
      // 24-hour promise leads), every other newest first.
      const oldest = (sort || defaultSortOf(filter)) === "oldest";
      assertEquals(seen, [...seen].sort((a, b) => oldest ? a - b : b - a), `${asked}: in order, no repeats`);
      assertEquals(new Set(seen).size, seen.length);
    }
  }
});

Deno.test("the Review tab starts with the song closest to the 24-hour promise, on every page", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  await writeSampleOrders(t.kv, 1_230);
  const review: number[] = [];
  for (let page = 1;; page++) {
    const { body } = await list(t, `?filter=review&page=${page}`);
    review.push(...body.orders.map((order) => order.orderNumber));
    if (page >= body.totalPages) break;
  }
  const placedFirst = [...review].sort((a, b) => a - b);
  assertEquals(review, placedFirst);
  const { body: first } = await list(t, "?filter=review");
  assertEquals(first.orders[0].orderNumber, placedFirst[0], "the longest waiting song leads page 1");
  // The page itself, read on the server before the island runs, opens the same way.
  const page = await t.request("/admin/orders?filter=review", { headers: await adminHeaders(t) });
  const html = await page.text();
  const shown = [...html.matchAll(/data-order-id="[^"]+"[^>]*>[\s\S]*?#(\d{4})/g)].map((m) => Number(m[1]));
  assertEquals(shown.slice(0, 3), placedFirst.slice(0, 3));
  // Staff may still ask for the newest first; a search on the tab keeps the tab's order.
  const { body: newest } = await list(t, "?filter=review&sort=newest");
  assertEquals(newest.orders[0].orderNumber, placedFirst.at(-1));
  const { body: searched } = await list(t, "?filter=review&q=example.com");
  const numbers = searched.orders.map((order) => order.orderNumber);
  assertEquals(numbers.length > 1, true);
  assertEquals(numbers, [...numbers].sort((a, b) => a - b));
});

Deno.test("search: number, child, parent name and email, accent-blind, with counts of the matches", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  await writeSampleOrders(t.kv, 300);
  const byNumber = await list(t, "?q=%231042");
  assertEquals(byNumber.body.orders.map((o) => o.orderNumber), [1042]);
  const byChild = await list(t, `?q=${encodeURIComponent("zoe garc")}`);
  assertEquals(byChild.body.total > 0, true);
  assertEquals(byChild.body.orders.every((o) => o.childName === "Zoë García"), true);
  const byParent = await list(t, "?q=grace");
  // A parent or, for a gift, its recipient.
  const isGrace = (o: AdminOrderList["orders"][number]) =>
    o.parentName.startsWith("Grace") || (o.isGift && o.giftRecipientName.startsWith("Grace"));
  assertEquals(byParent.body.orders.every(isGrace), true);
  assertEquals(byParent.body.orders.some((o) => o.parentName.startsWith("Grace")), true);
  const byEmail = await list(t, "?q=anna.1");
  assertEquals(byEmail.body.orders.every((o) => o.parentEmail.startsWith("anna.1")), true);
  assertEquals(byEmail.body.total > 0, true);
  const inSent = await list(t, "?q=grace&filter=sent");
  assertEquals(inSent.body.total, byParent.body.counts.sent);
  assertEquals(byParent.body.counts.all, byParent.body.total);
  const nothing = await list(t, "?q=nobody-here");
  assertEquals([nothing.body.total, nothing.body.orders.length, nothing.body.page], [0, 0, 1]);
});

Deno.test("search by domain: the part after @, whole or in part, finds its orders, paged and counted", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  await writeSampleOrders(t.kv, 60); // every sample address is name.i@example.com
  const moved = async (orderNumber: number, parentEmail: string) => {
    const id = (await t.kv.get<string>(keys.orderByNumber(orderNumber))).value!;
    await updateOrder(t.kv, id, (order) => ({ ...order, parentEmail }));
  };
  for (const n of [1003, 1010, 1017]) await moved(n, `kim.${n}@Mail.Example.org`);
  for (const n of [1020, 1041]) await moved(n, `lee.${n}@gmail.com`);
  const numbers = async (q: string) => {
    const { body } = await list(t, `?q=${encodeURIComponent(q)}`);
    return { total: body.total, numbers: body.orders.map((o) => o.orderNumber) };
  };

  // Pasted from support mail: the domain, with or without its "@", or the start of it.
  for (const q of ["example.com", "@example.com", "@EXAMPLE.COM", "example.co"]) {
    const { body } = await list(t, `?q=${encodeURIComponent(q)}`);
    assertEquals([body.total, body.orders.length, body.totalPages], [55, 20, 3], q);
    assertEquals(body.orders.every((o) => o.parentEmail.endsWith("@example.com")), true, q);
    assertEquals(body.counts.all, 55, q);
  }
  const lastPage = await list(t, "?q=example.com&page=3");
  assertEquals([lastPage.body.page, lastPage.body.orders.length], [3, 15]);
  // Any part after the "@": a subdomain, the name between the dots, a suffix at a dot.
  assertEquals(await numbers("mail.example"), { total: 3, numbers: [1017, 1010, 1003] });
  assertEquals(await numbers("@mail.example.org"), { total: 3, numbers: [1017, 1010, 1003] });
  assertEquals(await numbers("example.org"), { total: 3, numbers: [1017, 1010, 1003] });
  assertEquals((await numbers("example")).total, 58, "example.com and mail.example.org");
  assertEquals(await numbers("@gmail"), { total: 2, numbers: [1041, 1020] });
  assertEquals(await numbers("gmail.com"), { total: 2, numbers: [1041, 1020] });
  // With other words, and in a tab: the same intersection as any search.
  const graceAtExample = await list(t, "?q=grace+example.com");
  assertEquals(graceAtExample.body.total > 0, true);
  assertEquals(
    graceAtExample.body.orders.every((o) =>
      (o.parentName.startsWith("Grace") || o.giftRecipientName.startsWith("Grace")) &&
      o.parentEmail.endsWith("@example.com")
    ),
    true,
  );
  const sent = await list(t, "?q=example.com&filter=sent");
  assertEquals(sent.body.total, (await list(t, "?q=example.com")).body.counts.sent);
  // Addresses still match whole as typed, and the bare top-level domain is not a token of every order.
  assertEquals(await numbers("lee.1020@gm"), { total: 1, numbers: [1020] });
  assertEquals((await numbers("@com")).total, 0);
  // An address changed away from a domain is no longer found by it.
  await moved(1041, "lee@elsewhere.net");
  assertEquals(await numbers("gmail.com"), { total: 1, numbers: [1020] });
});

Deno.test("search finds a gift by its recipient's name and address, and an address by its domain's name alone", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  await writeSampleOrders(t.kv, 30); // every sample address is name.i@example.com, none a gift
  const changed = async (orderNumber: number, change: Partial<Order>) => {
    const id = (await t.kv.get<string>(keys.orderByNumber(orderNumber))).value!;
    await updateOrder(t.kv, id, (order) => ({ ...order, ...change }));
  };
  const gift = { isGift: true, giftRecipientName: "Rosa Delgado", giftRecipientEmail: "rosa.d@gmail.com" };
  await changed(1004, gift);
  await changed(1011, { ...gift, giftRecipientName: "Tomás Berg", giftRecipientEmail: "tberg@t-online.de" });
  await changed(1017, { parentEmail: "kai.17@gmail.com" });
  // A form once sent as a gift, then not: the recipient it named is no longer the order's.
  await changed(1020, { ...gift, isGift: false, giftRecipientName: "Nobody Here" });
  const numbers = async (q: string) => {
    const { body } = await list(t, `?q=${encodeURIComponent(q)}`);
    return body.orders.map((o) => o.orderNumber);
  };

  assertEquals(await numbers("rosa"), [1004], "the recipient's name");
  assertEquals(await numbers("delg"), [1004]);
  assertEquals(await numbers("tomas berg"), [1011], "accent-blind, every word");
  assertEquals(await numbers("rosa.d@gmail.com"), [1004], "the recipient's address");
  assertEquals(await numbers("tberg@t-on"), [1011]);
  // A domain without its ending finds the parents' and the recipients' addresses there.
  assertEquals(await numbers("gmail"), [1017, 1004]);
  assertEquals(await numbers("@gmail"), [1017, 1004]);
  assertEquals(await numbers("gmail.com"), [1017, 1004]);
  assertEquals(await numbers("t-online"), [1011]);
  assertEquals(await numbers("@t-online"), [1011]);
  assertEquals(await numbers("nobody"), []);
  // The recipient's address changed by staff: found by the new one only.
  await changed(1004, { giftRecipientEmail: "rosa@elsewhere.net" });
  assertEquals(await numbers("rosa.d@"), []);
  assertEquals(await numbers("elsewhere"), [1004]);
});

Deno.test("bad list queries are 400 with a message; visitors 401, customers 403", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  for (const query of ["?page=abc", "?page=0", "?page=1.5", "?filter=done", `?q=${"x".repeat(201)}`]) {
    const { status, body } = await list(t, query);
    assertEquals(status, 400, query);
    assertEquals(typeof (body as unknown as { message: string }).message, "string");
  }
  assertEquals((await t.request("/api/admin/orders")).status, 401);
  const customer = await sessionHeaders(t, "parent@example.com");
  assertEquals((await t.request("/api/admin/orders", { headers: customer })).status, 403);
  assertEquals((await t.request("/api/admin/orders/nope", { headers: customer })).status, 403);
});

Deno.test("counters and the filter index stay right through every transition and a delete", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const admin = await adminHeaders(t);
  await writeSampleOrders(t.kv, 40);
  const check = async (step: string) => {
    const { stored, truth } = await countersAndTruth(t.kv);
    assertEquals(stored, truth, step);
  };
  await check("seeded");
  const order = await completedOrder(t);
  await check("completed");
  assertEquals((await adminCall(t, admin, order.id, "approve")).status, 200);
  await check("approved");
  assertEquals((await adminCall(t, admin, order.id, "send-now")).status, 200);
  await check("sent");
  const regenerate = await t.request(`/api/admin/orders/${order.id}/regenerate`, {
    method: "POST",
    headers: admin,
  });
  assertEquals(regenerate.status, 200);
  await check("regenerating");
  await deleteOrder(t.kv, t.deps.blobs, order.id);
  await check("deleted");
});
