import { assertEquals } from "@std/assert";
import { ApiError } from "../../../../islands/lib/api.ts";
import { referralRefusal } from "../../../../islands/order/submit.ts";

const refusedBody = JSON.stringify({ message: "This referral code has expired.", code: "referral_refused" });

Deno.test("a 422 referral refusal is recognised by its code; other errors are not", () => {
  const error = (status: number, body: string) => new ApiError(status, body, undefined, "");
  assertEquals(referralRefusal(error(422, refusedBody)), "This referral code has expired.");
  assertEquals(referralRefusal(error(400, refusedBody)), null);
  assertEquals(referralRefusal(error(422, JSON.stringify({ message: "Bad input." }))), null);
  assertEquals(referralRefusal(error(422, "not json")), null);
  assertEquals(referralRefusal(new Error("network")), null);
});
