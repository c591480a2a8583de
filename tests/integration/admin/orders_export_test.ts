import { assert, assertEquals } from "@std/assert";
import { updateOrder, writeOrder } from "../../../kv/orders.ts";
import { keys } from "../../../kv/keys.ts";
import { createTestApp, type TestApp } from "../../helpers.ts";
import { sampleOrder, writeSampleOrders } from "../../../tools/sample_orders.ts";
import {
  ADMIN_EMAIL,
  adminCall,
  adminHeaders,
  completedOrder,
  DELIVERY_ENV,
  sessionHeaders,
} from "../delivery/helpers.ts";

/** RFC 4180 records, read back the way a spreadsheet does (quoted cells may hold commas and breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const character = text[i];
    if (quoted) {
      if (character === '"' && text[i + 1] === '"') (cell += '"', i++);
      else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ",") (record.push(cell), cell = "");
    else if (character === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      (record = [], cell = "");
      i++;
    } else cell += character;
  }
  return records;
}

async function exportCsv(t: TestApp, query = "") {
  return await t.request(`/api/admin/orders.csv${query}`, { headers: await adminHeaders(t) });
}

/** The export's rows as objects keyed by its header, after the byte-order mark. */
async function rowsOf(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  assertEquals([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "a byte-order mark for spreadsheets");
  const [header, ...rows] = parseCsv(new TextDecoder().decode(bytes.slice(3)));
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
}

Deno.test("the export is the list's tab and search, every page of it, newest first, as CSV", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  await writeSampleOrders(t.kv, 45);

  const all = await exportCsv(t);
  assertEquals(all.status, 200);
  assertEquals(all.headers.get("content-type"), "text/csv; charset=utf-8");
  assertEquals(all.headers.get("cache-control"), "private, no-store");
  assert(all.headers.get("content-disposition")!.startsWith('attachment; filename="little-hits-orders-all-'));
  const rows = await rowsOf(all);
  assertEquals(rows.length, 45, "more than one page of the list");
  assertEquals(
    rows.map((row) => Number(row["Order number"])),
    Array.from({ length: 45 }, (_, i) => 1044 - i),
  );

  const review = await rowsOf(await exportCsv(t, "?filter=review"));
  assert(
    review.length > 0 && review.every((row) => row.Status === "completed" && row.Approval === "pending"),
  );

  const searched = await rowsOf(await exportCsv(t, "?q=mia"));
  assert(searched.length > 0 && searched.every((row) => row["Child name"].startsWith("Mia ")));
});

Deno.test("a name typed as a formula, or with quotes, commas and line breaks, comes back as the same text", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const hostile = {
    ...sampleOrder(3, 1000, t.clock.now()),
    childName: '=HYPERLINK("http://evil.test","Mia")',
    parentName: 'Ann "Annie" Smith, Jr.\nSecond line',
  };
  await writeOrder(t.kv.atomic().set(keys.orderSequence(), 1001), null, hostile).commit();
  const [row] = await rowsOf(await exportCsv(t));
  assertEquals(row["Child name"], `'${hostile.childName}`);
  assertEquals(row["Parent name"], hostile.parentName);
});

Deno.test("the export says who approved each song and when, and the family's requested delivery with its zone", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const asSoonAsReady = await completedOrder(t, { childName: "Mia" });
  const dated = await completedOrder(t, { childName: "Leo" });
  // 4 December, 9:00 in Paris (UTC+1 then): what the family chose on the order form.
  const requestedDelivery = { at: "2026-12-04T08:00:00.000Z", timeZone: "Europe/Paris" };
  await updateOrder(t.kv, dated.id, (order) => ({ ...order, requestedDelivery }));
  const approval = await adminCall(t, await adminHeaders(t), dated.id, "approve");
  assertEquals(approval.status, 200);
  const approvedAt = new Date(t.clock.now()).toISOString();

  const rows = await rowsOf(await exportCsv(t));
  const row = (child: string) => rows.find((row) => row["Child name"] === child)!;
  const columns = [
    "Approval",
    "Approved by",
    "Approved at (UTC)",
    "Requested delivery (UTC)",
    "Requested delivery (family's time)",
    "Requested delivery time zone",
  ];
  const cells = (child: string) => columns.map((column) => row(child)[column]);
  assertEquals(cells("Leo"), [
    "approved",
    ADMIN_EMAIL,
    approvedAt,
    "2026-12-04T08:00:00.000Z",
    "2026-12-04 09:00",
    "Europe/Paris",
  ]);
  assertEquals(cells("Mia"), ["pending", "", "", "", "", ""]);
  assertEquals(asSoonAsReady.requestedDelivery ?? null, null);
});

Deno.test("the export is for admins: others get a JSON refusal, a wrong query a 400", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  const visitor = await t.request("/api/admin/orders.csv");
  assertEquals(visitor.status, 401);
  assert((await visitor.json()).message);
  const customer = await t.request("/api/admin/orders.csv", {
    headers: await sessionHeaders(t, "ann@example.com"),
  });
  assertEquals(customer.status, 403);
  assert((await customer.json()).message);
  const wrong = await exportCsv(t, "?filter=everything");
  assertEquals(wrong.status, 400);
  assert((await wrong.json()).message.startsWith("filter must be one of"));
});

Deno.test("the export streams a batch of orders at a time, each part as it is read", async () => {
  await using t = await createTestApp({ env: DELIVERY_ENV });
  await writeSampleOrders(t.kv, 250);
  const response = await exportCsv(t);
  const parts: number[] = [];
  const reader = response.body!.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    parts.push(chunk.value.filter((byte) => byte === 10).length);
  }
  // The header on its own, then a hundred orders a part: never the whole list in one piece. That the
  // server's memory stays near a batch's at 100,000 orders is `deno task bench` (tests/scale/orders_export_test.ts).
  assertEquals(parts, [1, 100, 100, 50]);
});
