import type { Translate } from '../../shared/i18n/catalogue.ts';
import { formatMoney, formatNumber } from '../../shared/i18n/format.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import type { Figure } from '../../shared/stats.ts';

const dollars = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Money as the shop shows it ("$ 14.50"), with thousands marked: a year's revenue is a long number.
 * Another language's is Intl's, which marks them ("1.234,50 $").
 */
export function money(amount: number, language: Language = SOURCE_LANGUAGE): string {
  return language === SOURCE_LANGUAGE ? `$ ${dollars.format(amount)}` : formatMoney(amount, language);
}

export function count(n: number, language: Language = SOURCE_LANGUAGE): string {
  return formatNumber(n, language);
}

const plural = new Intl.PluralRules('en');

/**
 * A number with its noun worded by the language's plural rule: "1 plate", "0 plates", "2 orders".
 * The one place the statistics choose a noun's form, so no "1 plates" comes back.
 */
export function counted(n: number, forms: { one: string; other: string }): string {
  return `${count(n)} ${plural.select(n) === 'one' ? forms.one : forms.other}`;
}

export const PLATES = { one: 'plate', other: 'plates' };
export const ORDERS = { one: 'order', other: 'orders' };
export const DISHES = { one: 'dish', other: 'dishes' };

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };

/** "Sat 28 Mar 2026" ("Sa., 28. März 2026") for a local day (YYYY-MM-DD): the day itself, whatever the browser's zone. */
export function formatDay(date: string, options: Intl.DateTimeFormatOptions = DAY, language: Language = SOURCE_LANGUAGE): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(language === SOURCE_LANGUAGE ? 'en-GB' : language, { ...options, timeZone: 'UTC' });
}

/** "28 Mar" for a chart's axis. */
export function shortDay(date: string): string {
  return formatDay(date, { day: 'numeric', month: 'short' });
}

export function formatRange(range: { from: string; to: string }, language: Language = SOURCE_LANGUAGE): string {
  const day = (date: string) => formatDay(date, DAY, language);
  return range.from === range.to ? day(range.from) : `${day(range.from)} – ${day(range.to)}`;
}

/**
 * A figure's change as its tile says it: "↗ 400 (22%)", "↘ $ 9.00 (14%)", "→ 0", or "no earlier
 * data"; and the same in words for a screen reader.
 */
export function describeChange(figure: Figure, format: (n: number) => string, t: Translate): { text: string; words: string } {
  if (figure.difference === null) return { text: t('stats.change.none'), words: t('stats.change.noneWords') };
  const size = format(Math.abs(figure.difference));
  const percent = figure.percent === null ? '' : ` (${Math.abs(figure.percent)}%)`;
  if (figure.difference === 0) return { text: `→ ${size}${percent}`, words: t('stats.change.sameWords') };
  const up = figure.difference > 0;
  const words =
    figure.percent === null
      ? t(up ? 'stats.change.upWords' : 'stats.change.downWords', { size })
      : t(up ? 'stats.change.upPercentWords' : 'stats.change.downPercentWords', { size, percent: Math.abs(figure.percent) });
  return { text: `${up ? '↗' : '↘'} ${size}${percent}`, words };
}
