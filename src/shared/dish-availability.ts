/**
 * Whether a dish can be ordered now (docs/product.md §18): an administrator marks it sold out
 * (shown on the menu, not orderable) or hidden (off the public menu). The server refuses to add
 * such a dish to a cart, and to take payment for a cart that holds one (409 with these words);
 * the cart marks the entry that stops the payment with the same words.
 */
export type Unavailable = 'sold-out' | 'hidden';

export function unavailableReason(dish: { soldOut?: boolean; hidden?: boolean }): Unavailable | undefined {
  if (dish.hidden) return 'hidden';
  if (dish.soldOut) return 'sold-out';
  return undefined;
}

/** The cart line's words for an entry that stops the payment. */
export const UNAVAILABLE_LABELS: Record<Unavailable, string> = {
  'sold-out': 'Sold out',
  hidden: 'No longer on the menu',
};

/** The 409 of POST /api/cart. */
export function cannotAddMessage(name: string, reason: Unavailable): string {
  return reason === 'sold-out' ? `${name} is sold out. Please choose another dish.` : `${name} is not on the menu now.`;
}

/** The 409 of the payment: the first entry that stops it, named. */
export function cannotPayMessage(name: string, reason: Unavailable): string {
  const why = reason === 'sold-out' ? 'is sold out' : 'is no longer on the menu';
  return `${name} ${why}: remove it from your cart to pay.`;
}

/** The offer price must be lower than the price (a "New Price" above it is no offer). Answers the problem, if any. */
export function offerPriceProblem(price: number, newPrice: number | null | undefined): string | undefined {
  if (newPrice === null || newPrice === undefined) return undefined;
  return newPrice < price ? undefined : 'The offer price must be lower than the price';
}
