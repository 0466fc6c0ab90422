import { formatPrice } from '../../shared/money.ts';

/** '$ {price}' as the spec shows it (two decimals, as totals are); a reduced price is marked 'New Price'. */
export function priceText(price: number): string {
  return `$ ${formatPrice(price)}`;
}
