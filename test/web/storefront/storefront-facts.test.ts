import { describe, expect, it } from 'vitest';
import { defaultSettings, WEEKDAYS, type RestaurantSettings } from '../../../src/shared/restaurant-settings.ts';
import { translatorFor } from '../../../src/server/i18n/translator.ts';
import { hoursWords, storefrontDescription, storefrontFacts, storefrontTexts as textsIn, type StorefrontFacts } from '../../../src/shared/storefront-facts.ts';

const en = translatorFor('en');
const de = translatorFor('de');
const storefrontTexts = (facts: StorefrontFacts | undefined) => textsIn(facts, en, 'en');
const hoursOf = (facts: StorefrontFacts, language = 'en') => hoursWords(facts.hours!, language === 'en' ? en : de, language);

/** What the storefront promises, from the settings (issue 43, point 5; src/shared/storefront-facts.ts). */
const week = (hours: Partial<RestaurantSettings['hours']>): RestaurantSettings['hours'] => ({
  ...(Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as RestaurantSettings['hours']),
  ...hours,
});
const lunch = [{ open: '11:00', close: '15:00' }];
const split = [{ open: '17:30', close: '22:00' }, { open: '11:00', close: '15:00' }];

describe('storefrontFacts and storefrontTexts', () => {
  it('keeps the spec’s words for the demo’s settings (open round the clock, every way)', () => {
    const facts = storefrontFacts(defaultSettings('UTC'));
    expect(facts).toEqual({ hours: null, openDays: 7, ways: { table: true, pickup: true, delivery: true } });
    const texts = storefrontTexts(facts);
    expect(texts.hero).toBe('Open 24/7, delivered to your home.');
    expect([texts.hoursCard.title, texts.wayCard.title]).toEqual(['Open 24/7', 'Home delivery']);
    expect(texts.aboutNumber).toEqual({ value: '24/7', label: 'open, with home delivery' });
    expect(texts.claims).toEqual(['Open 24/7, with home delivery', 'A kitchen you may visit at any hour']);
    expect(storefrontDescription(facts, en, 'en')).toBe('Raw Roots: safe, healthy, reasonably priced raw food, open 24/7 with home delivery.');
  });

  it('says the hours, grouping the days in a row that share them, and leaves out the days off', () => {
    const settings = { ...defaultSettings('UTC'), hours: week({ monday: lunch, tuesday: lunch, wednesday: lunch, friday: split, saturday: split }) };
    const facts = storefrontFacts(settings);
    expect(hoursOf(facts)).toBe('Mon–Wed 11:00–15:00, Fri–Sat 11:00–15:00 & 17:30–22:00');
    expect(hoursOf(facts, 'de')).toBe('Mo–Mi 11:00–15:00, Fr–Sa 11:00–15:00 & 17:30–22:00');
    expect(facts.openDays).toBe(5);
    expect(storefrontTexts(facts).hoursCard).toEqual({ title: 'Opening hours', text: 'Open Mon–Wed 11:00–15:00, Fri–Sat 11:00–15:00 & 17:30–22:00.' });
    expect(storefrontTexts(facts).aboutNumber).toEqual({ value: '5/7', label: 'days a week open, with home delivery' });
    const daily = storefrontFacts({ ...settings, hours: week(Object.fromEntries(WEEKDAYS.map((day) => [day, lunch]))) });
    expect(hoursOf(daily)).toBe('daily 11:00–15:00');
    expect(hoursOf(daily, 'de')).toBe('täglich 11:00–15:00');
    expect(hoursOf(storefrontFacts({ ...settings, hours: week({ saturday: [{ open: '00:00', close: '24:00' }] }) }))).toBe('Sat all day');
    expect(storefrontTexts(storefrontFacts({ ...settings, hours: week({}) })).hero).toBe('Closed for now, delivered to your home.');
  });

  it('promises home delivery only while it is offered', () => {
    const ways = (table: boolean, pickup: boolean) => storefrontTexts(storefrontFacts({ ...defaultSettings('UTC'), fulfilments: { table, pickup, delivery: false } }));
    expect(ways(true, true).hero).toBe('Open 24/7, at our tables or to take away.');
    expect(ways(true, true).wayCard.title).toBe('Take away');
    expect(ways(true, false).wayCard.title).toBe('Eat with us');
    expect(ways(false, true).hero).toBe('Open 24/7, ready for you to pick up.');
    for (const texts of [ways(true, true), ways(true, false)]) {
      expect(JSON.stringify(texts)).not.toMatch(/delivery|deliver|bikes/i);
    }
  });

  it('promises nothing either way before the facts are known', () => {
    const texts = storefrontTexts(undefined);
    expect(texts.hero).toBe('');
    expect(JSON.stringify(texts)).not.toMatch(/24\/7|deliver/i);
  });

  it('says the same in German, the meta description too', () => {
    const facts = storefrontFacts(defaultSettings('UTC'));
    const texts = textsIn(facts, de, 'de');
    expect(texts.hero).toBe('Rund um die Uhr geöffnet, nach Hause geliefert.');
    expect(texts.aboutNumber).toEqual({ value: '24/7', label: 'geöffnet, mit Lieferung nach Hause' });
    expect(storefrontDescription(facts, de, 'de')).toBe('Raw Roots: sichere, gesunde, preiswerte Rohkost, rund um die Uhr geöffnet, mit Lieferung nach Hause.');
    const unknown = textsIn(undefined, de, 'de');
    expect([unknown.hoursCard.title, unknown.hoursCard.text, unknown.wayCard.title, unknown.wayCard.text, unknown.kitchen, unknown.crew].join(' ')).not.toMatch(/kitchen|open|the /i);
  });
});
