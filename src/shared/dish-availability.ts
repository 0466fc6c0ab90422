/** Shared so the server's 409s and the cart's marks on the blocking entry use the same words. */
export type Unavailable = 'sold-out' | 'hidden';

export function unavailableReason(dish: { soldOut?: boolean; hidden?: boolean }): Unavailable | undefined {
  if (dish.hidden) return 'hidden';
  if (dish.soldOut) return 'sold-out';
  return undefined;
}

export const UNAVAILABLE_LABELS: Record<Unavailable, string> = {
  'sold-out': 'Sold out',
  hidden: 'No longer on the menu',
};

/** A "New Price" at or above the price is no offer. */
export function offerPriceProblem(price: number, newPrice: number | null | undefined): string | undefined {
  if (newPrice === null || newPrice === undefined) return undefined;
  return newPrice < price ? undefined : 'The offer price must be lower than the price';
}
