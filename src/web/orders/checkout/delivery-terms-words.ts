import type { Translate } from '../../../shared/i18n/catalogue.ts';
import { formatList, formatMoney } from '../../../shared/i18n/format.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { RestaurantSettings } from '../../../shared/restaurant-settings.ts';

/**
 * The delivery's terms before any address is typed (the fee, the minimum on the dishes, the area)
 * in the reader's language: English word for word as deliveryTermsWords (src/shared/restaurant-settings.ts).
 */
export function deliveryTermsText(settings: Pick<RestaurantSettings, 'deliveryFee' | 'minimumOrder' | 'postalCodes'>, t: Translate, language: Language): string {
  const money = (amount: number) => formatMoney(amount, language, { spaced: false });
  const prefixes = settings.postalCodes.filter((code) => code.endsWith('*')).map((code) => code.slice(0, -1).trim());
  const codes = settings.postalCodes.filter((code) => !code.endsWith('*')).map((code) => code.trim());
  const area =
    prefixes.length > 0 && codes.length > 0
      ? t('checkout.terms.prefixesAndCodes', { prefixes: formatList(prefixes, language, 'disjunction'), codes: formatList(codes, language, 'conjunction') })
      : prefixes.length > 0
        ? t('checkout.terms.prefixes', { prefixes: formatList(prefixes, language, 'disjunction') })
        : codes.length > 0
          ? t('checkout.terms.codes', { codes: formatList(codes, language, 'conjunction') })
          : '';
  return [
    settings.deliveryFee > 0 ? t('checkout.terms.fee', { amount: money(settings.deliveryFee) }) : t('checkout.terms.free'),
    settings.minimumOrder > 0 ? t('checkout.terms.minimum', { amount: money(settings.minimumOrder) }) : '',
    area,
  ]
    .filter(Boolean)
    .join(' ');
}
