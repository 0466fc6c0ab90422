import type { DateRange } from '../../shared/stats.ts';
import { nextDate, startOfLocalDay, zonedParts } from '../../shared/shop-time.ts';

/** A range of local days as UTC instants [start, end), ISO text. */
export function instantsOf(range: DateRange, timeZone: string): { start: string; end: string } {
  return { start: startOfLocalDay(range.from, timeZone).toISOString(), end: startOfLocalDay(nextDate(range.to), timeZone).toISOString() };
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Where an instant falls on the restaurant's clock. */
export interface LocalPlace {
  /** Index of its day in the calendar, -1 outside. */
  day: number;
  /** Local hour, 0–23. */
  hour: number;
  /** Monday 0 … Sunday 6. */
  weekday: number;
  /** The instant as the restaurant's wall clock reads it, in milliseconds "as if UTC". */
  wall: number;
  /** The zone's offset from UTC at the instant, in milliseconds. */
  offset: number;
}

interface CalendarDay {
  date: string;
  start: number;
  end: number;
  weekday: number;
  offsetAtStart: number;
  /** The instant the offset changes within the day (a daylight-saving change), if it does. */
  change?: { at: number; offset: number };
}

/** How far the zone's clock is ahead of UTC at an instant (one Intl call, about 10 µs). */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The restaurant's days from `from` to `to` (both included) in its time zone, and where any
 * instant falls among them. Statistics fold thousands of time buckets, and an export thousands of
 * orders, into local days and hours: asking Intl for each would cost ~10 µs apiece. The zone's
 * offset is read once per day instead, and only a day whose offset differs from the next day's
 * (a daylight-saving change) is searched, to the minute, for the moment it changes.
 */
export class ShopCalendar {
  readonly days: CalendarDay[] = [];
  readonly start: number;
  readonly end: number;

  constructor(from: string, to: string, timeZone: string) {
    const starts: Array<{ date: string; start: number; offset: number }> = [];
    let offset = offsetAt(startOfLocalDay(from, timeZone).getTime(), timeZone);
    for (let date = from; date <= nextDate(to); date = nextDate(date)) {
      const wall = Date.parse(`${date}T00:00:00Z`);
      // Usually midnight is where yesterday's offset puts it; else the careful way.
      let start = wall - offset;
      if (offsetAt(start, timeZone) !== offset) {
        start = startOfLocalDay(date, timeZone).getTime();
        offset = offsetAt(start, timeZone);
      }
      starts.push({ date, start, offset });
    }
    for (let i = 0; i + 1 < starts.length; i++) {
      const { date, start, offset: offsetAtStart } = starts[i]!;
      const next = starts[i + 1]!;
      const day: CalendarDay = { date, start, end: next.start, weekday: (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7, offsetAtStart };
      if (next.offset !== offsetAtStart) day.change = { at: this.changeWithin(start, next.start, offsetAtStart, timeZone), offset: next.offset };
      this.days.push(day);
    }
    this.start = this.days[0]!.start;
    this.end = this.days.at(-1)!.end;
  }

  /** The first minute in (lo, hi] whose offset is no longer `before`. */
  private changeWithin(lo: number, hi: number, before: number, timeZone: string): number {
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (mid === lo) break;
      if (offsetAt(mid, timeZone) === before) lo = mid;
      else hi = mid;
    }
    return hi;
  }

  /** Where an instant (milliseconds) falls. */
  locate(instant: number): LocalPlace {
    let lo = 0;
    let hi = this.days.length - 1;
    if (instant < this.start || instant >= this.end) return this.outside(instant);
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.days[mid]!.start <= instant) lo = mid;
      else hi = mid - 1;
    }
    const day = this.days[lo]!;
    const offset = day.change && instant >= day.change.at ? day.change.offset : day.offsetAtStart;
    const wall = instant + offset;
    return { day: lo, hour: Math.floor((((wall % DAY) + DAY) % DAY) / HOUR), weekday: day.weekday, wall, offset };
  }

  private outside(instant: number): LocalPlace {
    const edge = instant < this.start ? this.days[0]! : this.days.at(-1)!;
    const offset = edge.change && instant >= edge.change.at ? edge.change.offset : edge.offsetAtStart;
    const wall = instant + offset;
    return { day: -1, hour: Math.floor((((wall % DAY) + DAY) % DAY) / HOUR), weekday: (new Date(wall).getUTCDay() + 6) % 7, wall, offset };
  }
}

/** A wall-clock reading (from `LocalPlace.wall`) as "YYYY-MM-DD HH:MM:SS". */
export function formatWall(wall: number): string {
  return new Date(wall).toISOString().slice(0, 19).replace('T', ' ');
}
