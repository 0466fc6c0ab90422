import { SHOP_CURRENCY } from '../money.ts';
import { SOURCE_LANGUAGE, type Language } from './languages.ts';

/**
 * Money, numbers and dates by `Intl` in a language, the restaurant's currency and its time zone:
 * the one place both sides format them (the web app through src/web/i18n/format.ts, the server's
 * renderer with it). Formatters are made once per language and options: making one is the slow part.
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n ${locale} ${JSON.stringify(options)}`;
  if (!formats.has(key)) formats.set(key, new Intl.NumberFormat(locale, options));
  return formats.get(key) as Intl.NumberFormat;
}

function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d ${locale} ${JSON.stringify(options)}`;
  if (!formats.has(key)) formats.set(key, new Intl.DateTimeFormat(locale, options));
  return formats.get(key) as Intl.DateTimeFormat;
}

export interface MoneyOptions {
  /** English only: "$ 14.50" as the menu and the cart show it (the spec's), or "$14.50" as the dialogs do. */
  spaced?: boolean;
}

/**
 * An amount in the restaurant's currency: "$ 14.50" in English (the spec's form, no grouping, as
 * before the catalogues), "14,50 $" in German.
 */
export function formatMoney(amount: number, language: Language, { spaced = true }: MoneyOptions = {}): string {
  if (language !== SOURCE_LANGUAGE) return numberFormat(language, { style: 'currency', currency: SHOP_CURRENCY }).format(amount);
  const parts = numberFormat(SOURCE_LANGUAGE, { style: 'currency', currency: SHOP_CURRENCY, useGrouping: false }).formatToParts(amount);
  return parts.map((part) => (part.type === 'currency' && spaced ? `${part.value} ` : part.value)).join('');
}

/** A count or a plain number in the language's digits ("1,234" / "1.234"). */
export function formatNumber(value: number, language: Language): string {
  return numberFormat(language, {}).format(value);
}

/**
 * A moment as a date and a time ("Nov 28, 2026, 5:36 PM" / "28.11.2026, 17:36"), on the
 * restaurant's clock when its time zone is known. `locale` may name the reader's region
 * (en-GB) within the language.
 */
export function formatDateTime(iso: string | Date, locale: string, timeZone?: string): string {
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/**
 * Items as the language lists them ("10115, 10117 and 10119"): English as British English does,
 * without a comma before "and", as the shop's sentences always read.
 */
export function formatList(items: readonly string[], language: Language, type: 'conjunction' | 'disjunction'): string {
  const locale = language === SOURCE_LANGUAGE ? 'en-GB' : language;
  return new Intl.ListFormat(locale, { style: 'long', type }).format(items);
}

/** A moment's day of the week ("Friday" / "Freitag"), on the restaurant's clock when known. */
export function formatWeekday(iso: string | Date, locale: string, timeZone?: string): string {
  return dateFormat(locale, { weekday: 'long', timeZone }).format(new Date(iso));
}

/** A moment's time of day ("5:36 PM" / "17:36"), on the restaurant's clock when known. */
export function formatTime(iso: string | Date, locale: string, timeZone?: string): string {
  return dateFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
}
