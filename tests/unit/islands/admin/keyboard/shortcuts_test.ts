import { assertEquals } from "@std/assert";
import {
  isTyping,
  type KeyFacts,
  shortcutOf,
  SHORTCUTS,
  shortcutsIn,
  worksIn,
} from "../../../../../islands/admin/keyboard/shortcuts.ts";

/** Stands in for an element: the key filter reads only its tag, type and editability. */
const element = (tagName: string, fields: { type?: string; isContentEditable?: boolean } = {}) =>
  ({ tagName, isContentEditable: false, ...fields }) as unknown as EventTarget;

const press = (key: string, fields: Partial<KeyFacts> = {}): KeyFacts => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  defaultPrevented: false,
  target: element("BODY"),
  ...fields,
});

Deno.test("shortcuts: each key has its shortcut", () => {
  assertEquals(
    ["/", "j", "k", "p", "a", "n", ".", "?"].map((key) => shortcutOf(press(key))),
    ["search", "down", "up", "preview", "approve", "next", "playPause", "help"],
  );
  assertEquals(shortcutOf(press("x")), null);
  assertEquals(shortcutOf(press("A")), null, "Shift+A is not a");
});

Deno.test("shortcuts: never while typing in a text field, a text area, a select or editable text", () => {
  for (
    const target of [
      element("INPUT", { type: "search" }),
      element("INPUT", { type: "text" }),
      element("INPUT", { type: "email" }),
      element("input"),
      element("TEXTAREA"),
      element("SELECT"),
      element("DIV", { isContentEditable: true }),
    ]
  ) {
    assertEquals(shortcutOf(press("a", { target })), null);
    assertEquals(isTyping(target), true);
  }
});

Deno.test("shortcuts: a focused button or slider takes no letters, so the keys work there", () => {
  for (const target of [element("BUTTON"), element("INPUT", { type: "range" }), element("A"), null]) {
    assertEquals(shortcutOf(press("a", { target })), "approve");
  }
});

Deno.test("shortcuts: never with Ctrl, Meta or Alt held, nor for a press already handled", () => {
  assertEquals(shortcutOf(press("a", { ctrlKey: true })), null);
  assertEquals(shortcutOf(press("a", { metaKey: true })), null);
  assertEquals(shortcutOf(press("a", { altKey: true })), null);
  assertEquals(shortcutOf(press("a", { defaultPrevented: true })), null);
});

Deno.test("shortcuts: a held key repeats moving between rows, never a decision", () => {
  assertEquals(shortcutOf(press("j", { repeat: true })), "down");
  assertEquals(shortcutOf(press("k", { repeat: true })), "up");
  for (const key of ["a", "n", "p", ".", "?", "/"]) {
    assertEquals(shortcutOf(press(key, { repeat: true })), null);
  }
});

Deno.test("shortcuts: where each works, and the lists the ? dialog shows", () => {
  assertEquals(worksIn("down", "list"), true);
  assertEquals(worksIn("down", "preview"), false, "j does not move the list under the preview");
  assertEquals(worksIn("approve", "preview"), true);
  assertEquals(worksIn("playPause", "list"), false);
  assertEquals(shortcutsIn("list").map((entry) => entry.label), [
    "/",
    "j",
    "k",
    "p",
    "a",
    "r",
    "h",
    "n",
    "?",
  ]);
  assertEquals(shortcutsIn("preview").map((entry) => entry.label), ["a", "r", "h", "n", ".", "?"]);
  // Reject and Hold have keys of their own, on the list and in the preview (issue 41).
  assertEquals([worksIn("reject", "list"), worksIn("reject", "preview")], [true, true]);
  assertEquals([worksIn("hold", "list"), worksIn("hold", "preview")], [true, true]);
  assertEquals(new Set(SHORTCUTS.map((entry) => entry.key)).size, SHORTCUTS.length, "one shortcut per key");
});
