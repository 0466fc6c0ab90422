import { setupI18n, type Messages } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../src/shared/i18n/catalogue.ts';
import { catalogueLanguages, readCatalogue } from '../src/shared/i18n/catalogue-files.ts';
import { LANGUAGE_NAME_ID, SOURCE_LANGUAGE } from '../src/shared/i18n/languages.ts';

/** The arguments a compiled message uses ({name}, {count, plural, …}), wherever they are nested. */
function argumentsOf(message: CompiledMessage | string): string[] {
  if (typeof message === 'string') return [];
  return message.flatMap((token) => {
    if (typeof token === 'string') return [];
    const [name, , choices] = token;
    const nested = choices && typeof choices === 'object' ? Object.values(choices).flatMap((choice) => (Array.isArray(choice) ? argumentsOf(choice) : [])) : [];
    return [name, ...nested];
  });
}

const source = readCatalogue(SOURCE_LANGUAGE);
const compiledSource = compileCatalogue(SOURCE_LANGUAGE, source);
const others = catalogueLanguages().filter((language) => language !== SOURCE_LANGUAGE);

describe('the message catalogues', () => {
  it('has English and German, each naming itself', () => {
    expect(catalogueLanguages()).toEqual(['de', 'en']);
    expect(source[LANGUAGE_NAME_ID]).toBe('English');
    expect(readCatalogue('de')[LANGUAGE_NAME_ID]).toBe('Deutsch');
  });

  it.each(others)('%s has every id English has, and no other', (language) => {
    const texts = readCatalogue(language);
    expect(Object.keys(texts).filter((id) => !(id in source)), 'ids English does not have').toEqual([]);
    expect(Object.keys(source).filter((id) => !(id in texts)), 'ids missing').toEqual([]);
  });

  it.each(others)("%s uses each message's arguments as English does, no fewer and no others", (language) => {
    const compiled: Messages = compileCatalogue(language, readCatalogue(language));
    for (const [id, message] of Object.entries(compiledSource)) {
      expect(new Set(argumentsOf(compiled[id] as CompiledMessage)), id).toEqual(new Set(argumentsOf(message as CompiledMessage)));
    }
  });

  it('refuses a message that does not parse, naming it', () => {
    expect(() => compileCatalogue('de', { 'nav.home': '{count, plural, one {# plate}' })).toThrow(/plate/);
  });

  it('words a count by the language’s plural rule', () => {
    const i18n = setupI18n();
    for (const language of ['en', 'de']) i18n.load(language, compileCatalogue(language, readCatalogue(language)));
    i18n.activate('en');
    expect([1, 3, 0].map((count) => i18n._('plates.count', { count }))).toEqual(['1 plate', '3 plates', '0 plates']);
    i18n.activate('de');
    expect([1, 3].map((count) => i18n._('plates.count', { count }))).toEqual(['1 Teller', '3 Teller']);
  });

  it('falls back to the English text for an id a catalogue lacks', () => {
    const i18n = setupI18n({ locale: 'de', messages: { de: compileCatalogue('de', { 'nav.home': 'Start' }) } });
    expect(i18n._('nav.home')).toBe('Start');
    expect(i18n._('nav.about')).toBe(source['nav.about']);
  });
});
