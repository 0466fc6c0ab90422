import { DEFAULT_STATS_PERIOD, isCalendarDate, rangeProblem, STATS_PERIODS, type StatsPeriod } from '../../shared/stats-periods.ts';

/** The period in the admin home's address: `?period=last7`, or `?period=custom&from=…&to=…`. */
export type PeriodChoice = { period: Exclude<StatsPeriod, 'custom'> } | { period: 'custom'; from: string; to: string };

/** Reads the address's period; a missing or broken one is the default, so an old bookmark still opens. */
export function readPeriodChoice(params: URLSearchParams): PeriodChoice {
  const period = params.get('period');
  if (period === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    if (isCalendarDate(from) && isCalendarDate(to) && !rangeProblem({ from, to })) return { period, from, to };
    return { period: DEFAULT_STATS_PERIOD };
  }
  return (STATS_PERIODS as readonly string[]).includes(period ?? '') ? { period: period as Exclude<StatsPeriod, 'custom'> } : { period: DEFAULT_STATS_PERIOD };
}

/** The search part of the address and of the API's call for a period. */
export function statsSearch(choice: PeriodChoice): string {
  const params = new URLSearchParams({ period: choice.period });
  if (choice.period === 'custom') {
    params.set('from', choice.from);
    params.set('to', choice.to);
  }
  return params.toString();
}
