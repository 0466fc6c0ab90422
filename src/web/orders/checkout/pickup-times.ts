import { isOpenAt, type OpeningRules } from '../../../shared/opening-hours.ts';
import { PICKUP_STEP_MINUTES } from '../../../shared/order-workflow.ts';

const STEP_MS = PICKUP_STEP_MINUTES * 60_000;

/**
 * The pickup times offered today when the server's list cannot be read: every step from the first
 * one at least a step away (the kitchen needs that long) until the end of the day, within the
 * restaurant's hours once its settings are known. The server checks the day, the step and the
 * hours in the restaurant's time zone; the browser's clock is the customer's, which for a pickup
 * is the same place.
 */
export function pickupTimes(now: Date = new Date(), rules?: OpeningRules): Date[] {
  const first = Math.ceil((now.getTime() + STEP_MS) / STEP_MS) * STEP_MS;
  const endOfDay = new Date(now);
  endOfDay.setHours(23, 59, 59, 999);
  const times: Date[] = [];
  for (let t = first; t <= endOfDay.getTime(); t += STEP_MS) times.push(new Date(t));
  return rules ? times.filter((time) => isOpenAt(rules, time)) : times;
}
