import { assertEquals } from "@std/assert";
import { type DiffLine, diffLines, hasChanges, withContext } from "../../../../domain/prompts/line_diff.ts";

const ops = (before: string, after: string) => {
  const diff = diffLines(before, after);
  if (diff.kind !== "diff") throw new Error("expected a diff");
  return diff.lines.map((line) => `${{ same: " ", added: "+", removed: "-" }[line.op]}${line.text}`);
};

Deno.test("line diff: equal texts are all unchanged lines", () => {
  assertEquals(ops("a\nb", "a\nb"), [" a", " b"]);
  assertEquals(hasChanges(diffLines("a\nb", "a\nb")), false);
  assertEquals(diffLines("", ""), { kind: "diff", lines: [] });
});

Deno.test("line diff: added, removed and changed lines, in order, with a change as removed then added", () => {
  assertEquals(ops("a\nb\nc", "a\nc"), [" a", "-b", " c"]);
  assertEquals(ops("a\nc", "a\nb\nc"), [" a", "+b", " c"]);
  assertEquals(ops("a\nb\nc", "a\nB\nc"), [" a", "-b", "+B", " c"]);
  assertEquals(ops("", "x\ny"), ["+x", "+y"]);
  assertEquals(ops("x\ny", ""), ["-x", "-y"]);
  assertEquals(hasChanges(diffLines("a", "b")), true);
});

Deno.test("line diff: the longest common run of lines is kept, not just the common head and tail", () => {
  // Moving one line: the other three stay unchanged.
  assertEquals(ops("1\n2\n3\n4", "2\n3\n4\n1"), ["-1", " 2", " 3", " 4", "+1"]);
  assertEquals(ops("a\nx\nb\ny\nc", "a\nb\nc"), [" a", "-x", " b", "-y", " c"]);
  // Repeated lines (blank lines between sections) match up rather than being removed and re-added.
  assertEquals(ops("[Verse]\n\nla\n\n[Chorus]", "[Verse]\n\nla la\n\n[Chorus]"), [
    " [Verse]",
    " ",
    "-la",
    "+la la",
    " ",
    " [Chorus]",
  ]);
});

Deno.test("line diff: Windows line ends compare equal to Unix ones", () => {
  assertEquals(ops("a\r\nb", "a\nb"), [" a", " b"]);
});

Deno.test("line diff: a wholesale rewrite beyond the budget is 'too different' instead of a slow table", () => {
  const lines = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  const before = ["same head", ...lines("old ", 1001), "same tail"].join("\n");
  const after = ["same head", ...lines("new ", 1000), "same tail"].join("\n");
  // The common head and tail do not count against the budget.
  assertEquals(diffLines(before, after), { kind: "too-different", removed: 1001, added: 1000 });
  assertEquals(hasChanges(diffLines(before, after)), true);
  assertEquals(diffLines(before, after, 1001 * 1000).kind, "diff");

  // A small edit in the longest prompt the editor takes (20,000 one-character lines) is a diff of two
  // rows: the common head and tail are set aside before any comparing, which is what keeps it quick
  // (how quick is the machine's business, not this test's).
  const long = Array.from({ length: 20_000 }, (_, i) => String(i % 10)).join("\n");
  const diff = diffLines(long, long.replace(/^5$/m, "five"));
  assertEquals(diff.kind === "diff" && diff.lines.filter((line) => line.op !== "same").length, 2);
});

Deno.test("line diff: unchanged runs away from a change are folded into one skipped row", () => {
  const same = (text: string): DiffLine => ({ op: "same", text });
  const lines: DiffLine[] = [
    ...["1", "2", "3", "4", "5"].map(same),
    { op: "removed", text: "six" },
    { op: "added", text: "6" },
    ...["7", "8", "9", "10"].map(same),
  ];
  assertEquals(withContext(lines, 2), [
    { op: "skipped", count: 3 },
    same("4"),
    same("5"),
    { op: "removed", text: "six" },
    { op: "added", text: "6" },
    same("7"),
    same("8"),
    { op: "skipped", count: 2 },
  ]);
  assertEquals(withContext(["a", "b"].map(same)), [{ op: "skipped", count: 2 }]);
  assertEquals(withContext([]), []);
});
