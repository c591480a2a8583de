import { assertEquals } from "@std/assert";
import { REFERRAL_CODE_MESSAGE } from "../../../../domain/referral/referrals.ts";
import { cleanedAddress, referralParam } from "../../../../islands/order/query.ts";

const params = (query: string) => new URLSearchParams(query);

Deno.test("ref is upper-cased and validated like any referral code", () => {
  assertEquals(referralParam(params("ref=mia-7k3q")), { kind: "valid", code: "MIA-7K3Q" });
  assertEquals(referralParam(params("ref=%20friend_1%20")), { kind: "valid", code: "FRIEND_1" });
  assertEquals(referralParam(params("ref=bad%20code!")), { kind: "invalid", message: REFERRAL_CODE_MESSAGE });
  assertEquals(referralParam(params("ref=ab")).kind, "invalid");
  assertEquals(referralParam(params("")), { kind: "none" });
  assertEquals(referralParam(params("ref=")), { kind: "none" });
});

Deno.test("payment leftovers are cleaned from the address, keeping only ref", () => {
  const clean = (path: string) => cleanedAddress(new URL(path, "http://localhost"));
  assertEquals(clean("/order?ref=X&session_id=cs_1&payment_success=true"), "/order?ref=X");
  assertEquals(clean("/order?session_id=cs_1"), "/order");
  assertEquals(clean("/order?payment_success=true&utm=1#top"), "/order#top");
  assertEquals(clean("/order?ref=X"), null, "nothing to clean");
  assertEquals(clean("/order"), null);
});
