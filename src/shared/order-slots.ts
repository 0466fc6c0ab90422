/**
 * Orders for later (issue 40): the time slots a customer may choose, today or up to
 * `orderAheadDays` ahead, every `slotMinutes` of the restaurant's clock inside its opening hours,
 * and how full each is. One module for the server (what it offers and accepts) and the browser
 * (what it shows), Zod-free like opening-hours.ts so the public pages can carry it.
 */
import { clockOf, closedProblem, isOpenAt, isPausedAt, minutesOf, openStatus, rangesOn, statusLine, weekdayOf, zonedInstant, type OpeningRules } from './opening-hours.ts';
import { localDate, nextDate, zonedParts } from './shop-time.ts';

/** Each divides an hour, so a slot reads the same on the clock every day (and every zone's offset is whole quarter hours). */
export const SLOT_MINUTES_CHOICES = [5, 10, 15, 20, 30, 60] as const;
export const ORDER_AHEAD_MAX = 60;
/** How many free slots a 409 for a full slot proposes. */
export const NEXT_FREE_SLOTS = 3;

export interface SlotRules extends OpeningRules {
  orderAheadDays: number;
  slotMinutes: number;
}

export interface SlotLimits {
  /** 0: no limit. */
  slotMaxOrders: number;
  slotMaxDishes: number;
}

/** The places of one slot taken by orders and by payments under way. */
export interface SlotUse {
  orders: number;
  dishes: number;
}

function addDays(date: string, days: number): string {
  let day = date;
  for (let i = 0; i < days; i++) day = nextDate(day);
  return day;
}

function minuteOfDay(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  return p.hour * 60 + p.minute;
}

/**
 * Every slot from `now` to the end of the last day ahead, in order. A wall-clock time a clock
 * change skips is no slot; one it repeats is offered once (its first passing).
 */
export function slotTimes(rules: SlotRules, now: Date): Date[] {
  const { timeZone, slotMinutes: step } = rules;
  const slots: Date[] = [];
  const today = localDate(now, timeZone);
  const last = addDays(today, rules.orderAheadDays);
  for (let date = today; date <= last; date = nextDate(date)) {
    for (const range of rangesOn(rules, date)) {
      for (let minute = Math.ceil(minutesOf(range.open) / step) * step; minute < minutesOf(range.close); minute += step) {
        const at = zonedInstant(date, minute, timeZone);
        if (at.getTime() < now.getTime()) continue;
        if (localDate(at, timeZone) !== date || minuteOfDay(at, timeZone) !== minute) continue;
        if (isOpenAt(rules, at)) slots.push(at);
      }
    }
  }
  return slots;
}

/** Why a chosen time is not a slot, in the customer's words at the field, or undefined. */
export function slotProblem(rules: SlotRules, at: Date, now: Date): string | undefined {
  const { timeZone, slotMinutes: step } = rules;
  if (Number.isNaN(at.getTime())) return 'Choose a time';
  if (at.getTime() < now.getTime()) return 'That time has passed: choose a later one';
  const date = localDate(at, timeZone);
  if (date > addDays(localDate(now, timeZone), rules.orderAheadDays)) {
    return rules.orderAheadDays === 0 ? 'Choose a time today' : `Choose a time from today to ${rules.orderAheadDays} days ahead`;
  }
  if (minuteOfDay(at, timeZone) % step !== 0 || zonedParts(at, timeZone).second !== 0 || at.getUTCMilliseconds() !== 0) {
    return `Choose a time on a ${step}-minute step`;
  }
  if (!isOpenAt(rules, at)) return `We are closed at ${clockOf(at, timeZone)}: choose a time within our opening hours`;
  return undefined;
}

/** Full for an order of `dishes` dishes; with `dishes` 0, full when no order at all fits. */
export function slotIsFull(limits: SlotLimits, use: SlotUse | undefined, dishes = 0): boolean {
  const taken = use ?? { orders: 0, dishes: 0 };
  if (limits.slotMaxOrders > 0 && taken.orders + 1 > limits.slotMaxOrders) return true;
  if (limits.slotMaxDishes > 0 && taken.dishes + Math.max(dishes, 1) > limits.slotMaxDishes) return true;
  return false;
}

/** The slots still offered: `use` is keyed by the slot's ISO instant. */
export function freeSlots(rules: SlotRules & SlotLimits, now: Date, use: ReadonlyMap<string, SlotUse>, dishes = 0): Date[] {
  return slotTimes(rules, now).filter((slot) => !slotIsFull(rules, use.get(slot.toISOString()), dishes));
}

