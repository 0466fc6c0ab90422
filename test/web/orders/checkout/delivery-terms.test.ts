import { describe, expect, it } from 'vitest';
import { deliveryAreaWords, deliveryTermsWords } from '../../../../src/shared/restaurant-settings.ts';

/**
 * The delivery's terms as the checkout shows them before any address is typed
 * (src/shared/restaurant-settings.ts): the fee, the minimum and the area in words.
 */
describe('deliveryAreaWords', () => {
  it('says prefixes as "postal codes starting" and exact codes as they are', () => {
    expect(deliveryAreaWords(['123*', '10115'])).toBe('We deliver to postal codes starting 123 and to 10115');
    expect(deliveryAreaWords(['123*', '124*', '10115', '10117', '10119'])).toBe('We deliver to postal codes starting 123 or 124 and to 10115, 10117 and 10119');
    expect(deliveryAreaWords(['101*'])).toBe('We deliver to postal codes starting 101');
    expect(deliveryAreaWords(['10115'])).toBe('We deliver to 10115');
  });

  it('says nothing when deliveries go anywhere', () => {
    expect(deliveryAreaWords([])).toBeUndefined();
  });
});

describe('deliveryTermsWords', () => {
  it('names the fee, the minimum and the area', () => {
    expect(deliveryTermsWords({ deliveryFee: 2.5, minimumOrder: 20, postalCodes: ['123*', '10115'] })).toEqual([
      'A delivery fee of $2.50 is added to your dishes.',
      'Minimum order $20.00.',
      'We deliver to postal codes starting 123 and to 10115.',
    ]);
  });

  it('says a free delivery anywhere without a minimum in one sentence', () => {
    expect(deliveryTermsWords({ deliveryFee: 0, minimumOrder: 0, postalCodes: [] })).toEqual(['Delivery is free.']);
  });
});
