import { useMemo } from 'react';
import { formatDateTime, formatMoney, formatNumber, formatTime, formatWeekday, type MoneyOptions } from '../../shared/i18n/format.ts';
import type { Language } from '../../shared/i18n/languages.ts';
import { useLanguage } from './i18n.ts';

export { formatDateTime, formatMoney, formatNumber, formatTime };

/**
 * The reader's region within the language for dates ("en-GB" for a British reader of English),
 * else the language: money never takes a region, so "$" stays "$". Only in the browser: the
 * server draws no dates.
 */
function dateLocale(language: Language): string {
  const regional = typeof navigator === 'undefined' ? undefined : navigator.languages.find((locale) => locale.split('-')[0] === language);
  return regional ?? language;
}

export interface Format {
  money(amount: number, options?: MoneyOptions): string;
  number(value: number): string;
  /** On the restaurant's clock when `timeZone` (its settings') is given. */
  dateTime(iso: string | Date, timeZone?: string): string;
  time(iso: string | Date, timeZone?: string): string;
  weekday(iso: string | Date, timeZone?: string): string;
}

/** Money, numbers and dates in the active language: `const format = useFormat(); format.money(14.5)`. */
export function useFormat(): Format {
  const language = useLanguage();
  return useMemo(
    () => ({
      money: (amount, options) => formatMoney(amount, language, options),
      number: (value) => formatNumber(value, language),
      dateTime: (iso, timeZone) => formatDateTime(iso, dateLocale(language), timeZone),
      time: (iso, timeZone) => formatTime(iso, dateLocale(language), timeZone),
      weekday: (iso, timeZone) => formatWeekday(iso, language, timeZone),
    }),
    [language],
  );
}
