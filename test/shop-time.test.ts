import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.ts';
import { isTimeZone, localDate, localDayBounds, nextDate, pickupSlots, pickupTimeProblem, startOfLocalDay } from '../src/shared/shop-time.ts';

/** The restaurant's clock: its days and pickup times in SHOP_TIME_ZONE, whatever the server's zone. */
describe('the restaurant’s day', () => {
  it('starts at its local midnight, also on the days the clocks change', () => {
    expect(localDayBounds('2026-03-29', 'Europe/Berlin')).toEqual({
      start: new Date('2026-03-28T23:00:00Z'),
      end: new Date('2026-03-29T22:00:00Z'), // a 23-hour day
    });
    expect(localDayBounds('2026-10-25', 'Europe/Berlin').end.getTime() - startOfLocalDay('2026-10-25', 'Europe/Berlin').getTime()).toBe(25 * 3600_000);
    // Chile moves its clocks at midnight: that day begins at 01:00.
    expect(startOfLocalDay('2026-09-06', 'America/Santiago')).toEqual(new Date('2026-09-06T04:00:00Z'));
    expect(startOfLocalDay('2026-01-01', 'Etc/GMT-14')).toEqual(new Date('2025-12-31T10:00:00Z'));
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
  });

  it('holds every instant of the day and none of the next, in any zone (property)', () => {
    const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'America/Santiago', 'Asia/Kathmandu', 'Pacific/Chatham', 'Etc/GMT-14', 'Etc/GMT+12'];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }), (zone, ms) => {
        const instant = new Date(ms);
        const { start, end } = localDayBounds(localDate(instant, zone), zone);
        expect(start.getTime()).toBeLessThanOrEqual(ms);
        expect(end.getTime()).toBeGreaterThan(ms);
        expect(localDate(new Date(start.getTime() - 1), zone) < localDate(instant, zone)).toBe(true);
        expect(localDate(end, zone) > localDate(instant, zone)).toBe(true);
      }),
    );
  });
});

describe('pickup times', () => {
  const now = new Date('2026-06-01T10:07:00Z');
  it('are today in the restaurant’s zone, on the 15-minute step, not past', () => {
    expect(pickupTimeProblem(new Date('2026-06-01T10:15:00Z'), now, 'UTC')).toBeUndefined();
    expect(pickupTimeProblem(new Date('2026-06-01T10:00:00Z'), now, 'UTC')).toMatch(/passed/);
    expect(pickupTimeProblem(new Date('2026-06-01T10:20:00Z'), now, 'UTC')).toMatch(/15-minute step/);
    expect(pickupTimeProblem(new Date('2026-06-01T10:15:01Z'), now, 'UTC')).toMatch(/15-minute step/);
    expect(pickupTimeProblem(new Date('2026-06-02T10:15:00Z'), now, 'UTC')).toMatch(/today/);
    // 23:00 UTC is already tomorrow in Berlin (UTC+2 in June).
    expect(pickupTimeProblem(new Date('2026-06-01T23:00:00Z'), now, 'Europe/Berlin')).toMatch(/today/);
    // Kathmandu is UTC+05:45: its quarter hours are UTC's too.
    expect(pickupTimeProblem(new Date('2026-06-01T12:15:00Z'), now, 'Asia/Kathmandu')).toBeUndefined();
    expect(pickupTimeProblem(new Date('invalid'), now, 'UTC')).toBeDefined();
  });

  it('offered are exactly those accepted, until the end of the day', () => {
    const late = new Date('2026-06-01T23:20:00Z');
    expect(pickupSlots(late, 'UTC').map((d) => d.toISOString())).toEqual(['2026-06-01T23:30:00.000Z', '2026-06-01T23:45:00.000Z']);
    const slots = pickupSlots(now, 'America/New_York');
    expect(slots.length).toBeGreaterThan(40);
    for (const slot of slots) expect(pickupTimeProblem(slot, now, 'America/New_York')).toBeUndefined();
  });
});

describe('SHOP_TIME_ZONE', () => {
  it('takes an IANA zone, refuses anything else, and defaults to the machine’s zone', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(loadConfig({ SHOP_TIME_ZONE: 'Asia/Tokyo' }).SHOP_TIME_ZONE).toBe('Asia/Tokyo');
    expect(() => loadConfig({ SHOP_TIME_ZONE: 'Mars/Olympus' })).toThrow(/SHOP_TIME_ZONE: must be an IANA time zone/);
    expect(() => loadConfig({ SHOP_TIME_ZONE: '' })).toThrow(/SHOP_TIME_ZONE/);
    expect(loadConfig({}).SHOP_TIME_ZONE).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(() => loadConfig({ SSE_HEARTBEAT_MS: '10' })).toThrow(/SSE_HEARTBEAT_MS/);
  });
});
