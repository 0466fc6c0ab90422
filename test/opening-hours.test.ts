import { describe, expect, it } from 'vitest';
import {
  closedProblem,
  closingTime,
  defaultSettings,
  deliversTo,
  isOpenAt,
  minimumOrderProblem,
  nextOpening,
  openPickupSlots,
  restaurantSettingsSchema,
  statusLine,
  WEEKDAYS,
  type RestaurantSettings,
} from '../src/shared/restaurant-settings.ts';

/**
 * The restaurant's hours as pure functions of its settings and an instant (src/shared/opening-hours.ts):
 * fixed instants, a fixed zone, so they hold at any time of day the suite runs.
 */
const LUNCH_AND_DINNER = [
  { open: '11:00', close: '15:00' },
  { open: '17:30', close: '22:00' },
];

function berlin(overrides: Partial<RestaurantSettings> = {}): RestaurantSettings {
  const hours = Object.fromEntries(WEEKDAYS.map((day) => [day, day === 'monday' ? [] : LUNCH_AND_DINNER])) as RestaurantSettings['hours'];
  return { ...defaultSettings('Europe/Berlin'), hours, ...overrides };
}

// 2026-06-02 is a Tuesday; Berlin is UTC+2 in June.
const at = (berlinClock: string, date = '2026-06-02') => new Date(`${date}T${berlinClock}:00+02:00`);

describe('opening hours with a break', () => {
  const s = berlin();
  it('are open inside each stretch and closed in the break, before and after', () => {
    expect(isOpenAt(s, at('10:59'))).toBe(false);
    expect(isOpenAt(s, at('11:00'))).toBe(true);
    expect(isOpenAt(s, at('14:59'))).toBe(true);
    expect(isOpenAt(s, at('15:00'))).toBe(false);
    expect(isOpenAt(s, at('17:30'))).toBe(true);
    expect(isOpenAt(s, at('22:00'))).toBe(false);
  });

  it('say when they close and when they open next, in the restaurant’s words', () => {
    expect(closingTime(s, at('12:00'))).toEqual(at('15:00'));
    expect(statusLine(s, at('12:00'))).toBe('Open now · until 15:00');
    expect(nextOpening(s, at('15:30'))).toEqual(at('17:30'));
    expect(statusLine(s, at('15:30'))).toBe('Closed · opens at 17:30');
    expect(closedProblem(s, at('15:30'))).toBe('We open at 17:30');
    // Sunday night: Monday is closed, so Tuesday it is.
    expect(closedProblem(s, at('23:00', '2026-05-31'))).toBe('We open on Tuesday at 11:00');
    expect(statusLine(s, at('23:00', '2026-05-31'))).toBe('Closed · opens Tuesday 11:00');
    expect(closedProblem(s, at('12:00'))).toBeUndefined();
  });

  it('skip closed days', () => {
    const holiday = berlin({ closedDays: ['2026-06-02'] });
    expect(isOpenAt(holiday, at('12:00'))).toBe(false);
    expect(closedProblem(holiday, at('12:00'))).toBe('We open on Wednesday at 11:00');
  });

  it('say nothing of opening when no day is open', () => {
    const never = berlin({ hours: Object.fromEntries(WEEKDAYS.map((d) => [d, [] as RestaurantSettings['hours']['monday']])) as RestaurantSettings['hours'] });
    expect(nextOpening(never, at('12:00'))).toBeUndefined();
    expect(closedProblem(never, at('12:00'))).toBe('We are closed for now.');
  });

  it('let a pause win over the hours, with its message', () => {
    const paused = berlin({ ordersPaused: true, pauseMessage: 'Back at 13:00: the oven is being fixed' });
    expect(closedProblem(paused, at('12:00'))).toBe('Back at 13:00: the oven is being fixed');
    expect(statusLine(paused, at('12:00'))).toBe('Orders paused: Back at 13:00: the oven is being fixed');
  });

  it('offer pickup times only while open, today', () => {
    const slots = openPickupSlots(s, at('14:20')).map((slot) => slot.toISOString());
    expect(slots[0]).toBe(at('14:30').toISOString());
    expect(slots).toContain(at('14:45').toISOString());
    expect(slots).not.toContain(at('15:00').toISOString());
    expect(slots).not.toContain(at('17:15').toISOString());
    expect(slots).toContain(at('17:30').toISOString());
    expect(slots.at(-1)).toBe(at('21:45').toISOString());
  });
});

describe('the clock changes (daylight saving time)', () => {
  it('keep the hours of the wall clock on the night the clocks go forward', () => {
    // 2026-03-29: Berlin jumps from 02:00 to 03:00. A bar open 20:00–24:00 and 00:00–04:00.
    const bar = berlin({ hours: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ open: '00:00', close: '04:00' }, { open: '20:00', close: '24:00' }]])) as RestaurantSettings['hours'] });
    const saturdayNight = new Date('2026-03-28T22:00:00Z'); // 23:00 in Berlin (UTC+1)
    // Open over midnight until 04:00 summer time, which is 02:00 UTC: a night an hour shorter.
    expect(closingTime(bar, saturdayNight)).toEqual(new Date('2026-03-29T02:00:00Z'));
    expect(isOpenAt(bar, new Date('2026-03-29T01:30:00Z'))).toBe(true); // 03:30 summer time
    expect(isOpenAt(bar, new Date('2026-03-29T02:00:00Z'))).toBe(false); // 04:00
    // Opens again at 20:00 summer time, 18:00 UTC.
    expect(nextOpening(bar, new Date('2026-03-29T02:00:00Z'))).toEqual(new Date('2026-03-29T18:00:00Z'));
  });

  it('open at 11:00 local on both sides of the autumn change', () => {
    const s = berlin();
    // Saturday 2026-10-24 is summer time (UTC+2), Sunday 10-25 winter time (UTC+1).
    expect(nextOpening(s, new Date('2026-10-24T20:30:00Z'))).toEqual(new Date('2026-10-25T10:00:00Z'));
    expect(isOpenAt(s, new Date('2026-10-25T09:30:00Z'))).toBe(false); // 10:30 local
    expect(isOpenAt(s, new Date('2026-10-25T10:00:00Z'))).toBe(true); // 11:00 local
  });
});

