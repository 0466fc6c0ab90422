import { scheduledTimeOf, type FulfilmentRequest } from '../../shared/orders.ts';
import { closedProblem, fulfilmentProblem, postalCodeProblem, type RestaurantSettings } from '../../shared/restaurant-settings.ts';
import { BadRequestError, ConflictError } from '../http/errors.ts';
import type { ShopSettings } from './settings-service.ts';

/**
 * The restaurant's rules for taking an order, checked before a payment is opened or confirmed: for
 * as soon as possible, open and not paused (409 "We open at 11:00", or the pause's message; an
 * order for a later slot is taken while closed, its slot checked by checkFulfilment), the way of
 * fulfilment offered (409), a delivery address in the delivery area (400 at the field). Nothing
 * is opened or charged when one fails.
 */
export function checkOrderRules(settings: RestaurantSettings, fulfilment: FulfilmentRequest, now: Date): void {
  checkTakingOrders(settings, now, fulfilment);
  const notOffered = fulfilmentProblem(settings, fulfilment.type);
  if (notOffered) throw new ConflictError(notOffered);
  if (fulfilment.type === 'delivery') {
    const problem = postalCodeProblem(settings, fulfilment.address.postalCode);
    if (problem) throw new BadRequestError(`Invalid fulfilment: ${problem}`, { 'fulfilment.address.postalCode': [problem] });
  }
}

/** Open and not paused for an order as soon as possible, or a 409 with the reason (the sandbox's confirmation checks this again). */
export function checkTakingOrders(settings: RestaurantSettings, now: Date, fulfilment: FulfilmentRequest): void {
  if (scheduledTimeOf(fulfilment) !== undefined) return;
  const closed = closedProblem(settings, now);
  if (closed) throw new ConflictError(closed);
}

/** What a delivery adds to the charge and the least it must reach; nothing for the other ways. */
export interface DeliveryCharge {
  feeCents: number;
  minimumOrderCents: number;
}
export const NO_DELIVERY_CHARGE: DeliveryCharge = { feeCents: 0, minimumOrderCents: 0 };

export function deliveryChargeFor(settings: ShopSettings, fulfilment: FulfilmentRequest): DeliveryCharge {
  if (fulfilment.type !== 'delivery') return NO_DELIVERY_CHARGE;
  return { feeCents: settings.deliveryFeeCents(), minimumOrderCents: settings.minimumOrderCents() };
}
