import { assertEquals } from "@std/assert";
import {
  DRAFT_KEY,
  keepParentForNextOrder,
  loadDraft,
  saveDraft,
} from "../../../../islands/order/storage.ts";
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

Deno.test("after an order, the next one starts with the same parent and a fresh child", () => {
  try {
    const base = emptyValues();
    saveDraft({
      ...base,
      childName: "Mia",
      favoriteColor: "Purple",
      parentName: "Sam",
      parentEmail: "s@x.co",
    });
    keepParentForNextOrder({ parentName: " Sam ", parentEmail: "s@x.co" });
    const next = loadDraft(base)!;
    assertEquals([next.parentName, next.parentEmail], ["Sam", "s@x.co"]);
    assertEquals([next.childName, next.favoriteColor], ["", ""]);

    keepParentForNextOrder({});
    assertEquals(sessionStorage.getItem(DRAFT_KEY), null, "nothing to keep: no draft");
  } finally {
    sessionStorage.clear();
  }
});
