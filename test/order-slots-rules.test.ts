import { describe, expect, it } from 'vitest';
import {
  defaultSettings,
  freeSlots,
  orderAheadLine,
  restaurantSettingsSchema,
  slotProblem,
  slotTimes,
  WEEKDAYS,
  type RestaurantSettings,
} from '../src/shared/restaurant-settings.ts';
import { clockOf } from '../src/shared/opening-hours.ts';
import { localDate } from '../src/shared/shop-time.ts';

/**
 * The time slots of orders for later (src/shared/order-slots.ts) as pure functions of the
 * settings and an instant: fixed instants and zones, so they hold whenever the suite runs.
 */
const LUNCH = [{ open: '11:00', close: '15:00' }];

function shop(timeZone: string, overrides: Partial<RestaurantSettings> = {}): RestaurantSettings {
  const hours = Object.fromEntries(WEEKDAYS.map((day) => [day, day === 'monday' ? [] : LUNCH])) as RestaurantSettings['hours'];
  return { ...defaultSettings(timeZone), hours, ...overrides };
}
const allDay = (timeZone: string, overrides: Partial<RestaurantSettings> = {}) => ({ ...defaultSettings(timeZone), ...overrides });
const byDay = (slots: Date[], timeZone: string) => {
  const days = new Map<string, string[]>();
  for (const slot of slots) days.set(localDate(slot, timeZone), [...(days.get(localDate(slot, timeZone)) ?? []), clockOf(slot, timeZone)]);
  return days;
};

describe('slotTimes', () => {
  it('offers today and 7 days ahead inside the hours, skipping closed weekdays and closed days', () => {
    // Tuesday 2026-12-08 16:00 in Berlin: lunch is over, so the first slot is Wednesday 11:00.
    const now = new Date('2026-12-08T15:00:00Z');
    const days = byDay(slotTimes(shop('Europe/Berlin', { closedDays: ['2026-12-10'] }), now), 'Europe/Berlin');
    // Wednesday 9th to Tuesday 15th: no Monday (14th), no closed 10th, nothing left today.
    expect([...days.keys()]).toEqual(['2026-12-09', '2026-12-11', '2026-12-12', '2026-12-13', '2026-12-15']);
    expect(days.get('2026-12-09')).toEqual(['11:00', '11:15', '11:30', '11:45', '12:00', '12:15', '12:30', '12:45', '13:00', '13:15', '13:30', '13:45', '14:00', '14:15', '14:30', '14:45']);
  });

  it('goes on past midnight into the next days (no more stop at 23:45), and honours orderAheadDays and slotMinutes', () => {
    const now = new Date('2026-12-08T22:40:00Z'); // 23:40 in Berlin
    const slots = slotTimes(allDay('Europe/Berlin', { orderAheadDays: 1, slotMinutes: 30 }), now);
    // Nothing is left today on the half hour: tomorrow's 48 half hours, from midnight.
    expect(slots.slice(0, 2).map((s) => s.toISOString())).toEqual(['2026-12-08T23:00:00.000Z', '2026-12-08T23:30:00.000Z']);
    expect(slots).toHaveLength(48);
    expect(slotTimes(allDay('Europe/Berlin', { orderAheadDays: 0 }), now).map((s) => clockOf(s, 'Europe/Berlin'))).toEqual(['23:45']);
  });

  it('counts slots on the clock of the restaurant’s zone, not UTC’s (Asia/Kolkata is UTC+05:30)', () => {
    const now = new Date('2026-12-08T00:00:00Z'); // 05:30 in Kolkata, a Tuesday
    const slots = slotTimes(shop('Asia/Kolkata', { orderAheadDays: 0, slotMinutes: 60 }), now);
    expect(slots.map((s) => clockOf(s, 'Asia/Kolkata'))).toEqual(['11:00', '12:00', '13:00', '14:00']);
    expect(slots[0]!.toISOString()).toBe('2026-12-08T05:30:00.000Z');
  });

  it('skips the hour a clock change skips and offers a repeated hour once (DST in Berlin)', () => {
    const spring = slotTimes(allDay('Europe/Berlin', { orderAheadDays: 0, slotMinutes: 60 }), new Date('2026-03-28T23:00:00Z'));
    expect(spring.map((s) => clockOf(s, 'Europe/Berlin'))).not.toContain('02:00');
    expect(spring).toHaveLength(23);
    const autumn = slotTimes(allDay('Europe/Berlin', { orderAheadDays: 0, slotMinutes: 60 }), new Date('2026-10-24T22:00:00Z'));
    expect(autumn).toHaveLength(24);
    expect(new Set(autumn.map((s) => s.getTime())).size).toBe(24);
  });
});

