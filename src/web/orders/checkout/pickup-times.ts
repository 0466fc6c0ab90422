import { isOpenAt, type OpeningRules } from '../../../shared/opening-hours.ts';
import { PICKUP_STEP_MINUTES } from '../../../shared/order-workflow.ts';

const STEP_MS = PICKUP_STEP_MINUTES * 60_000;

/**
 * Fallback when the server's list can't be read; the first slot is a step away, the kitchen's
 * minimum. The browser's clock will do: a pickup customer is where the restaurant is, and the
 * server checks again in the restaurant's zone.
 */
export function pickupTimes(now: Date = new Date(), rules?: OpeningRules): Date[] {
  const first = Math.ceil((now.getTime() + STEP_MS) / STEP_MS) * STEP_MS;
  const endOfDay = new Date(now);
  endOfDay.setHours(23, 59, 59, 999);
  const times: Date[] = [];
  for (let t = first; t <= endOfDay.getTime(); t += STEP_MS) times.push(new Date(t));
  return rules ? times.filter((time) => isOpenAt(rules, time)) : times;
}
