/**
 * The restaurant's hours as rules of its own time zone: whether it is open at an instant, when it
 * closes or opens next, the pickup times it can honour and the words the shop says about it
 * ("Open now · until 22:00", "We open on Tuesday at 11:00"). Pure functions of the settings and an
 * instant, read by the server (payment, checkout) and by the browser (the open-now line, the
 * pickup times) alike. Zod-free and built on Intl only (src/shared/shop-time.ts), so the public
 * pages can carry it without the schemas. docs/decisions/0024-restaurant-settings.md.
 */
import { localDate, nextDate, pickupSlots, zonedParts } from './shop-time.ts';

/** Monday first, as a restaurant's week is written; the keys of `hours`. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A stretch of one day the restaurant is open, as its clock reads ("11:00" to "15:00"); "24:00" ends at midnight. */
export interface TimeRange {
  open: string;
  close: string;
}

/** What the hours depend on: a part of the restaurant's settings (src/shared/restaurant-settings.ts). */
export interface OpeningRules {
  timeZone: string;
  hours: Record<Weekday, TimeRange[]>;
  /** Days (YYYY-MM-DD, the restaurant's calendar) closed whatever the weekday's hours say. */
  closedDays: string[];
  ordersPaused: boolean;
  pauseMessage: string;
}

/** Minutes since midnight of "HH:MM" ("24:00" is 1440). */
export function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** The weekday of a day (YYYY-MM-DD) by the calendar, whatever the zone. */
export function weekdayOf(date: string): Weekday {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant the restaurant's clock reads `minutes` after midnight on a day. A reading the clock
 * skips (spring forward) is taken at the same distance after the jump, as clocks do.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day) + minutes * 60_000;
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The ranges of a day: none on a closed day, else its weekday's, earliest first. */
function rangesOn(rules: OpeningRules, date: string): TimeRange[] {
  if (rules.closedDays.includes(date)) return [];
  return [...rules.hours[weekdayOf(date)]].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
}

/** Whether the hours have the restaurant open at an instant (a pause is not an hour: see `openStatus`). */
export function isOpenAt(rules: OpeningRules, instant: Date): boolean {
  const date = localDate(instant, rules.timeZone);
  const p = zonedParts(instant, rules.timeZone);
  const minute = p.hour * 60 + p.minute;
  return rangesOn(rules, date).some((range) => minutesOf(range.open) <= minute && minute < minutesOf(range.close));
}

/** How many days ahead the shop looks for the next opening (closed days are dated, so a year is plenty). */
const DAYS_AHEAD = 400;

/** The first opening after an instant (when the hours start a stretch), or undefined when none comes within a year. */
export function nextOpening(rules: OpeningRules, after: Date): Date | undefined {
  let date = localDate(after, rules.timeZone);
  for (let day = 0; day < DAYS_AHEAD; day++, date = nextDate(date)) {
    for (const range of rangesOn(rules, date)) {
      const start = zonedInstant(date, minutesOf(range.open), rules.timeZone);
      if (start.getTime() > after.getTime() && isOpenAt(rules, start)) return start;
    }
  }
  return undefined;
}

/**
 * When the restaurant, open at `at`, closes: the end of the stretch it is in, followed over
 * midnight into the next day's stretch that starts at 00:00. Undefined when it never closes
 * within a week (open around the clock).
 */
export function closingTime(rules: OpeningRules, at: Date): Date | undefined {
  let date = localDate(at, rules.timeZone);
  const p = zonedParts(at, rules.timeZone);
  let minute = p.hour * 60 + p.minute;
  for (let day = 0; day < 8; day++) {
    const range = rangesOn(rules, date).find((r) => minutesOf(r.open) <= minute && minute < minutesOf(r.close));
    if (!range) return undefined;
    if (minutesOf(range.close) < 24 * 60) return zonedInstant(date, minutesOf(range.close), rules.timeZone);
    date = nextDate(date);
    minute = 0;
  }
  return undefined;
}

export type OpenStatus =
  | { state: 'open'; until?: Date }
  | { state: 'closed'; opensAt?: Date }
  | { state: 'paused'; message: string };

/** What the shop says about itself at an instant: paused wins over the hours. */
export function openStatus(rules: OpeningRules, now: Date): OpenStatus {
  if (rules.ordersPaused) return { state: 'paused', message: rules.pauseMessage };
  if (isOpenAt(rules, now)) return { state: 'open', until: closingTime(rules, now) };
  return { state: 'closed', opensAt: nextOpening(rules, now) };
}

/** "11:00" as the restaurant's clock reads an instant. */
export function clockOf(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

const WEEKDAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** "Tuesday" within the coming week, else the date ("2026-12-28"); undefined on the same day. */
function dayWords(opensAt: Date, now: Date, timeZone: string): string | undefined {
  const day = localDate(opensAt, timeZone);
  const today = localDate(now, timeZone);
  if (day === today) return undefined;
  return opensAt.getTime() - now.getTime() < 6.5 * 24 * 3600_000 ? WEEKDAY_NAMES[weekdayOf(day)] : day;
}

export const PAUSED_FALLBACK_MESSAGE = 'Orders are paused for now.';
export const NO_OPENING_MESSAGE = 'We are closed for now.';

/** Why an order cannot be paid now, in the words of the 409 ("We open at 11:00"), or undefined when it can. */
export function closedProblem(rules: OpeningRules, now: Date): string | undefined {
  // Asked at every payment: when open, the closing time (a walk through the coming week) is not needed.
  if (rules.ordersPaused) return rules.pauseMessage || PAUSED_FALLBACK_MESSAGE;
  if (isOpenAt(rules, now)) return undefined;
  const opensAt = nextOpening(rules, now);
  if (!opensAt) return NO_OPENING_MESSAGE;
  const day = dayWords(opensAt, now, rules.timeZone);
  const clock = clockOf(opensAt, rules.timeZone);
  return day ? `We open on ${day} at ${clock}` : `We open at ${clock}`;
}

/** The header's line: "Open now · until 22:00", "Closed · opens Tuesday 11:00", "Orders paused: …". */
export function statusLine(rules: OpeningRules, now: Date): string {
  const status = openStatus(rules, now);
  if (status.state === 'paused') return `Orders paused: ${status.message || PAUSED_FALLBACK_MESSAGE}`;
  if (status.state === 'open') {
    if (!status.until) return 'Open now · around the clock';
    const day = dayWords(status.until, now, rules.timeZone);
    return `Open now · until ${day ? `${day} ` : ''}${clockOf(status.until, rules.timeZone)}`;
  }
  if (!status.opensAt) return 'Closed';
  const day = dayWords(status.opensAt, now, rules.timeZone);
  return `Closed · opens ${day ?? 'at'} ${clockOf(status.opensAt, rules.timeZone)}`;
}

/** Today's pickup times still to come (the 15-minute steps of src/shared/shop-time.ts) while the restaurant is open. */
export function openPickupSlots(rules: OpeningRules, now: Date): Date[] {
  return pickupSlots(now, rules.timeZone).filter((slot) => isOpenAt(rules, slot));
}

/** Why a pickup time falls outside the hours, or undefined when the restaurant is open then. */
export function pickupHoursProblem(rules: OpeningRules, at: Date): string | undefined {
  return isOpenAt(rules, at) ? undefined : `We are closed at ${clockOf(at, rules.timeZone)}: choose a time within our opening hours`;
}
