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

/** The restaurant's currency (ISO 4217), for `Intl` (src/shared/i18n/format.ts) and the card payments. */
export const SHOP_CURRENCY = 'USD';

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/**
 * A price as a plain decimal with two places ("14.50"), as the spec shows totals and as a form's
 * field holds it; words around money in a language: formatMoney (src/shared/i18n/format.ts).
 */
export function formatPrice(price: number): string {
  return twoDecimals.format(price);
}
