/**
 * Money is stored as integer cents; the API speaks the spec's decimal numbers (price: 14.5).
 * Converting in one place keeps floating-point sums out of totals.
 */
export function centsToPrice(cents: number): number {
  return cents / 100;
}

export function priceToCents(price: number): number {
  return Math.round(price * 100);
}

/** Totals are shown with two decimals, as the spec says. */
export function formatPrice(price: number): string {
  return price.toFixed(2);
}
