/**
 * Periods shared by the server and the admin home's picker (decision 0019); Zod-free so the page
 * needn't load the schema library. Dates are the restaurant's local days, both ends included.
 */

export const STATS_PERIODS = ['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'lastMonth', 'custom'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export type NamedPeriod = Exclude<StatsPeriod, 'custom'>;

export const DEFAULT_STATS_PERIOD: NamedPeriod = 'last7';

/** The longest period asked at once: a leap year, so that "a year" always fits. */
export const STATS_MAX_DAYS = 366;

export const TOP_DISHES = 10;

/**
 * Only money the provider confirmed it gave back counts as refunded: a pending refund may still
 * be refused, and a failed one's stayed with the restaurant (docs/security.md, refunds).
 */
export const REFUND_STATES_COUNTED = ['succeeded'] as const;

export interface DateRange {
  from: string;
  /** Included. */
  to: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

export function daysInRange(range: DateRange): number {
  return dayNumber(range.to) - dayNumber(range.from) + 1;
}

/** Rejects well-formed non-dates such as 2026-02-30. */
export function isCalendarDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(dayNumber(text)) && fromDayNumber(dayNumber(text)) === text;
}

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

export function rangeProblem(range: DateRange): string | undefined {
  if (!isCalendarDate(range.from) || !isCalendarDate(range.to)) return 'Give both days as YYYY-MM-DD';
  if (range.to < range.from) return 'The last day comes before the first';
  if (daysInRange(range) > STATS_MAX_DAYS) return `Choose at most ${STATS_MAX_DAYS} days`;
  return undefined;
}

export interface Comparison {
  /** Null when there is no earlier data. */
  difference: number | null;
  /** Whole percent; null when the previous figure is 0 or unknown. */
  percent: number | null;
}

export function compareFigures(value: number, previous: number | null): Comparison {
  if (previous === null) return { difference: null, percent: null };
  const difference = Math.round((value - previous) * 100) / 100;
  return { difference, percent: previous === 0 ? null : Math.round((difference / previous) * 100) };
}

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
