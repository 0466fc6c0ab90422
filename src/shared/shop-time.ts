/**
 * Days and pickup times are the restaurant's time zone's, not the server's or the customer's.
 * Zod-free and Intl-only, so the payment page offers exactly the pickup times the server accepts.
 */
import { PICKUP_STEP_MINUTES } from './order-workflow.ts';

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

export function isTimeZone(name: string): boolean {
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

/** formatToParts is slow and a payment reads the same second several times: a small cache, emptied when full. */
const readings = new Map<string, Readonly<ZonedParts>>();
const KEPT_READINGS = 256;

/** The result is shared through the cache: never change it. */
export function zonedParts(instant: Date, timeZone: string): Readonly<ZonedParts> {
  const key = `${Math.floor(instant.getTime() / 1000)} ${timeZone}`;
  let reading = readings.get(key);
  if (!reading) {
    const parts: Record<string, number> = {};
    for (const part of formatter(timeZone).formatToParts(instant)) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    reading = { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
    if (readings.size >= KEPT_READINGS) readings.clear();
    readings.set(key, reading);
  }
  return reading;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function localDate(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * Twice through the offset, for a day whose offset differs from the day before; where midnight
 * does not exist (a clock change at 00:00) the day starts when the clock first shows it.
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day);
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  for (let i = 0; i < 4 && localDate(new Date(instant), timeZone) < date; i++) instant += 30 * 60_000;
  return new Date(instant);
}

export function nextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/** Half-open: [start, end). */
export function localDayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  return { start: startOfLocalDay(date, timeZone), end: startOfLocalDay(nextDate(date), timeZone) };
}

export function onPickupStep(instant: Date, timeZone: string): boolean {
  const p = zonedParts(instant, timeZone);
  return p.minute % PICKUP_STEP_MINUTES === 0 && p.second === 0 && instant.getUTCMilliseconds() === 0;
}

export function pickupTimeProblem(instant: Date, now: Date, timeZone: string): string | undefined {
  if (Number.isNaN(instant.getTime())) return 'Choose a pickup time';
  if (localDate(instant, timeZone) !== localDate(now, timeZone)) return 'Choose a pickup time today';
  if (!onPickupStep(instant, timeZone)) return `Choose a time on a ${PICKUP_STEP_MINUTES}-minute step`;
  if (instant.getTime() < now.getTime()) return 'That time has passed: choose a later one';
  return undefined;
}

export function pickupSlots(now: Date, timeZone: string): Date[] {
  const step = PICKUP_STEP_MINUTES * 60_000;
  const today = localDate(now, timeZone);
  const end = startOfLocalDay(nextDate(today), timeZone).getTime();
  const slots: Date[] = [];
  // Every zone's offset is a whole number of quarter hours, so UTC's steps are the zone's steps.
  for (let t = Math.ceil(now.getTime() / step) * step; t < end; t += step) {
    const slot = new Date(t);
    if (onPickupStep(slot, timeZone)) slots.push(slot);
  }
  return slots;
}

/**
 * A time slot's parts for a catalogue message in any language (order-slots.ts' slotWords in
 * English): which day it is ("today", "tomorrow", a weekday within the week, else a date), that
 * local date ("2026-12-09") and the clock time ("12:30"), on the restaurant's clock.
 */
export function slotParts(at: Date, now: Date, timeZone: string): { day: 'today' | 'tomorrow' | 'weekday' | 'date'; date: string; time: string } {
  const date = localDate(at, timeZone);
  const today = localDate(now, timeZone);
  let weekAhead = today;
  for (let i = 0; i < 6; i++) weekAhead = nextDate(weekAhead);
  const day = date === today ? 'today' : date === nextDate(today) ? 'tomorrow' : date <= weekAhead ? 'weekday' : 'date';
  const p = zonedParts(at, timeZone);
  return { day, date, time: `${pad(p.hour)}:${pad(p.minute)}` };
}
