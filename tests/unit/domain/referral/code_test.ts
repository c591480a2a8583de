import { assertEquals } from "@std/assert";
import {
  parseReferralCode,
  REFERRAL_CODE_MESSAGE as CHARACTERS,
  REFERRAL_CODE_TOO_LONG as TOO_LONG,
  REFERRAL_CODE_TOO_SHORT as TOO_SHORT,
  referralCodeCharacterProblem,
  referralCodeLengthProblem,
} from "../../../../domain/referral/code.ts";
import { orderFormSchema } from "../../../../domain/order/orders.ts";
import { referralCodeSchema } from "../../../../domain/referral/referrals.ts";

/**
 * Each input with what the Zod chain `trim().toUpperCase().min(3).max(20).regex(…)` answered before the
 * rule moved into parseReferralCode (its first issue when it refused), so both the browser's parser and
 * the server's schema are held to the old answers, not just to each other.
 */
const CASES: [raw: string, answer: { code: string } | { message: string }][] = [
  ["MIA-7K3Q", { code: "MIA-7K3Q" }],
  ["friend_1", { code: "FRIEND_1" }],
  ["  mia-7k3q\n", { code: "MIA-7K3Q" }],
  ["\u00a0abc\u00a0", { code: "ABC" }],
  ["ABC", { code: "ABC" }],
  ["X".repeat(20), { code: "X".repeat(20) }],
  ["ßß", { code: "SSSS" }],
  ["", { message: TOO_SHORT }],
  ["   ", { message: TOO_SHORT }],
  ["ab", { message: TOO_SHORT }],
  ["a!", { message: TOO_SHORT }],
  ["ß", { message: TOO_SHORT }],
  ["X".repeat(21), { message: TOO_LONG }],
  [`${"a".repeat(25)}!`, { message: TOO_LONG }],
  ["NO SPACES", { message: CHARACTERS }],
  ["bad code!", { message: CHARACTERS }],
  ["MIA.7K3Q", { message: CHARACTERS }],
  ["ÉTÉ", { message: CHARACTERS }],
  ["İab", { message: CHARACTERS }],
  ["ﬀ!", { message: CHARACTERS }],
  ["ПРИВЕТ", { message: CHARACTERS }],
  ["🎵🎵🎵", { message: CHARACTERS }],
];

function schemaAnswer(raw: string) {
  const parsed = referralCodeSchema.safeParse(raw);
  if (parsed.success) return { code: parsed.data };
  // The API reports the first issue with its path (routes/api/validate.ts); both must stay as before.
  assertEquals(parsed.error.issues[0].path, [], JSON.stringify(raw));
  return { message: parsed.error.issues[0].message };
}

function parserAnswer(raw: string) {
  const parsed = parseReferralCode(raw);
  return parsed.ok ? { code: parsed.code } : { message: parsed.message };
}

Deno.test("parseReferralCode and referralCodeSchema give the same answer as the old Zod chain", () => {
  for (const [raw, answer] of CASES) {
    assertEquals(parserAnswer(raw), answer, `parseReferralCode(${JSON.stringify(raw)})`);
    assertEquals(schemaAnswer(raw), answer, `referralCodeSchema(${JSON.stringify(raw)})`);
  }
});

Deno.test("referralCodeSchema still refuses what is not text with Zod's own message", () => {
  const parsed = referralCodeSchema.safeParse(42);
  assertEquals(parsed.success, false);
  assertEquals(parsed.error?.issues[0].code, "invalid_type");
});

Deno.test("the order form's referral code follows the same rule, always with the characters message", () => {
  const order = { childName: "Mia", parentName: "Sam", parentEmail: "sam@example.com" };
  for (const [raw, answer] of CASES) {
    const parsed = orderFormSchema.safeParse({ ...order, referralCode: raw });
    // An empty code is no code; any other refused one is named by its characters, as it always was.
    const expected = raw.trim() === ""
      ? { code: undefined }
      : "code" in answer
      ? answer
      : { message: CHARACTERS };
    const got = parsed.success
      ? { code: parsed.data.referralCode }
      : { message: parsed.error.issues[0].message };
    assertEquals(got, expected, `orderFormSchema(${JSON.stringify(raw)})`);
  }
});

Deno.test("the dashboard's form names the characters first, then the length", () => {
  assertEquals(referralCodeCharacterProblem(""), undefined);
  assertEquals(referralCodeCharacterProblem("A!"), CHARACTERS);
  assertEquals(referralCodeLengthProblem("A"), TOO_SHORT);
  assertEquals(referralCodeLengthProblem("A".repeat(21)), TOO_LONG);
  assertEquals(referralCodeLengthProblem("ABC"), undefined);
});