describe('slotProblem', () => {
  const rules = shop('Europe/Berlin');
  const now = new Date('2026-12-08T15:00:00Z'); // Tuesday 16:00
  it('takes a slot tomorrow and 7 days ahead, refuses 8 days ahead, off the step, closed or past', () => {
    expect(slotProblem(rules, new Date('2026-12-09T10:00:00Z'), now)).toBeUndefined();
    expect(slotProblem(rules, new Date('2026-12-15T10:00:00Z'), now)).toBeUndefined();
    expect(slotProblem(rules, new Date('2026-12-16T10:00:00Z'), now)).toBe('Choose a time from today to 7 days ahead');
    expect(slotProblem(rules, new Date('2026-12-09T10:05:00Z'), now)).toBe('Choose a time on a 15-minute step');
    expect(slotProblem(rules, new Date('2026-12-09T15:00:00Z'), now)).toBe('We are closed at 16:00: choose a time within our opening hours');
    expect(slotProblem(rules, new Date('2026-12-14T10:00:00Z'), now)).toMatch(/^We are closed at 11:00/);
    expect(slotProblem(rules, new Date('2026-12-08T10:00:00Z'), now)).toBe('That time has passed: choose a later one');
  });
});

describe('capacity and the home page’s line', () => {
  it('leaves full slots out, by orders and by dishes', () => {
    const now = new Date('2026-12-08T15:00:00Z');
    const rules = shop('Europe/Berlin', { orderAheadDays: 1, slotMaxOrders: 2, slotMaxDishes: 5 });
    const use = new Map([
      ['2026-12-09T10:00:00.000Z', { orders: 2, dishes: 2 }],
      ['2026-12-09T10:15:00.000Z', { orders: 1, dishes: 4 }],
    ]);
    const free = freeSlots(rules, now, use).map((s) => s.toISOString());
    expect(free[0]).toBe('2026-12-09T10:15:00.000Z');
    // An order of 2 dishes does not fit 10:15 (4 + 2 > 5).
    expect(freeSlots(rules, now, use, 2)[0]!.toISOString()).toBe('2026-12-09T10:30:00.000Z');
  });

  it('says when a closed restaurant takes orders for later', () => {
    expect(orderAheadLine(shop('Europe/Berlin'), new Date('2026-12-08T15:00:00Z'))).toBe('Closed now · order ahead for tomorrow from 11:00');
    expect(orderAheadLine(shop('Europe/Berlin'), new Date('2026-12-08T11:00:00Z'))).toBeUndefined();
    expect(orderAheadLine(shop('Europe/Berlin', { orderAheadDays: 0 }), new Date('2026-12-08T15:00:00Z'))).toBeUndefined();
    // A pause's own message is the line.
    expect(orderAheadLine(shop('Europe/Berlin', { ordersPaused: true, pauseMessage: 'Back soon' }), new Date('2026-12-08T15:00:00Z'))).toBeUndefined();
  });

  it('reads a stored settings row from before the slots with their defaults', () => {
    const { orderAheadDays: _a, slotMinutes: _s, preparationMinutes: _p, slotMaxOrders: _o, slotMaxDishes: _d, scheduledEatHere: _e, ...old } = defaultSettings('UTC');
    const parsed = restaurantSettingsSchema.parse({ ...defaultSettings('UTC'), ...old });
    expect(parsed).toMatchObject({ orderAheadDays: 7, slotMinutes: 15, preparationMinutes: 20, slotMaxOrders: 0, slotMaxDishes: 0, scheduledEatHere: false });
    expect(restaurantSettingsSchema.safeParse({ ...defaultSettings('UTC'), slotMinutes: 7 }).success).toBe(false);
  });
});
