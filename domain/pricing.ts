/** Customer-side §9 and staff-side §9: prices in cents. */
export const BASE_PRICE_CENTS = 2499;
export const STREAMING_PRICE_CENTS = 1000;
/** Card processors refuse smaller charges; no discount takes a paid order below this. */
export const MINIMUM_CHARGE_CENTS = 50;

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
  const wanted = discount.type === "percentage"
    ? Math.round((subtotal * Math.min(Math.max(discount.value, 0), 100)) / 100)
    : Math.max(Math.round(discount.value), 0);
  return Math.max(0, Math.min(wanted, subtotal - MINIMUM_CHARGE_CENTS));
}

/** Cents as dollars with two decimals (customer-side §9): 2499 → "24.99". */
export function formatCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** How a discount reads in lists (staff-side §5): '$X.XX off' or 'N% off'. */
export function describeDiscount(discount: Discount): string {
  return discount.type === "percentage" ? `${discount.value}% off` : `$${formatCents(discount.value)} off`;
}
