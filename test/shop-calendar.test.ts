import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatWall, ShopCalendar } from '../src/server/stats/shop-calendar.ts';
import { addDays, compareFigures, namedPeriodRange, previousRange, rangeProblem } from '../src/shared/stats-periods.ts';
import { localDate, zonedParts } from '../src/shared/shop-time.ts';

/**
 * The statistics' calendar reads the zone's offset once a day and searches only the days whose
 * offset changes: it must place every instant where Intl does, in zones with half-hour and
 * 45-minute offsets, a half-hour clock change (Lord Howe), a change at midnight (Santiago) and a
 * change at 05:30 UTC (St John's).
 */
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'America/St_Johns', 'America/Santiago', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham'];

describe('ShopCalendar', () => {
  it('places every instant of its days on the local day, hour and weekday Intl gives (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 20 }),
        (zone, startMs, days, where) => {
          const from = localDate(new Date(startMs), zone);
          const to = addDays(from, days - 1);
          const calendar = new ShopCalendar(from, to, zone);
          expect(calendar.days).toHaveLength(days);
          for (const fraction of where) {
            const instant = Math.floor(calendar.start + fraction * (calendar.end - calendar.start - 1));
            const place = calendar.locate(instant);
            const parts = zonedParts(new Date(instant), zone);
            expect(calendar.days[place.day]!.date).toBe(localDate(new Date(instant), zone));
            expect(place.hour).toBe(parts.hour);
            expect(formatWall(place.wall)).toBe(
              `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')} ${String(parts.hour).padStart(2, '0')}:${String(parts.minute).padStart(2, '0')}:${String(parts.second).padStart(2, '0')}`,
            );
            expect(place.weekday).toBe((new Date(`${calendar.days[place.day]!.date}T00:00:00Z`).getUTCDay() + 6) % 7);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds a clock change to the minute, also where it falls on a half hour of UTC', () => {
    // St John's goes back at 02:00 local (04:30 UTC) on 2026-11-01, from −02:30 to −03:30.
    const stJohns = new ShopCalendar('2026-11-01', '2026-11-01', 'America/St_Johns');
    expect(stJohns.days[0]!.change?.at).toBe(Date.UTC(2026, 10, 1, 4, 30));
    expect(stJohns.locate(Date.UTC(2026, 10, 1, 4, 29)).hour).toBe(1);
    expect(stJohns.locate(Date.UTC(2026, 10, 1, 4, 30)).hour).toBe(1);
    expect(stJohns.locate(Date.UTC(2026, 10, 1, 5, 30)).hour).toBe(2);
    // Lord Howe moves by half an hour.
    const lordHowe = new ShopCalendar('2026-10-04', '2026-10-04', 'Australia/Lord_Howe');
    expect(lordHowe.days[0]!.end - lordHowe.days[0]!.start).toBe(23.5 * 3_600_000);
  });
});

describe('periods', () => {
  it('counts named periods back from the restaurant’s today, and compares with as many days before', () => {
    expect(namedPeriodRange('last7', '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(namedPeriodRange('thisMonth', '2026-03-18')).toEqual({ from: '2026-03-01', to: '2026-03-18' });
    expect(namedPeriodRange('lastMonth', '2028-03-18')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(namedPeriodRange('yesterday', '2026-01-01')).toEqual({ from: '2025-12-31', to: '2025-12-31' });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-18' })).toEqual({ from: '2026-02-11', to: '2026-02-28' });
    expect(rangeProblem({ from: '2026-02-29', to: '2026-03-01' })).toBeDefined();
    expect(rangeProblem({ from: '2028-02-29', to: '2028-03-01' })).toBeUndefined();
  });

  it('says a change as a difference and a whole percentage, none without a previous figure', () => {
    expect(compareFigures(150, 100)).toEqual({ difference: 50, percent: 50 });
    expect(compareFigures(0.3, 0.1)).toEqual({ difference: 0.2, percent: 200 });
    expect(compareFigures(5, 0)).toEqual({ difference: 5, percent: null });
    expect(compareFigures(5, null)).toEqual({ difference: null, percent: null });
  });
});
