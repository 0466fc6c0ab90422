import type { Figure } from '../../shared/stats.ts';

const dollars = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money as the shop shows it ("$ 14.50"), with thousands marked: a year's revenue is a long number. */
export function money(amount: number): string {
  return `$ ${dollars.format(amount)}`;
}

export function count(n: number): string {
  return n.toLocaleString('en');
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

/** "Sat 28 Mar 2026" for a local day (YYYY-MM-DD): the day itself, whatever the browser's zone. */
export function formatDay(date: string, options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { ...options, timeZone: 'UTC' });
}

/** "28 Mar" for a chart's axis. */
export function shortDay(date: string): string {
  return formatDay(date, { day: 'numeric', month: 'short' });
}

export function formatRange(range: { from: string; to: string }): string {
  return range.from === range.to ? formatDay(range.from) : `${formatDay(range.from)} – ${formatDay(range.to)}`;
}

/**
 * A figure's change as its tile says it: "↗ 400 (22%)", "↘ $ 9.00 (14%)", "→ 0", or "no earlier
 * data"; and the same in words for a screen reader.
 */
export function describeChange(figure: Figure, format: (n: number) => string): { text: string; words: string } {
  if (figure.difference === null) return { text: 'no earlier data', words: 'no earlier data to compare with' };
  const size = format(Math.abs(figure.difference));
  const percent = figure.percent === null ? '' : ` (${Math.abs(figure.percent)}%)`;
  if (figure.difference === 0) return { text: `→ ${size}${percent}`, words: 'the same as the previous period' };
  const up = figure.difference > 0;
  return {
    text: `${up ? '↗' : '↘'} ${size}${percent}`,
    words: `${up ? 'up' : 'down'} ${size}${percent ? `, ${Math.abs(figure.percent!)} percent,` : ''} on the previous period`,
  };
}
