import { assert, assertEquals } from "@std/assert";
import { csvCell, csvFileName, csvHeader, csvRow } from "../../../../domain/admin/orders_csv.ts";
import { sampleOrder } from "../../../../tools/sample_orders.ts";

Deno.test("a cell: plain text as it is; quotes, commas and line breaks quoted; nothing for no value", () => {
  assertEquals(csvCell("Mia"), "Mia");
  assertEquals(csvCell(1042), "1042");
  assertEquals(csvCell(true), "yes");
  assertEquals(csvCell(false), "no");
  assertEquals(csvCell(null), "");
  assertEquals(csvCell(undefined), "");
  assertEquals(csvCell('Mia "Mimi" Smith'), '"Mia ""Mimi"" Smith"');
  assertEquals(csvCell("Smith, Ann"), '"Smith, Ann"');
  assertEquals(csvCell("two\nlines"), '"two\nlines"');
  assertEquals(csvCell(" padded "), '" padded "');
});

Deno.test("a cell a spreadsheet would run as a formula is kept as text", () => {
  assertEquals(
    csvCell('=HYPERLINK("http://evil.test","Mia")'),
    `"'=HYPERLINK(""http://evil.test"",""Mia"")"`,
  );
  assertEquals(csvCell("+1 555"), "'+1 555");
  assertEquals(csvCell("-Mia"), "'-Mia");
  assertEquals(csvCell("@SUM(A1)"), "'@SUM(A1)");
  assertEquals(csvCell("\tMia"), "'\tMia");
  assertEquals(csvCell(-5), "-5", "our own numbers are numbers");
});

Deno.test("a formula after a separator is kept as text too, for spreadsheets that split on ';'", () => {
  assertEquals(csvCell("Mia;=cmd|' /C calc'!A0"), `"Mia;'=cmd|' /C calc'!A0"`);
  assertEquals(csvCell("Mia; +1 555"), `"Mia; '+1 555"`);
  assertEquals(csvCell('Mia;"=1+1"'), `"Mia;""'=1+1"""`);
  assertEquals(csvCell("Mia,@SUM(A1)"), `"Mia,'@SUM(A1)"`);
  assertEquals(csvCell("Mia;Leo"), `"Mia;Leo"`, "a semicolon alone is quoted, not changed");
  assertEquals(csvCell("Anne-Marie"), "Anne-Marie", "a sign inside a word starts no cell");
  // Read back as a ';' spreadsheet would: no piece of the row starts with a formula's sign.
  const row = ["1042", csvCell("Mia;=cmd|' /C calc'!A0"), csvCell("x; -2+3")].join(",");
  for (const piece of row.split(";")) assertEquals(/^\s*"*[=+\-@]/.test(piece), false, piece);
});

Deno.test("a row has one cell per header, prices in dollars, and the song's address on the shop's origin", () => {
  const order = { ...sampleOrder(10, 1010, Date.parse("2026-11-27T00:00:00Z")), referralCodeUsed: "MIA10" };
  const header = csvHeader();
  const row = csvRow(order, "https://littlehits.studio");
  assert(header.endsWith("\r\n") && row.endsWith("\r\n"));
  const cells = row.trimEnd().split(",");
  assertEquals(cells.length, header.trimEnd().split(",").length);
  const named = Object.fromEntries(header.trimEnd().split(",").map((name, i) => [name, cells[i]]));
  assertEquals(named["Order number"], "1010");
  assertEquals(named["Referral code"], "MIA10");
  assertEquals(named["Base price (USD)"], "24.99");
  assertEquals(named["Total paid (USD)"], "0.00", "a demo order paid nothing");
  assertEquals(named["Song file"], "http://localhost:8000/audio/sample-10.mp3");
});

Deno.test("the file is named after its tab and day", () => {
  assertEquals(
    csvFileName("review", Date.parse("2026-11-27T10:00:00Z")),
    "little-hits-orders-review-2026-11-27.csv",
  );
});
