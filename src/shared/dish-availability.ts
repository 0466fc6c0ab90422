/** Shared by the server's 409s and the cart's marks on the blocking entry (their words: the catalogues' `cart.unavailable.*`). */
export type Unavailable = 'sold-out' | 'hidden';

export function unavailableReason(dish: { soldOut?: boolean; hidden?: boolean }): Unavailable | undefined {
  if (dish.hidden) return 'hidden';
  if (dish.soldOut) return 'sold-out';
  return undefined;
}

/** A "New Price" at or above the price is no offer. */
export function offerPriceProblem(price: number, newPrice: number | null | undefined): string | undefined {
  if (newPrice === null || newPrice === undefined) return undefined;
  return newPrice < price ? undefined : 'The offer price must be lower than the price';
}