export function fullSlotMessage(at: Date, now: Date, timeZone: string): string {
  return `The slot ${slotWords(at, now, timeZone)} filled up meanwhile: choose another time`;
}

/** "today at 12:15", "tomorrow at 11:00", "Friday at 18:30", beyond a week "2026-12-09 at 11:00". */
export function slotWords(at: Date, now: Date, timeZone: string): string {
  return `${slotDay(at, now, timeZone)} at ${clockOf(at, timeZone)}`;
}

/** "today", "tomorrow", "on Friday" within the week, else "on 2026-12-09". */
export function slotDay(at: Date, now: Date, timeZone: string): string {
  const day = localDate(at, timeZone);
  const today = localDate(now, timeZone);
  if (day === today) return 'today';
  if (day === nextDate(today)) return 'tomorrow';
  if (day <= addDays(today, 6)) return `on ${WEEKDAY_WORDS[weekdayOf(day)]}`;
  return `on ${day}`;
}

const WEEKDAY_WORDS = { monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday', friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday' } as const;

/**
 * The home page's line while closed but later slots are offered: "Closed now · order ahead for
 * tomorrow from 11:00". Undefined when open, when no slot is left, and while paused (the pause's
 * own message is the line then).
 */
export function orderAheadLine(rules: SlotRules, now: Date): string | undefined {
  if (isPausedAt(rules, now) || !closedProblem(rules, now)) return undefined;
  const first = slotTimes(rules, now)[0];
  if (!first) return undefined;
  const day = slotDay(first, now, rules.timeZone).replace(/^on /, '');
  return `Closed now · order ahead for ${day} from ${clockOf(first, rules.timeZone)}`;
}

/** The home page's status line: the order-ahead line while orders for now are not taken, else the hours' line. */
export function shopStatusLine(rules: SlotRules, now: Date): string {
  return orderAheadLine(rules, now) ?? statusLine(rules, now);
}

/** A day in the status line: "today", "tomorrow", a weekday's name (in the asker's language) or, past a week, the date. */
export type StatusDay = { kind: 'today' } | { kind: 'tomorrow' } | { kind: 'weekday'; words: string } | { kind: 'date'; date: string };

/**
 * The status line's facts, for the reader's language to word them (src/web/settings/status-words.ts):
 * what shopStatusLine says in English, with times on the restaurant's clock and weekdays named by
 * `weekdayName` (Intl in the reader's language).
 */
export type ShopStatus =
  | { kind: 'orderAhead'; day: StatusDay; time: string }
  | { kind: 'paused'; message: string; until?: string }
  | { kind: 'open'; until?: { day?: StatusDay; time: string } }
  | { kind: 'closed'; opens?: { day?: StatusDay; time: string } };

export function shopStatus(rules: SlotRules, now: Date, weekdayName: (at: Date) => string): ShopStatus {
  const zone = rules.timeZone;
  if (!isPausedAt(rules, now) && closedProblem(rules, now)) {
    const first = slotTimes(rules, now)[0];
    if (first) {
      const day = localDate(first, zone);
      const today = localDate(now, zone);
      const words: StatusDay =
        day === today ? { kind: 'today' } : day === nextDate(today) ? { kind: 'tomorrow' } : day <= addDays(today, 6) ? { kind: 'weekday', words: weekdayName(first) } : { kind: 'date', date: day };
      return { kind: 'orderAhead', day: words, time: clockOf(first, zone) };
    }
  }
  const status = openStatus(rules, now);
  if (status.state === 'paused') return { kind: 'paused', message: status.message, ...(status.until && { until: clockOf(status.until, zone) }) };
  const at = status.state === 'open' ? status.until : status.opensAt;
  // As statusLine's days: none today, a weekday within the coming week, else the date.
  const day = (): StatusDay | undefined => {
    const date = localDate(at!, zone);
    if (date === localDate(now, zone)) return undefined;
    return at!.getTime() - now.getTime() < 6.5 * 24 * 3600_000 ? { kind: 'weekday', words: weekdayName(at!) } : { kind: 'date', date };
  };
  const when = at && { time: clockOf(at, zone), ...(day() && { day: day() }) };
  return status.state === 'open' ? { kind: 'open', ...(when && { until: when }) } : { kind: 'closed', ...(when && { opens: when }) };
}

/** "Sunday 29 November at 12:30" on the restaurant's clock: for mails and tickets, read on another day. */
export function slotDateWords(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const day = at.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone });
  return `${day} at ${clockOf(at, timeZone)}`;
}
