import { assertEquals } from "@std/assert";
import {
  canSaveOrReset,
  emptyPromptMessage,
  isDirty,
  loadFailedToast,
  loadingTab,
  promptPath,
  type PromptTabState,
  reset,
  savedToast,
  saveFailedToast,
  type SystemPrompt,
  versionText,
  withSaved,
} from "../../../../../islands/admin/prompts/prompts.ts";

const saved = (overrides: Partial<SystemPrompt> = {}): SystemPrompt => ({
  kind: "lyrics",
  prompt: "Write a song.",
  version: 3,
  updatedAt: "2026-01-15T12:00:00.000Z",
  updatedBy: "demo@example.com",
  isDefault: false,
  ...overrides,
});

const ready = (draft?: string): PromptTabState => {
  const state = withSaved(loadingTab(), saved());
  return draft === undefined ? state : { ...state, draft };
};

Deno.test("a loaded prompt fills the editor and is clean; a change makes it dirty", () => {
  const state = ready();
  assertEquals([state.status, state.draft, isDirty(state), canSaveOrReset(state)], [
    "ready",
    "Write a song.",
    false,
    false,
  ]);
  const edited = ready("Write a lullaby.");
  assertEquals([isDirty(edited), canSaveOrReset(edited)], [true, true]);
  assertEquals(isDirty(ready("Write a song. ")), true, "any difference counts, even a space");
  assertEquals(isDirty(loadingTab()), false, "nothing to compare with before it loads");
});

Deno.test("Save and Reset wait while a save is under way", () => {
  assertEquals(canSaveOrReset({ ...ready("Changed"), saving: true }), false);
});

Deno.test("Reset returns to the last loaded or saved text; a save makes that the new one", () => {
  assertEquals(reset(ready("Changed")).draft, "Write a song.");
  const afterSave = withSaved(ready("Changed"), saved({ prompt: "Changed", version: 4 }));
  assertEquals([afterSave.draft, isDirty(afterSave)], ["Changed", false]);
  assertEquals(reset({ ...afterSave, draft: "Again" }).draft, "Changed");
  assertEquals(reset(loadingTab()), loadingTab());
});

Deno.test("an empty or whitespace-only prompt is refused with the spec's message per kind", () => {
  assertEquals(emptyPromptMessage("lyrics", ""), "Lyrics prompt cannot be empty");
  assertEquals(emptyPromptMessage("tags", " \n\t "), "Tags prompt cannot be empty");
  assertEquals(emptyPromptMessage("lyrics", " x "), null);
});

Deno.test("the toasts carry the spec's texts", () => {
  assertEquals(savedToast("lyrics"), {
    title: "Lyrics Prompt Updated",
    description: "This prompt is now the SINGLE SOURCE OF TRUTH for lyrics generation.",
  });
  assertEquals(savedToast("tags"), {
    title: "Tags Prompt Updated",
    description: "This prompt is now the SINGLE SOURCE OF TRUTH for tags generation.",
  });
  assertEquals(saveFailedToast("tags"), {
    title: "Update Failed",
    description: "Failed to update the tags prompt. Please try again.",
    variant: "destructive",
  });
  assertEquals(loadFailedToast([]), null);
  assertEquals(loadFailedToast(["lyrics", "tags"]), {
    title: "Failed to load current prompts",
    description: "Failed to fetch lyrics system prompt. Failed to fetch tags system prompt.",
    variant: "destructive",
  });
});

Deno.test("the version line says which version, when and by whom; the shipped prompt says so", () => {
  const format = (iso: string) => `<${iso.slice(0, 10)}>`;
  assertEquals(versionText(saved(), format), "Version 3 · saved <2026-01-15> by demo@example.com");
  assertEquals(versionText(saved({ updatedBy: null }), format), "Version 3 · saved <2026-01-15>");
  assertEquals(
    versionText(saved({ version: 0, isDefault: true, updatedAt: null, updatedBy: null }), format),
    "Default prompt (version 0)",
  );
});

Deno.test("each kind has its own endpoint", () => {
  assertEquals(promptPath("lyrics"), "/api/admin/system-prompt/lyrics");
  assertEquals(promptPath("tags"), "/api/admin/system-prompt/tags");
});
