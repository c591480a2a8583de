import { keys } from "./keys.ts";

/**
 * Session ids the payment provider said it does not know, remembered for a few minutes: a client that
 * asks again and again about one made-up id (a reload loop, a script) costs one provider call, not one
 * each time. A real session's id is made by the provider before anyone can ask about it, so nothing real
 * is ever remembered here.
 */
const REMEMBER_MS = 5 * 60 * 1000;

export async function isKnownToBeUnknown(kv: Deno.Kv, sessionId: string): Promise<boolean> {
  return (await kv.get(keys.unknownPaymentSession(sessionId))).value !== null;
}

export async function rememberUnknownSession(kv: Deno.Kv, sessionId: string): Promise<void> {
  await kv.set(keys.unknownPaymentSession(sessionId), true, { expireIn: REMEMBER_MS });
}
