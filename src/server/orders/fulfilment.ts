import type { Fulfilment, FulfilmentRequest } from '../../shared/orders.ts';
import { pickupTimeProblem } from '../../shared/shop-time.ts';
import { BadRequestError } from '../http/errors.ts';

/** What the spec's own call (`{ price }` alone) asks for: pickup as soon as possible. */
export const DEFAULT_FULFILMENT: FulfilmentRequest = { type: 'pickup' };

/**
 * Checks what the schema cannot: a pickup time is today in the restaurant's time zone, on the
 * 15-minute step and not in the past. Answers the request as it is kept with the intent: the
 * pickup time as a UTC instant, empty optional texts left out.
 */
export function checkFulfilment(request: FulfilmentRequest | undefined, now: Date, timeZone: string): FulfilmentRequest {
  if (!request) return DEFAULT_FULFILMENT;
  const kept = withoutEmptyTexts(request);
  if (kept.type === 'pickup' && kept.pickupAt !== undefined) {
    const at = new Date(kept.pickupAt);
    const problem = pickupTimeProblem(at, now, timeZone);
    if (problem) throw new BadRequestError(`Invalid fulfilment: ${problem}`, { 'fulfilment.pickupAt': [problem] });
    return { ...kept, pickupAt: at.toISOString() };
  }
  return kept;
}

function withoutEmptyTexts(request: FulfilmentRequest): FulfilmentRequest {
  const copy = { ...request };
  if (copy.note === '') delete copy.note;
  if (copy.type === 'delivery' && copy.address.line2 === '') {
    const { line2: _empty, ...address } = copy.address;
    return { ...copy, address };
  }
  return copy;
}

/** An intent's kept request, split into the order's fulfilment and its note. */
export function splitFulfilment(stored: string | null): { fulfilment: Fulfilment; note: string | null } {
  const { note, ...fulfilment } = stored ? (JSON.parse(stored) as FulfilmentRequest) : DEFAULT_FULFILMENT;
  return { fulfilment, note: note ?? null };
}
