import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../../../src/server/i18n/translator.ts';
import { deliveryTermsWords } from '../../../../src/shared/restaurant-settings.ts';
import { deliveryTermsText } from '../../../../src/web/orders/checkout/delivery-terms-words.ts';

/** The checkout's delivery terms in the reader's language (src/web/orders/checkout/delivery-terms-words.ts). */
const cases = [
  { deliveryFee: 2.5, minimumOrder: 20, postalCodes: ['123*', '124*', '10115', '10117', '10119'] },
  { deliveryFee: 0, minimumOrder: 0, postalCodes: [] },
  { deliveryFee: 3, minimumOrder: 0, postalCodes: ['101*'] },
  { deliveryFee: 0, minimumOrder: 15, postalCodes: ['10115'] },
];

describe('deliveryTermsText', () => {
  it.each(cases)('reads in English exactly as deliveryTermsWords: %j', (settings) => {
    expect(deliveryTermsText(settings, translatorFor('en'), 'en')).toBe(deliveryTermsWords(settings).join(' '));
  });

  it('reads in German, with German money and lists', () => {
    const de = translatorFor('de');
    expect(deliveryTermsText(cases[0]!, de, 'de').replace(/\s/g, ' ')).toBe(
      'Zu Ihren Gerichten kommt eine Liefergebühr von 2,50 $. Mindestbestellwert 20,00 $. Wir liefern an Postleitzahlen, die mit 123 oder 124 beginnen, und an 10115, 10117 und 10119.',
    );
    expect(deliveryTermsText(cases[1]!, de, 'de')).toBe('Die Lieferung ist kostenlos.');
  });
});
