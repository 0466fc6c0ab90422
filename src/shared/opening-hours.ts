/**
 * Opening hours in the restaurant's own time zone (decision 0024), pure functions shared by the
 * server's payment checks and the browser's open-now line so both agree. Zod-free and Intl-only
 * so the public pages can carry it without the schemas.
 */
import { localDate, nextDate, pickupSlots, zonedParts } from './shop-time.ts';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A stretch of one day the restaurant is open, as its clock reads ("11:00" to "15:00"); "24:00" ends at midnight. */
export interface TimeRange {
  open: string;
  close: string;
}

export interface OpeningRules {
  timeZone: string;
  hours: Record<Weekday, TimeRange[]>;
  /** YYYY-MM-DD in the restaurant's calendar; override the weekday's hours. */
  closedDays: string[];
  ordersPaused: boolean;
  /** A pause for some minutes ends by itself at this instant (ISO); null or absent: until resumed. */
  pausedUntil?: string | null;
  pauseMessage: string;
}

/** Paused now: the switch is on and its end, if it has one, is still to come. */
export function isPausedAt(rules: OpeningRules, now: Date): boolean {
  if (!rules.ordersPaused) return false;
  return !rules.pausedUntil || Date.parse(rules.pausedUntil) > now.getTime();
}

export function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

export function weekdayOf(date: string): Weekday {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
}

function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** A wall-clock reading the clock skips (spring forward) lands as far after the jump, as clocks do. */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day) + minutes * 60_000;
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

export function rangesOn(rules: OpeningRules, date: string): TimeRange[] {
  if (rules.closedDays.includes(date)) return [];
  return [...rules.hours[weekdayOf(date)]].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
}

/** Hours only: a pause is not an hour (see `openStatus`). */
export function isOpenAt(rules: OpeningRules, instant: Date): boolean {
  const date = localDate(instant, rules.timeZone);
  const p = zonedParts(instant, rules.timeZone);
  const minute = p.hour * 60 + p.minute;
  return rangesOn(rules, date).some((range) => minutesOf(range.open) <= minute && minute < minutesOf(range.close));
}

/** Closed days are dated, so looking a year ahead finds any opening there is. */
const DAYS_AHEAD = 400;

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

/** Follows a stretch ending at 24:00 into the next day's 00:00 stretch; undefined when open around the clock. */
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
  | { state: 'paused'; message: string; until?: Date };

/** A pause wins over the hours. */
export function openStatus(rules: OpeningRules, now: Date): OpenStatus {
  if (isPausedAt(rules, now)) return { state: 'paused', message: rules.pauseMessage, ...(rules.pausedUntil && { until: new Date(rules.pausedUntil) }) };
  if (isOpenAt(rules, now)) return { state: 'open', until: closingTime(rules, now) };
  return { state: 'closed', opensAt: nextOpening(rules, now) };
}

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

/** A weekday name is only unambiguous within the coming week; beyond it, the date. */
function dayWords(opensAt: Date, now: Date, timeZone: string): string | undefined {
  const day = localDate(opensAt, timeZone);
  const today = localDate(now, timeZone);
  if (day === today) return undefined;
  return opensAt.getTime() - now.getTime() < 6.5 * 24 * 3600_000 ? WEEKDAY_NAMES[weekdayOf(day)] : day;
}

export const PAUSED_FALLBACK_MESSAGE = 'Orders are paused for now.';
export const NO_OPENING_MESSAGE = 'We are closed for now.';

/** The 409's words when an order cannot be paid now. */
export function closedProblem(rules: OpeningRules, now: Date): string | undefined {
  // Asked at every payment: when open, the closing time (a walk through the coming week) is not needed.
  if (isPausedAt(rules, now)) return rules.pauseMessage || PAUSED_FALLBACK_MESSAGE;
  if (isOpenAt(rules, now)) return undefined;
  const opensAt = nextOpening(rules, now);
  if (!opensAt) return NO_OPENING_MESSAGE;
  const day = dayWords(opensAt, now, rules.timeZone);
  const clock = clockOf(opensAt, rules.timeZone);
  return day ? `We open on ${day} at ${clock}` : `We open at ${clock}`;
}

export function statusLine(rules: OpeningRules, now: Date): string {
  const status = openStatus(rules, now);
  if (status.state === 'paused') {
    const until = status.until ? ` until ${clockOf(status.until, rules.timeZone)}` : '';
    return `Orders paused${until}: ${status.message || PAUSED_FALLBACK_MESSAGE}`;
  }
  if (status.state === 'open') {
    if (!status.until) return 'Open now · around the clock';
    const day = dayWords(status.until, now, rules.timeZone);
    return `Open now · until ${day ? `${day} ` : ''}${clockOf(status.until, rules.timeZone)}`;
  }
  if (!status.opensAt) return 'Closed';
  const day = dayWords(status.opensAt, now, rules.timeZone);
  return `Closed · opens ${day ?? 'at'} ${clockOf(status.opensAt, rules.timeZone)}`;
}

export function openPickupSlots(rules: OpeningRules, now: Date): Date[] {
  return pickupSlots(now, rules.timeZone).filter((slot) => isOpenAt(rules, slot));
}

export function pickupHoursProblem(rules: OpeningRules, at: Date): string | undefined {
  return isOpenAt(rules, at) ? undefined : `We are closed at ${clockOf(at, rules.timeZone)}: choose a time within our opening hours`;
}
