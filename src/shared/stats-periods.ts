/**
 * The statistics' periods and comparisons, read by the server (which resolves a named period with
 * the restaurant's clock) and by the admin home (which draws the picker). Zod-free, so the page
 * can import it without the schema library. Dates are the restaurant's local days, YYYY-MM-DD,
 * both ends included (docs/decisions/0019-statistics.md).
 */

export const STATS_PERIODS = ['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'lastMonth', 'custom'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export type NamedPeriod = Exclude<StatsPeriod, 'custom'>;

export const STATS_PERIOD_LABELS: Record<StatsPeriod, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  custom: 'Custom range',
};

/** The period the admin home opens with. */
export const DEFAULT_STATS_PERIOD: NamedPeriod = 'last7';

/** The longest period asked at once: a leap year, so that "a year" always fits. */
export const STATS_MAX_DAYS = 366;

/** How many dishes each top list names. */
export const TOP_DISHES = 10;

/**
 * Refunds in these states take their money off the revenue: a pending refund has been asked of
 * the payment provider and is on its way back; a failed one left the money with the restaurant.
 */
export const REFUND_STATES_COUNTED = ['pending', 'succeeded'] as const;

export interface DateRange {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Last day, YYYY-MM-DD, included. */
  to: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** A calendar date `days` after (or before, when negative) `date`. */
export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** How many days a range spans, both ends included. */
export function daysInRange(range: DateRange): number {
  return dayNumber(range.to) - dayNumber(range.from) + 1;
}

/** Whether a text is a real calendar date in the form YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(dayNumber(text)) && fromDayNumber(dayNumber(text)) === text;
}

/** A named period's days, counted back from the restaurant's `today`. */
export function namedPeriodRange(period: NamedPeriod, today: string): DateRange {
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const lastDay = addDays(monthStart, -1);
      return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
    }
  }
}

/** The period of the same length that ends the day before `range` starts: what a figure is compared with. */
export function previousRange(range: DateRange): DateRange {
  const days = daysInRange(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** Why a range cannot be asked for, or undefined when it can. */
export function rangeProblem(range: DateRange): string | undefined {
  if (!isCalendarDate(range.from) || !isCalendarDate(range.to)) return 'Give both days as YYYY-MM-DD';
  if (range.to < range.from) return 'The last day comes before the first';
  if (daysInRange(range) > STATS_MAX_DAYS) return `Choose at most ${STATS_MAX_DAYS} days`;
  return undefined;
}

export interface Comparison {
  /** The figure minus the previous period's; null when there is nothing to compare with. */
  difference: number | null;
  /** The difference as a whole percentage of the previous figure; null when that is 0 or unknown. */
  percent: number | null;
}

/** A figure against the previous period's (`previous` null: no earlier data). */
export function compareFigures(value: number, previous: number | null): Comparison {
  if (previous === null) return { difference: null, percent: null };
  const difference = Math.round((value - previous) * 100) / 100;
  return { difference, percent: previous === 0 ? null : Math.round((difference / previous) * 100) };
}

/** Weekdays as the busiest-hours grid lists them, Monday first. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
