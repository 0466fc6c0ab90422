import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../../src/server/i18n/translator.ts';
import { defaultSettings, shopStatus, shopStatusLine, WEEKDAYS, type RestaurantSettings } from '../../../src/shared/restaurant-settings.ts';
import { statusWords } from '../../../src/web/settings/status-words.ts';

/**
 * The opening-hours strip in the reader's language (src/web/settings/status-words.ts, from the
 * facts shopStatus answers): English word for word as shopStatusLine, German by the catalogue,
 * weekdays named by Intl.
 */
const lunch = [{ open: '11:00', close: '15:00' }];
const shop = (overrides: Partial<RestaurantSettings> = {}): RestaurantSettings => ({
  ...defaultSettings('Europe/Berlin'),
  hours: Object.fromEntries(WEEKDAYS.map((day) => [day, day === 'monday' ? [] : lunch])) as RestaurantSettings['hours'],
  orderAheadDays: 0,
  ...overrides,
});
const wordsIn = (language: string, rules: RestaurantSettings, now: Date) => {
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: rules.timeZone });
  return statusWords(shopStatus(rules, now, (at) => weekday.format(at)), translatorFor(language));
};

// Tuesday 2026-12-08 in Berlin (UTC+1).
const cases: [string, RestaurantSettings, Date, string][] = [
  ['open round the clock', defaultSettings('Europe/Berlin'), new Date('2026-12-08T11:00:00Z'), 'Jetzt geöffnet · rund um die Uhr'],
  ['open until the end of lunch', shop(), new Date('2026-12-08T11:00:00Z'), 'Jetzt geöffnet · bis 15:00'],
  ['closed, opening on Wednesday', shop(), new Date('2026-12-08T15:00:00Z'), 'Geschlossen · öffnet Mittwoch 11:00'],
  ['closed, ordering ahead for later today', shop(), new Date('2026-12-08T08:00:00Z'), 'Jetzt geschlossen · vorbestellen für heute ab 11:00'],
  ['closed, ordering ahead for tomorrow', shop({ orderAheadDays: 3 }), new Date('2026-12-08T15:00:00Z'), 'Jetzt geschlossen · vorbestellen für morgen ab 11:00'],
  ['paused with the owner’s words', shop({ ordersPaused: true, pauseMessage: 'Kitchen full' }), new Date('2026-12-08T11:00:00Z'), 'Bestellungen pausiert: Kitchen full'],
  ['paused without words', shop({ ordersPaused: true, pauseMessage: '' }), new Date('2026-12-08T11:00:00Z'), 'Bestellungen pausiert: Bestellungen sind vorerst pausiert.'],
];

describe('the opening-hours strip’s words', () => {
  it.each(cases)('%s: English as shopStatusLine says it, and German', (_case, rules, now, german) => {
    expect(wordsIn('en', rules, now)).toBe(shopStatusLine(rules, now));
    expect(wordsIn('de', rules, now)).toBe(german);
  });

  it('names a weekday in the reader’s language', () => {
    const now = new Date('2026-12-08T15:00:00Z');
    expect(wordsIn('en', shop(), now)).toBe('Closed · opens Wednesday 11:00');
  });
});
