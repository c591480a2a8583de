import { buildOrder, type Order, type OrderForm } from "../domain/orders.ts";
import { priceOrder } from "../domain/pricing.ts";
import { CONFLICT, retryOnConflict } from "../kv/atomic.ts";
import { keys } from "../kv/keys.ts";
import { claimOrderNumber, writeOrder } from "../kv/orders.ts";
import { withGenerationStarted } from "./generation.ts";

/**
 * Customer-side §6: a demo user skips payment and the order is created directly, at the list price
 * (referral codes are for paying customers), with generation started in the same write.
 */
export function createDemoOrder(kv: Deno.Kv, form: OrderForm, userId: string, now: number): Promise<Order> {
  return retryOnConflict("demo order", async () => {
    const sequence = await kv.get<number>(keys.orderSequence());
    const operation = kv.atomic();
    const orderNumber = claimOrderNumber(operation, sequence);
    const order = withGenerationStarted(
      buildOrder(form, {
        id: crypto.randomUUID(),
        orderNumber,
        userId,
        price: priceOrder(form.addStreamingServices),
        payment: { kind: "demo" },
        promoCode: null,
        referralCodeUsed: null,
        customerReferralCode: null,
        now,
      }),
      now,
    );
    return (await writeOrder(operation, null, order).commit()).ok ? order : CONFLICT;
  });
}
