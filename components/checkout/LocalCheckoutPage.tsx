import type { ReactNode } from "react";
import type { LocalCheckoutSession } from "../../domain/order/checkout.ts";
import { formatCents } from "../../domain/order/pricing.ts";
import { SITE_NAME } from "../../domain/site/site.ts";
import { buttonClass, INPUT_CLASS } from "../ui.ts";
import { MusicNoteIcon } from "../icons.tsx";

export interface LocalCheckoutPageProps {
  session: LocalCheckoutSession | null;
  promoError?: string;
}

const LABEL = "grid gap-1 text-sm font-medium text-slate-700";

/**
 * Looks and behaves like a hosted card checkout: the order summary on one side, the card form on
 * the other, a promotion-code field, Pay and Cancel. No card data goes anywhere: the fields are for
 * show and Pay simply marks the session paid.
 */
export function LocalCheckoutPage({ session, promoError }: LocalCheckoutPageProps) {
  if (!session) {
    return (
      <CheckoutFrame>
        <h1 className="text-2xl font-bold text-slate-900">Checkout session not found</h1>
        <p className="text-slate-600">This payment link is unknown or has expired.</p>
        <a href="/order" className={buttonClass("primary")}>Back to the order form</a>
      </CheckoutFrame>
    );
  }
  if (session.status === "expired") {
    // As Stripe's page does: a session past its time can no longer be paid, and never was.
    return (
      <CheckoutFrame>
        <h1 className="text-2xl font-bold text-slate-900">This checkout has expired</h1>
        <p className="text-slate-600">Nothing was charged. Your order form still has your answers.</p>
        <a href={session.cancelUrl} className={buttonClass("primary")}>Back to the order form</a>
      </CheckoutFrame>
    );
  }
  if (session.status !== "open") {
    return (
      <CheckoutFrame>
        <h1 className="text-2xl font-bold text-slate-900">This checkout is already complete</h1>
        <a href={session.successUrl} className={buttonClass("primary")}>Continue</a>
      </CheckoutFrame>
    );
  }
  const action = `/checkout/local/${session.id}`;
  return (
    <main className="min-h-screen bg-slate-50 md:grid md:grid-cols-2">
      <section className="grid content-start gap-6 bg-white px-6 py-10 md:px-12 md:py-16">
        <a href={session.cancelUrl} className="text-sm font-medium text-slate-500 hover:text-slate-900">
          ← Cancel and return to {SITE_NAME}
        </a>
        <div className="flex items-center gap-3">
          <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-violet-600 text-white">
            <MusicNoteIcon className="h-5 w-5" />
          </span>
          <span className="font-semibold text-slate-700">{SITE_NAME}</span>
        </div>
        <div>
          <p className="text-slate-500">{session.productName}</p>
          <p className="text-4xl font-bold text-slate-900" data-amount-total="">
            ${formatCents(session.amountTotal)}
          </p>
          <p className="mt-2 text-sm text-slate-500">{session.description}</p>
        </div>
        <dl className="grid gap-2 border-t border-slate-200 pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-600">Subtotal</dt>
            <dd>${formatCents(session.amountSubtotal)}</dd>
          </div>
          {session.promotionCode && (
            <div className="flex justify-between text-green-700">
              <dt>Discount ({session.promotionCode})</dt>
              <dd>−${formatCents(session.amountDiscount)}</dd>
            </div>
          )}
          <div className="flex justify-between border-t border-slate-200 pt-2 font-semibold">
            <dt>Total due</dt>
            <dd>${formatCents(session.amountTotal)}</dd>
          </div>
        </dl>
        {session.allowPromotionCodes && !session.promotionCode && (
          <form method="post" action={`${action}/promo`} className="grid gap-2">
            <label className={LABEL}>
              Promotion code
              <input
                name="promotionCode"
                autoComplete="off"
                className={INPUT_CLASS}
                aria-invalid={promoError ? true : undefined}
                aria-describedby={promoError ? "promo-error" : undefined}
              />
            </label>
            {promoError && <p id="promo-error" className="text-sm text-red-600">{promoError}</p>}
            <button type="submit" className={buttonClass("outline", "sm")}>Apply</button>
          </form>
        )}
      </section>
      <section className="grid content-start gap-5 px-6 py-10 md:px-12 md:py-16">
        <h1 className="text-xl font-semibold text-slate-900">Pay with card</h1>
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Local checkout for development: no card is charged. Set STRIPE_SECRET_KEY to use Stripe.
        </p>
        <form method="post" action={`${action}/pay`} className="grid gap-4">
          <label className={LABEL}>
            Email
            <input value={session.customerEmail} readOnly className={INPUT_CLASS} />
          </label>
          <label className={LABEL}>
            Card number
            <input
              inputMode="numeric"
              autoComplete="off"
              defaultValue="4242 4242 4242 4242"
              className={INPUT_CLASS}
            />
          </label>
          <div className="grid grid-cols-2 gap-4">
            <label className={LABEL}>
              Expiry
              <input autoComplete="off" defaultValue="12 / 34" className={INPUT_CLASS} />
            </label>
            <label className={LABEL}>
              CVC
              <input autoComplete="off" defaultValue="123" className={INPUT_CLASS} />
            </label>
          </div>
          <label className={LABEL}>
            Name on card
            <input autoComplete="off" className={INPUT_CLASS} />
          </label>
          <button type="submit" className={`${buttonClass("primary", "lg")} w-full`}>
            Pay ${formatCents(session.amountTotal)}
          </button>
        </form>
      </section>
    </main>
  );
}

/** The page has no site layout around it (it stands for the payment provider's), so it is its own main. */
function CheckoutFrame({ children }: { children: ReactNode }) {
  return <main className="mx-auto grid max-w-md gap-4 px-6 py-24 text-center">{children}</main>;
}
