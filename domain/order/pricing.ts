/** Customer-side §9 and staff-side §9: prices in cents. */
export const BASE_PRICE_CENTS = 2499;
export const STREAMING_PRICE_CENTS = 1000;
/** Stripe's minimum charge in USD; no discount takes a paid order below this. */
export const MINIMUM_CHARGE_CENTS = 50;
/**
 * The largest discounts a code may carry, so that even the cheapest order (the song alone) costs at
 * least the minimum charge. They are the same on our page and on Stripe's, whose coupon knows nothing
 * of our floor: 97% of $24.99 leaves $0.75, $24.49 off leaves $0.50.
 */
export const MAX_PERCENT_OFF = Math.floor((1 - MINIMUM_CHARGE_CENTS / BASE_PRICE_CENTS) * 100);
export const MAX_AMOUNT_OFF_CENTS = BASE_PRICE_CENTS - MINIMUM_CHARGE_CENTS;

export type DiscountType = "percentage" | "fixed_amount";

export interface Discount {
  type: DiscountType;
  /** Percent (1–100) for percentage, cents for fixed_amount. */
  value: number;
}

export interface Price {
  basePrice: number;
  streamingPrice: number;
  discountAmount: number;
  totalPrice: number;
}

/** The price of an order, always computed here on the server; a client's price is never used. */
export function priceOrder(addStreamingServices: boolean, discount?: Discount | null): Price {
  const subtotal = BASE_PRICE_CENTS + (addStreamingServices ? STREAMING_PRICE_CENTS : 0);
  const discountAmount = discount ? priceOfDiscount(subtotal, discount) : 0;
  return {
    basePrice: BASE_PRICE_CENTS,
    streamingPrice: STREAMING_PRICE_CENTS,
    discountAmount,
    totalPrice: subtotal - discountAmount,
  };
}

/** How many cents a discount takes off `subtotal`, never leaving less than the minimum charge. */
export function priceOfDiscount(subtotal: number, discount: Discount): number {
  const capped = cappedDiscount(discount);
  const wanted = capped.type === "percentage" ? Math.round((subtotal * capped.value) / 100) : capped.value;
  return Math.max(0, Math.min(wanted, subtotal - MINIMUM_CHARGE_CENTS));
}

/**
 * A discount within MAX_PERCENT_OFF / MAX_AMOUNT_OFF_CENTS: what we price and what Stripe's coupon
 * carries, so a code stored before the caps (or typed in by hand) cannot make a $0 order either.
 */
export function cappedDiscount(discount: Discount): Discount {
  const value = Math.max(discount.value, 0);
  return discount.type === "percentage"
    ? { type: "percentage", value: Math.min(value, MAX_PERCENT_OFF) }
    : { type: "fixed_amount", value: Math.min(Math.round(value), MAX_AMOUNT_OFF_CENTS) };
}

/** Cents as dollars with two decimals (customer-side §9): 2499 → "24.99". */
export function formatCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** How a discount reads in lists (staff-side §5): '$X.XX off' or 'N% off'. */
export function describeDiscount(discount: Discount): string {
  return discount.type === "percentage" ? `${discount.value}% off` : `$${formatCents(discount.value)} off`;
}
