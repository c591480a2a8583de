import { HeartIcon, SparkleIcon } from "../../components/icons.tsx";
import { BASE_PRICE_CENTS, describeDiscount, formatCents, priceOrder } from "../../domain/order/pricing.ts";
import type { ReferralCheck } from "./referral_offer.ts";

export interface PriceSummaryProps {
  includeStreaming: boolean;
  /** The kept referral code as the server judged it when the page opened; null without one. */
  referral: ReferralCheck | null;
  /** Demo accounts skip checkout, so they are not told about its promo-code field. */
  demo: boolean;
}

/**
 * The price before checkout (customer-side §9): the song, the streaming add-on when chosen, a friend's
 * code when the server has confirmed it, and the total that will be charged. The server prices the
 * order again itself; this is the same arithmetic (domain/order/pricing.ts) on the same discount.
 */
export function PriceSummary({ includeStreaming, referral, demo }: PriceSummaryProps) {
  const offer = referral?.kind === "offer" ? referral.offer : null;
  const price = priceOrder(includeStreaming, offer?.discount);
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
        {offer && (
          <div className="flex justify-between gap-4 font-medium text-green-800" data-discount="">
            <dt>Referral {offer.code} ({describeDiscount(offer.discount)})</dt>
            <dd>−${formatCents(price.discountAmount)}</dd>
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
      {referral && <ReferralNote referral={referral} />}
      <p className="flex items-start gap-2 text-sm text-slate-600">
        <HeartIcon className="mt-0.5 h-4 w-4 shrink-0 text-pink-500" />
        <span>$1 from every song goes to a children's research hospital.</span>
      </p>
      {!demo && <p className="text-sm text-slate-600">Have a promo code? You can enter it at checkout.</p>}
    </section>
  );
}

/** The line that explains the discount, or says plainly why there is none. */
function ReferralNote({ referral }: { referral: ReferralCheck }) {
  let text: string;
  switch (referral.kind) {
    case "offer":
      text = referral.offer.firstOrderOnly
        ? `A friend's code: ${
          describeDiscount(referral.offer.discount)
        } your first order, already in the total.`
        : `Code ${referral.offer.code}: ${describeDiscount(referral.offer.discount)}, already in the total.`;
      break;
    case "checking":
      text = `Checking referral code ${referral.code}…`;
      break;
    case "unchecked":
      text = `Referral code ${referral.code} will be checked when you pay.`;
      break;
    case "refused":
      text = `Referral code ${referral.code} can't be used: ${referral.message}`;
      break;
  }
  const good = referral.kind === "offer";
  return (
    <p
      className={`flex items-start gap-2 rounded-lg p-3 text-sm font-medium ${
        good ? "bg-green-50 text-green-800" : "bg-slate-100 text-slate-700"
      }`}
      data-referral-note={referral.kind}
    >
      <SparkleIcon className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
