/**
 * How heavy the house is: lines and files of product code per folder, the longest file and function,
 * for the before/after tables of a clean-up (docs/architecture.md). Tests, tools and fakes are not
 * product code. Functions are measured with the TypeScript parser, so nested arrows count inside
 * their parent and a component counts as the function it is.
 *
 *   deno run -A tools/house_stats.ts [--json]
 */
import ts from "npm:typescript@5.9.3";

const PRODUCT = [
  "components",
  "domain",
  "islands",
  "jobs",
  "kv",
  "orders",
  "accounts",
  "providers",
  "routes",
  "serve",
];
const ROOT_FILES = ["main.ts", "deps.ts"];
const ROOT = new URL("../", import.meta.url);

async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  try {
    for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) found.push(...await filesUnder(path));
      else if (/\.tsx?$/.test(entry.name) && !/_test\.tsx?$/.test(entry.name)) found.push(path);
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return found;
}

interface Longest {
  where: string;
  lines: number;
}

function longestFunction(path: string, text: string): Longest {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  let best: Longest = { where: "", lines: 0 };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > best.lines) best = { where: `${path}:${start + 1} ${nameOf(node)}`, lines };
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return best;
}

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name) return named.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return "(anonymous)";
}

const rows: { folder: string; files: number; lines: number }[] = [];
let longestFile: Longest = { where: "", lines: 0 };
let longestFn: Longest = { where: "", lines: 0 };
for (const folder of [...PRODUCT, ...ROOT_FILES]) {
  const files = folder.endsWith(".ts") ? [folder] : await filesUnder(folder);
  if (!files.length) continue;
  let lines = 0;
  for (const file of files) {
    const text = await Deno.readTextFile(new URL(file, ROOT));
    const count = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    lines += count;
    if (count > longestFile.lines) longestFile = { where: file, lines: count };
    const fn = longestFunction(file, text);
    if (fn.lines > longestFn.lines) longestFn = fn;
  }
  rows.push({ folder, files: files.length, lines });
}
const total = rows.reduce((sum, row) => ({ files: sum.files + row.files, lines: sum.lines + row.lines }), {
  files: 0,
  lines: 0,
});

if (Deno.args.includes("--json")) {
  console.log(JSON.stringify({ rows, total, longestFile, longestFunction: longestFn }, null, 2));
} else {
  console.log("| folder | files | lines |\n|---|---:|---:|");
  for (const row of rows) console.log(`| \`${row.folder}\` | ${row.files} | ${row.lines} |`);
  console.log(`| **product code** | ${total.files} | ${total.lines} |`);
  console.log(`\nlongest file: ${longestFile.where} (${longestFile.lines} lines)`);
  console.log(`longest function: ${longestFn.where} (${longestFn.lines} lines)`);
}
