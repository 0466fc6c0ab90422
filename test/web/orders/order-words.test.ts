import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../../src/shared/i18n/catalogue.ts';
import { readCatalogue } from '../../../src/shared/i18n/catalogue-files.ts';
import { slotWords } from '../../../src/shared/order-slots.ts';
import { FULFILMENT_LABELS, ORDER_STATUS_LABELS, ORDER_STATUSES, FULFILMENT_TYPES } from '../../../src/shared/order-workflow.ts';
import { slotParts } from '../../../src/shared/shop-time.ts';

/**
 * The order pages', board's and ticket's words (src/web/orders/use-order-words.ts): the
 * catalogue's `order.*` texts in English say what the server's constants say, and a slot reads the
 * same in English as before and in German by the language's words.
 */
const i18n = setupI18n();
for (const language of ['en', 'de']) i18n.load(language, compileCatalogue(language, readCatalogue(language)));
const say = (language: string, id: string, values?: Record<string, unknown>) => {
  i18n.activate(language);
  return i18n._(id, values);
};

describe('the order words', () => {
  it("English status and fulfilment names are the server's (CSV, mails, ticket) word for word; German has its own", () => {
    for (const status of ORDER_STATUSES) expect(say('en', `order.status.${status}`)).toBe(ORDER_STATUS_LABELS[status]);
    for (const type of FULFILMENT_TYPES) expect(say('en', `order.fulfilment.${type}`)).toBe(FULFILMENT_LABELS[type]);
    expect(say('de', 'order.status.preparing')).toBe('In Zubereitung');
    expect(say('de', 'order.fulfilment.table')).toBe('Hier essen');
  });

  it("a slot's day and time: the English as slotWords words it, and German", () => {
    const zone = 'Europe/Berlin';
    const now = new Date('2026-11-27T09:00:00Z'); // a Friday
    const cases: [string, string, string][] = [
      ['2026-11-27T11:30:00Z', 'Today at 12:30', 'Heute um 12:30'],
      ['2026-11-28T10:00:00Z', 'Tomorrow at 11:00', 'Morgen um 11:00'],
      ['2026-12-02T17:30:00Z', 'On Wednesday at 18:30', 'Am Mittwoch um 18:30'],
      ['2026-12-09T10:00:00Z', 'On 2026-12-09 at 11:00', 'Am 09.12.2026 um 11:00'],
    ];
    for (const [iso, english, german] of cases) {
      const at = new Date(iso);
      const parts = slotParts(at, now, zone);
      const weekday = (language: string) => new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: zone }).format(at);
      const date = (language: string) =>
        parts.day === 'weekday' ? weekday(language) : language === 'en' ? parts.date : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: zone }).format(at);
      expect(say('en', 'order.slot', { ...parts, date: date('en') })).toBe(english);
      const words = slotWords(at, now, zone);
      expect(english).toBe(words.charAt(0).toUpperCase() + words.slice(1));
      expect(say('de', 'order.slot', { ...parts, date: date('de') })).toBe(german);
    }
  });

  it('counts by the language’s plural rule', () => {
    expect(say('en', 'order.again.added', { count: 1 })).toBe("1 dish is in your cart at today's prices.");
    expect(say('en', 'order.again.added', { count: 3 })).toBe("3 dishes are in your cart at today's prices.");
    expect(say('de', 'order.again.added', { count: 3 })).toBe('3 Gerichte liegen zu heutigen Preisen in Ihrem Warenkorb.');
    expect(say('en', 'board.tabTitle', { count: 0, product: 'Raw Roots' })).toBe('Order board · Raw Roots');
    expect(say('en', 'board.tabTitle', { count: 2, product: 'Raw Roots' })).toBe('(2) Order board · Raw Roots');
  });
});
