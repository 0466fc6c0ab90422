import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { languageNames, loaders, sourceMessages } from 'virtual:message-catalogues';
import type { Translate } from '../../shared/i18n/catalogue.ts';
import { LANGUAGE_COOKIE, SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';

/** Each language's own name by its code, for the header's switch. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = languageNames;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(languageNames, value);
}

async function messagesOf(language: Language): Promise<Messages> {
  return language === SOURCE_LANGUAGE ? sourceMessages : (await loaders[language]!()).default;
}

/**
 * An I18n with `language` active (English for one the shop does not have). English is in the
 * app's own chunk, so an English page starts at once, as before the catalogues; another language
 * waits for its chunk.
 */
export function createI18n(language: string): I18n | Promise<I18n> {
  const i18n = setupI18n();
  if (!isLanguage(language) || language === SOURCE_LANGUAGE) {
    i18n.loadAndActivate({ locale: SOURCE_LANGUAGE, messages: sourceMessages });
    return i18n;
  }
  return activate(i18n, language).then(() => i18n);
}

/** Loads a language's catalogue and makes it the page's: every text drawn with `useT` follows. */
export async function activate(i18n: I18n, language: Language): Promise<void> {
  i18n.loadAndActivate({ locale: language, messages: await messagesOf(language) });
}

/** The reader's choice: this page's texts now, and the pages the server draws from now on. */
export async function chooseLanguage(i18n: I18n, language: Language): Promise<void> {
  await activate(i18n, language);
  document.documentElement.lang = language;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}

/** The active language's texts: `t('nav.home')`. A component using it draws again when the language changes. */
export function useT(): Translate {
  return useLingui()._ as Translate;
}

/** The active language's code, for `Intl` ("de"). */
export function useLanguage(): Language {
  return useLingui().i18n.locale;
}
