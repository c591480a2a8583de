import { assertEquals, assertStringIncludes } from "@std/assert";
import {
  defaultSelection,
  diffToCurrent,
  type PromptVersionEntry,
  type PromptVersionList,
  restoredToast,
  restorePath,
  restoreQuestion,
  versionByline,
  versionName,
  versionNotes,
  versionsPath,
} from "../../../../../islands/admin/prompts/prompt_history.ts";

const entry = (version: number, overrides: Partial<PromptVersionEntry> = {}): PromptVersionEntry => ({
  version,
  text: `Text ${version}`,
  author: version ? "boss@example.com" : null,
  savedAt: version ? "2026-01-15T12:00:00.000Z" : null,
  restoredFrom: null,
  ...overrides,
});

const list = (current: number, versions: PromptVersionEntry[]): PromptVersionList => ({
  kind: "lyrics",
  current,
  versions,
  truncated: false,
});

Deno.test("prompt history: the calls sit under the prompt's own path", () => {
  assertEquals(versionsPath("tags"), "/api/admin/system-prompt/tags/versions");
  assertEquals(restorePath("lyrics", 2), "/api/admin/system-prompt/lyrics/versions/2/restore");
});

Deno.test("prompt history: each version names who saved it and when; the default ships with the app", () => {
  const time = (iso: string) => `at ${iso}`;
  assertEquals(versionName(3), "Version 3");
  assertEquals(versionName(0), "Default (version 0)");
  assertEquals(versionByline(entry(3), time), "boss@example.com · at 2026-01-15T12:00:00.000Z");
  assertEquals(versionByline(entry(0), time), "Ships with the app");
  assertEquals(versionNotes(entry(3, { restoredFrom: 1 }), 3), ["in use", "restored from version 1"]);
  assertEquals(versionNotes(entry(2), 3), []);
});

Deno.test("prompt history: the version before the one in use is chosen first; none when it is alone", () => {
  assertEquals(defaultSelection(list(3, [entry(3), entry(2), entry(1), entry(0)])), 2);
  assertEquals(defaultSelection(list(0, [entry(0)])), null);
});

Deno.test("prompt history: the diff reads as what a restore would change", () => {
  const diff = diffToCurrent("Keep.\nNow.", entry(1, { text: "Keep.\nThen." }));
  assertEquals(diff, {
    kind: "diff",
    lines: [{ op: "same", text: "Keep." }, { op: "removed", text: "Now." }, { op: "added", text: "Then." }],
  });
});

Deno.test("prompt history: the restore question and toast say a new version is made", () => {
  const question = restoreQuestion("lyrics", 1, 4, false);
  assertStringIncludes(
    question,
    "version 1 becomes the lyrics prompt in use, saved as a new version after version 4",
  );
  assertEquals(question.includes("unsaved"), false);
  assertStringIncludes(
    restoreQuestion("lyrics", 0, 4, true),
    "Your unsaved edits in this tab will be replaced.",
  );
  assertEquals(restoredToast("tags", 1, 5), {
    title: "Tags Prompt Restored",
    description: "Version 1 is back in use as version 5.",
  });
});
