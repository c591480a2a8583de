import { assertEquals } from "@std/assert";
import {
  DRAFT_KEY,
  loadDraft,
  loadReferralCode,
  REFERRAL_KEY,
  saveDraft,
  saveReferralCode,
} from "../../../../islands/order/storage.ts";
import { emptyValues } from "../../../../islands/order/values.ts";

Deno.test("the draft and the referral code round-trip through session storage", () => {
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

    saveReferralCode("MIA-7K3Q");
    assertEquals(loadReferralCode(), "MIA-7K3Q");
    saveReferralCode(null);
    assertEquals(sessionStorage.getItem(REFERRAL_KEY), null);
  } finally {
    sessionStorage.clear();
  }
});
