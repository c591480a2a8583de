import { assertEquals } from "@std/assert";
import { DRAFT_KEY, loadDraft, saveDraft } from "../../../../islands/order/storage.ts";
import { emptyValues } from "../../../../islands/order/values.ts";

Deno.test("the draft round-trips through session storage", () => {
  try {
    const base = emptyValues();
    assertEquals(loadDraft(base), null);
    saveDraft({ ...base, childName: "Mia", addStreamingServices: true });
    const draft = loadDraft(base)!;
    assertEquals([draft.childName, draft.addStreamingServices], ["Mia", true]);
    saveDraft(null);
    assertEquals(sessionStorage.getItem(DRAFT_KEY), null);

    sessionStorage.setItem(DRAFT_KEY, "{not json");
    assertEquals(loadDraft(base), null, "a damaged draft is ignored");
  } finally {
    sessionStorage.clear();
  }
});