describe('a fresh shop', () => {
  it('is open around the clock with nothing paused, every way offered, no fee, delivering anywhere', () => {
    const fresh = defaultSettings('UTC');
    expect(restaurantSettingsSchema.safeParse(fresh).success).toBe(true);
    for (const instant of ['2026-01-01T00:00:00Z', '2026-06-02T23:59:00Z', '2026-03-29T01:30:00Z']) {
      expect(closedProblem(fresh, new Date(instant))).toBeUndefined();
    }
    expect(statusLine(fresh, new Date('2026-06-02T12:00:00Z'))).toBe('Open now · around the clock');
    expect(fresh.fulfilments).toEqual({ table: true, pickup: true, delivery: true });
    expect(deliversTo(fresh, 'ANY 123')).toBe(true);
    expect(minimumOrderProblem(0, 1)).toBeUndefined();
  });
});

describe('delivery terms', () => {
  it('deliver to listed codes and prefixes, ignoring case and spaces', () => {
    const s = berlin({ postalCodes: ['10115', 'gv1 2ab', '104*'] });
    expect(deliversTo(s, '10115')).toBe(true);
    expect(deliversTo(s, 'GV12AB')).toBe(true);
    expect(deliversTo(s, '10437')).toBe(true);
    expect(deliversTo(s, '10999')).toBe(false);
  });

  it('say how much a delivery lacks of its minimum', () => {
    expect(minimumOrderProblem(2000, 1550)).toBe('The minimum order for delivery is $20.00: add $4.50 more');
    expect(minimumOrderProblem(2000, 2000)).toBeUndefined();
  });
});

describe('the settings’ schema', () => {
  const fieldsOf = (input: unknown) => {
    const result = restaurantSettingsSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };
  it('refuses what a restaurant cannot mean, naming the field', () => {
    const s = defaultSettings('UTC');
    expect(fieldsOf({ ...s, hours: { ...s.hours, monday: [{ open: '15:00', close: '11:00' }] } })).toEqual(['hours.monday.0.close: The closing time must come after the opening time']);
    expect(fieldsOf({ ...s, hours: { ...s.hours, monday: LUNCH_AND_DINNER.concat({ open: '14:00', close: '16:00' }) } })).toEqual(['hours.monday: Opening times of one day must not overlap']);
    expect(fieldsOf({ ...s, hours: { ...s.hours, friday: [{ open: '9:00', close: '12:00' }] } })[0]).toMatch(/^hours.friday.0.open: Write the time as HH:MM/);
    expect(fieldsOf({ ...s, timeZone: 'Mars/Olympus' })).toEqual(['timeZone: Choose a time zone such as Europe/Berlin']);
    expect(fieldsOf({ ...s, ordersPaused: true, pauseMessage: '  ' })).toEqual(['pauseMessage: Tell customers why orders are paused']);
    expect(fieldsOf({ ...s, fulfilments: { table: false, pickup: false, delivery: false } })).toEqual(['fulfilments: Offer at least one of table, pickup or delivery']);
    expect(fieldsOf({ ...s, deliveryFee: -1 })).toEqual(['deliveryFee: The delivery fee cannot be negative']);
    expect(fieldsOf({ ...s, deliveryFee: 2.345 })).toEqual(['deliveryFee: Use whole cents']);
    expect(fieldsOf({ ...s, closedDays: ['24.12.2026'] })).toEqual(['closedDays.0: Write closed days as YYYY-MM-DD']);
    expect(fieldsOf({ ...s, name: '' })).toEqual(["name: Enter the restaurant's name"]);
  });
});

describe('a pause with an end (busy mode)', () => {
  const s = berlin({ ordersPaused: true, pauseMessage: 'Kitchen full', pausedUntil: at('12:30').toISOString() });
  it('is a pause until its end, says until when, and is over at its end', () => {
    expect(closedProblem(s, at('12:00'))).toBe('Kitchen full');
    expect(statusLine(s, at('12:00'))).toBe('Orders paused until 12:30: Kitchen full');
    expect(closedProblem(s, at('12:30'))).toBeUndefined();
    expect(statusLine(s, at('12:30'))).toBe('Open now · until 15:00');
  });

  it('without an end lasts until resumed', () => {
    const untilResumed = { ...s, pausedUntil: null };
    expect(closedProblem(untilResumed, at('23:59', '2026-06-09'))).toBe('Kitchen full');
  });

  it('the settings refuse a bad end, extra minutes and preparation time with their messages', () => {
    const parsed = restaurantSettingsSchema.safeParse({ ...s, pausedUntil: 'soon', extraMinutes: 15, preparationMinutes: 2 });
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      pausedUntil: 'Write the end of the pause as an ISO time',
      extraMinutes: 'Add 0, 10, 20 or 30 minutes to quoted times',
      preparationMinutes: 'The preparation time is a whole number of minutes from 5 to 120',
    });
  });
});
