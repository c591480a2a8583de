/**
 * A line diff for the prompt editor's history: which lines one text has that another
 * has not. Longest common subsequence on lines, after the common head and tail are set aside, so an
 * edit in one place of a long prompt costs only the lines around it. DOM-free: the island
 * runs it in the browser.
 */
export type DiffLine = { op: "same" | "added" | "removed"; text: string };

/** Unchanged lines between changes, as the reader sees them: `count` lines left out. */
export type DiffRow = DiffLine | { op: "skipped"; count: number };

export type LineDiff =
  | { kind: "diff"; lines: DiffLine[] }
  /** The differing middles are too big to compare within the budget: say so rather than hang the tab. */
  | { kind: "too-different"; removed: number; added: number };

/**
 * The LCS table has a cell per pair of differing lines. A million cells is a few megabytes and a few
 * milliseconds; prompts are at most 20,000 characters, so only wholesale rewrites reach it.
 */
export const MAX_DIFF_CELLS = 1_000_000;

/** What turns `before` into `after`, line by line, in order. */
export function diffLines(before: string, after: string, maxCells = MAX_DIFF_CELLS): LineDiff {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  const middleA = a.slice(head, a.length - tail);
  const middleB = b.slice(head, b.length - tail);
  if (middleA.length * middleB.length > maxCells) {
    return { kind: "too-different", removed: middleA.length, added: middleB.length };
  }
  const same = (text: string): DiffLine => ({ op: "same", text });
  return {
    kind: "diff",
    lines: [
      ...a.slice(0, head).map(same),
      ...lcsDiff(middleA, middleB),
      ...a.slice(a.length - tail).map(same),
    ],
  };
}

/**
 * The diff as shown: changed lines with `context` unchanged lines around each change; longer runs
 * of unchanged lines become one "skipped" row, so a one-line change in a long prompt is a few rows.
 */
export function withContext(lines: readonly DiffLine[], context = 2): DiffRow[] {
  const near = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, index) => {
    if (line.op === "same") return;
    for (let i = Math.max(0, index - context); i <= Math.min(lines.length - 1, index + context); i++) {
      near[i] = true;
    }
  });
  const rows: DiffRow[] = [];
  let skipped = 0;
  lines.forEach((line, index) => {
    if (near[index]) {
      if (skipped) rows.push({ op: "skipped", count: skipped });
      skipped = 0;
      rows.push(line);
    } else skipped++;
  });
  if (skipped) rows.push({ op: "skipped", count: skipped });
  return rows;
}

/** Whether the diff changes anything. */
export function hasChanges(diff: LineDiff): boolean {
  return diff.kind === "too-different" || diff.lines.some((line) => line.op !== "same");
}

function splitLines(text: string): string[] {
  return text === "" ? [] : text.replace(/\r\n?/g, "\n").split("\n");
}

/** Where both are possible, a removed line comes before the added one, as diff tools show a change. */
function lcsDiff(a: readonly string[], b: readonly string[]): DiffLine[] {
  const width = b.length + 1;
  // lengths[i * width + j]: the LCS of a[i..] and b[j..], in one flat typed array (no row objects).
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] = a[i] === b[j]
        ? lengths[(i + 1) * width + j + 1] + 1
        : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ op: "same", text: a[i] });
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
      out.push({ op: "removed", text: a[i++] });
    } else {
      out.push({ op: "added", text: b[j++] });
    }
  }
  while (i < a.length) out.push({ op: "removed", text: a[i++] });
  while (j < b.length) out.push({ op: "added", text: b[j++] });
  return out;
}
