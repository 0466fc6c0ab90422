import { formatMoney } from '../../shared/i18n/format.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';

/** '$ {price}' as the spec shows it in English (two decimals, as totals are), by Intl in another language; a reduced price is marked 'New Price'. */
export function priceText(price: number, language: Language = SOURCE_LANGUAGE): string {
  return formatMoney(price, language);
}
