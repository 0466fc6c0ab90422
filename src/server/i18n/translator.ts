import { setupI18n } from '@lingui/core';
import { compileCatalogue, type Translate } from '../../shared/i18n/catalogue.ts';
import { readCatalogue } from '../../shared/i18n/catalogue-files.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { SHOP_LANGUAGES } from './request-language.ts';

/** Each language's texts, compiled once when the server starts: a catalogue that does not parse stops it. */
const translators = new Map<Language, Translate>(
  SHOP_LANGUAGES.map((language) => {
    const i18n = setupI18n({ locale: language, messages: { [language]: compileCatalogue(language, readCatalogue(language)) } });
    return [language, (id, values) => i18n._(id, values)];
  }),
);

/** The server's words in a language the shop speaks (English for any other). */
export function translatorFor(language: Language): Translate {
  return translators.get(language) ?? translators.get(SOURCE_LANGUAGE)!;
}
