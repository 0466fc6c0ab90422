/** Shared by the server's 409s and the cart's marks on the blocking entry (their words: the catalogues' `cart.unavailable.*`). */
export type Unavailable = 'sold-out' | 'hidden';

export function unavailableReason(dish: { soldOut?: boolean; hidden?: boolean }): Unavailable | undefined {
  if (dish.hidden) return 'hidden';
  if (dish.soldOut) return 'sold-out';
  return undefined;
}

export function cannotAddMessage(name: string, reason: Unavailable): string {
  return reason === 'sold-out' ? `${name} is sold out. Please choose another dish.` : `${name} is not on the menu now.`;
}

export function cannotPayMessage(name: string, reason: Unavailable): string {
  const why = reason === 'sold-out' ? 'is sold out' : 'is no longer on the menu';
  return `${name} ${why}: remove it from your cart to pay.`;
}

/** A "New Price" at or above the price is no offer. */
export function offerPriceProblem(price: number, newPrice: number | null | undefined): string | undefined {
  if (newPrice === null || newPrice === undefined) return undefined;
  return newPrice < price ? undefined : 'The offer price must be lower than the price';
}
