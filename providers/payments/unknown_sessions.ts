import { isKnownToBeUnknown, rememberUnknownSession } from "../../kv/unknown_payment_sessions.ts";
import type { Payments } from "./mod.ts";

/**
 * The provider, answering "no such session" from memory for ids it has just said it does not know
 * (kv/unknown_payment_sessions.ts). Only an answer is remembered: an outage or an error is not.
 */
export function withUnknownSessionsRemembered(
  payments: Payments,
  kv: Deno.Kv,
  /** Ids of the provider's shape; any other is refused without a call, so there is nothing to save. */
  isSessionId: (id: string) => boolean,
): Payments {
  return {
    ...payments,
    async getSession(id) {
      if (!isSessionId(id) || await isKnownToBeUnknown(kv, id)) return null;
      const session = await payments.getSession(id);
      if (!session) await rememberUnknownSession(kv, id);
      return session;
    },
  };
}
