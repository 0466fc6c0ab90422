import { describe, expect, it } from 'vitest';
import { readPeriodChoice, statsSearch } from '../../../src/web/stats/period-choice.ts';

/**
 * The admin home's period in its address (src/web/stats/period-choice.ts): read back as it was
 * written, and a missing or broken one read as the default, so an old bookmark still opens.
 */
const read = (search: string) => readPeriodChoice(new URLSearchParams(search));

describe('readPeriodChoice', () => {
  it('reads a named period', () => {
    expect(read('period=today')).toEqual({ period: 'today' });
    expect(read('period=lastMonth')).toEqual({ period: 'lastMonth' });
  });

  it('reads a custom range of two real days, first before last', () => {
    expect(read('period=custom&from=2026-03-01&to=2026-03-28')).toEqual({ period: 'custom', from: '2026-03-01', to: '2026-03-28' });
    expect(read('period=custom&from=2026-03-28&to=2026-03-28')).toEqual({ period: 'custom', from: '2026-03-28', to: '2026-03-28' });
  });

  it('reads the default (the last 7 days) for anything else', () => {
    for (const search of [
      '',
      'period=fortnight',
      'period=',
      'period=custom',
      'period=custom&from=2026-03-01',
      'period=custom&from=2026-02-30&to=2026-03-28',
      'period=custom&from=2026-03-28&to=2026-03-01',
      'period=custom&from=2024-01-01&to=2026-01-01',
    ]) {
      expect(read(search), search).toEqual({ period: 'last7' });
    }
  });
});

describe('statsSearch', () => {
  it('writes what readPeriodChoice reads back', () => {
    expect(statsSearch({ period: 'last30' })).toBe('period=last30');
    expect(statsSearch({ period: 'custom', from: '2026-03-01', to: '2026-03-28' })).toBe('period=custom&from=2026-03-01&to=2026-03-28');
    for (const choice of [{ period: 'yesterday' }, { period: 'custom', from: '2026-01-01', to: '2026-01-31' }] as const) {
      expect(read(statsSearch(choice))).toEqual(choice);
    }
  });
});
