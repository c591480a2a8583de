/**
 * The dashboard's keyboard shortcuts, in one place: the key of each, where it works and
 * the words the `?` dialog lists. `use_shortcuts.ts` listens; this file decides what a key press is.
 */
export type Shortcut =
  | "search"
  | "down"
  | "up"
  | "preview"
  | "approve"
  | "reject"
  | "hold"
  | "next"
  | "playPause"
  | "help";

/** Where a shortcut works: on the order list, in the Song Preview dialog, or both. */
export type ShortcutScope = "list" | "preview";

export interface ShortcutEntry {
  shortcut: Shortcut;
  key: string;
  /** How the key is written in the `?` dialog. */
  label: string;
  /** What it does, where it works. */
  what: Partial<Record<ShortcutScope, string>>;
}

export const SHORTCUTS: readonly ShortcutEntry[] = [
  { shortcut: "search", key: "/", label: "/", what: { list: "Search orders" } },
  { shortcut: "down", key: "j", label: "j", what: { list: "Next row" } },
  { shortcut: "up", key: "k", label: "k", what: { list: "Previous row" } },
  { shortcut: "preview", key: "p", label: "p", what: { list: "Preview the current row's song" } },
  {
    shortcut: "approve",
    key: "a",
    label: "a",
    what: { list: "Approve the current row's song", preview: "Approve, then open the next song in review" },
  },
  {
    shortcut: "reject",
    key: "r",
    label: "r",
    what: {
      list: "Reject the current row's song: its preview opens to say why",
      preview: "Reject: say why, then Ctrl+Enter sends it back",
    },
  },
  {
    shortcut: "hold",
    key: "h",
    label: "h",
    what: {
      list: "Hold the current row's approved song (back to Review)",
      preview: "Hold the approved song",
    },
  },
  {
    shortcut: "next",
    key: "n",
    label: "n",
    what: { list: "Go to the next row awaiting review", preview: "Next in Review" },
  },
  { shortcut: "playPause", key: ".", label: ".", what: { preview: "Play or pause the song" } },
  {
    shortcut: "help",
    key: "?",
    label: "?",
    what: { list: "Show these shortcuts", preview: "Show these shortcuts" },
  },
];

const BY_KEY = new Map(SHORTCUTS.map((entry) => [entry.key, entry.shortcut]));

/** Holding a key down repeats it: only moving between rows may repeat, never a decision. */
const REPEATABLE = new Set<Shortcut>(["down", "up"]);

/** Input types that take typed text; a slider, a checkbox or a button takes no letters. */
const TEXT_INPUTS = new Set([
  "text",
  "search",
  "email",
  "number",
  "password",
  "tel",
  "url",
  "date",
  "datetime-local",
  "month",
  "time",
  "week",
]);

/** The parts of a key event the choice reads (a KeyboardEvent has them). */
export interface KeyFacts {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  repeat: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

interface ElementFacts {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
}

/** Whether the focus is somewhere typing goes: there a letter is a letter, never a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  const element = target as ElementFacts | null;
  if (!element || typeof element.tagName !== "string") return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  return tag === "INPUT" && TEXT_INPUTS.has((element.type ?? "text").toLowerCase());
}

/**
 * The shortcut a key press asks for, or null: never while typing, never with Ctrl, Meta or Alt (the
 * browser's and the system's own shortcuts), and never for a press something else already handled.
 */
export function shortcutOf(event: KeyFacts): Shortcut | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTyping(event.target)) return null;
  const shortcut = BY_KEY.get(event.key) ?? null;
  if (shortcut && event.repeat && !REPEATABLE.has(shortcut)) return null;
  return shortcut;
}

/** The shortcuts that work in `scope`, with what each does there. */
export function shortcutsIn(scope: ShortcutScope): { label: string; what: string }[] {
  return SHORTCUTS.flatMap((entry) => {
    const what = entry.what[scope];
    return what ? [{ label: entry.label, what }] : [];
  });
}

/** Keys the player's own controls take (not shortcuts: they act where the focus is), listed with them. */
export const PLAYER_KEYS: readonly { label: string; what: string }[] = [
  { label: "Space", what: "Play or pause, on the Play button" },
  { label: "Page Up / Page Down", what: "Forward or back 5 seconds, on the position slider" },
  { label: "→ / ←", what: "Forward or back 0.1 seconds, on the position slider" },
  { label: "Esc", what: "Close the dialog" },
];

/** Keys of the reason field a Reject opens (RejectForm), listed with the player's. */
export const REASON_KEYS: readonly { label: string; what: string }[] = [
  { label: "Ctrl+Enter", what: "Send the song back to be made again (⌘+Enter on a Mac)" },
];

/** Whether `shortcut` does anything in `scope` (the `?` dialog lists exactly these). */
export function worksIn(shortcut: Shortcut, scope: ShortcutScope): boolean {
  return SHORTCUTS.some((entry) => entry.shortcut === shortcut && entry.what[scope] !== undefined);
}
