import { HeartIcon, SparkleIcon } from "../../components/icons.tsx";
import { BASE_PRICE_CENTS, formatCents, priceOrder } from "../../domain/pricing.ts";
import { FRIEND_DISCOUNT } from "../../domain/referral_code.ts";

/**
 * The price before checkout (customer-side §9): the song, the streaming add-on when chosen, and the
 * total. A kept referral code is named but not subtracted: the server decides whether it applies.
 */
export function PriceSummary(
  { includeStreaming, referralCode }: { includeStreaming: boolean; referralCode: string | null },
) {
  const price = priceOrder(includeStreaming);
  return (
    <section aria-labelledby="price-summary" className="grid gap-4">
      <h2 id="price-summary" className="font-display text-xl font-bold text-slate-900">Price Summary</h2>
      <dl className="grid gap-2 text-slate-700">
        <div className="flex justify-between gap-4">
          <dt>Personalized song</dt>
          <dd>${formatCents(BASE_PRICE_CENTS)}</dd>
        </div>
        {includeStreaming && (
          <div className="flex justify-between gap-4">
            <dt>Streaming add-on</dt>
            <dd>${formatCents(price.streamingPrice)}</dd>
          </div>
        )}
        <div
          className="flex justify-between gap-4 border-t border-violet-100 pt-3 text-lg font-bold text-slate-900"
          data-total=""
        >
          <dt>Total</dt>
          <dd aria-live="polite">${formatCents(price.totalPrice)}</dd>
        </div>
      </dl>
      {referralCode && (
        <p className="flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm font-medium text-green-800">
          <SparkleIcon className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            Referral code <strong>{referralCode}</strong>: {FRIEND_DISCOUNT.value}% off applied at checkout
          </span>
        </p>
      )}
      <p className="flex items-start gap-2 text-sm text-slate-600">
        <HeartIcon className="mt-0.5 h-4 w-4 shrink-0 text-pink-500" />
        <span>$1 from every song goes to a children's research hospital.</span>
      </p>
      <p className="text-sm text-slate-600">Have a promo code? You can enter it at checkout.</p>
    </section>
  );
}
