import { describe, expect, it } from 'vitest';
import { pickupTimes } from '../../../../src/web/orders/checkout/pickup-times.ts';
import type { OpeningRules } from '../../../../src/shared/opening-hours.ts';

/**
 * The pickup times offered when the server's list cannot be read (src/web/orders/checkout/
 * pickup-times.ts): every 15 minutes from at least a step away until midnight, within the hours.
 * Times are the machine's local ones, as the browser's would be.
 */
const at = (hours: number, minutes: number) => new Date(2026, 2, 28, hours, minutes);
const clock = (date: Date) => `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;

describe('pickupTimes', () => {
  it('starts at least a step from now, on the step, and ends with the day', () => {
    const times = pickupTimes(at(21, 7));
    expect(times.map(clock)).toEqual(['21:30', '21:45', '22:00', '22:15', '22:30', '22:45', '23:00', '23:15', '23:30', '23:45']);
    expect(times.every((time) => time.getDate() === 28)).toBe(true);
  });

  it('gives the kitchen a whole step even when now is on the step', () => {
    expect(pickupTimes(at(23, 15)).map(clock)).toEqual(['23:30', '23:45']);
    expect(pickupTimes(at(23, 45))).toEqual([]);
  });

  it("keeps only the times within the restaurant's hours once they are known", () => {
    const open = [{ open: '12:00', close: '14:00' }];
    const rules: OpeningRules = {
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      hours: { monday: open, tuesday: open, wednesday: open, thursday: open, friday: open, saturday: open, sunday: open },
      closedDays: [],
      ordersPaused: false,
      pauseMessage: '',
    };
    expect(pickupTimes(at(13, 0), rules).map(clock)).toEqual(['13:15', '13:30', '13:45']);
    expect(pickupTimes(at(13, 0), { ...rules, closedDays: ['2026-03-28'] })).toEqual([]);
  });
});
