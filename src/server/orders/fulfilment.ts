import { scheduledFieldOf, scheduledTimeOf, type Fulfilment, type FulfilmentRequest } from '../../shared/orders.ts';
import { slotProblem, type SlotRules } from '../../shared/order-slots.ts';
import { BadRequestError } from '../http/errors.ts';
import { say, wordingOfText } from '../i18n/wording.ts';

/** What the spec's own call (`{ price }` alone) asks for: pickup as soon as possible. */
export const DEFAULT_FULFILMENT: FulfilmentRequest = { type: 'pickup' };

/**
 * Checks what the schema cannot: a chosen time is one of the restaurant's slots
 * (src/shared/order-slots.ts: today or the days ahead, on its step, within the hours, not past),
 * and eat-here takes one only when the owner allows it. Answers the request as it is kept with the
 * intent: the time as a UTC instant, empty optional texts left out.
 */
export function checkFulfilment(request: FulfilmentRequest | undefined, now: Date, rules: SlotRules & { scheduledEatHere: boolean }): FulfilmentRequest {
  if (!request) return DEFAULT_FULFILMENT;
  const kept = withoutEmptyTexts(request);
  const time = scheduledTimeOf(kept);
  if (time === undefined) return kept;
  const field = `fulfilment.${scheduledFieldOf(kept.type)}`;
  const at = new Date(time);
  const problem = kept.type === 'table' && !rules.scheduledEatHere ? 'Eat here is for as soon as possible: choose pickup or delivery for later' : slotProblem(rules, at, now);
  if (problem) throw new BadRequestError(say('error.order.invalidFulfilment', { problem: wordingOfText(problem) }), { [field]: [problem] });
  return kept.type === 'pickup' ? { ...kept, pickupAt: at.toISOString() } : { ...kept, scheduledAt: at.toISOString() };
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
