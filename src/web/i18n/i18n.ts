import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { languageNames, loaders, sourceCommon } from 'virtual:message-catalogues';
import { AREA_NAMES, type MessageArea } from '../../shared/i18n/areas.ts';
import type { Translate } from '../../shared/i18n/catalogue.ts';
import { LANGUAGE_COOKIE, SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';

/** Each language's own name by its code, for the header's switch. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = languageNames;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(languageNames, value);
}

async function messagesOf(language: Language, areas: readonly MessageArea[]): Promise<Messages> {
  const parts = await Promise.all(areas.map((area) => (language === SOURCE_LANGUAGE && area === 'common' ? sourceCommon : loaders[language]![area]!().then((module) => module.default))));
  return Object.assign({}, ...parts) as Messages;
}

/** The browser's one I18n (main.tsx), and the areas its pages have asked for so far. */
let appI18n: I18n | undefined;
const wantedAreas = new Set<MessageArea>(['common']);


/**
 * The browser's I18n with `language` active (English for one the shop does not have), holding the
 * frame's words (`common`); each page loads its own area (loadPageAreas). English's frame is in
 * the app's own chunk, so an English page starts at once; another language waits for its chunk.
 */
export function createI18n(language: string): I18n | Promise<I18n> {
  const i18n = setupI18n();
  appI18n = i18n;
  if (!isLanguage(language) || language === SOURCE_LANGUAGE) {
    i18n.loadAndActivate({ locale: SOURCE_LANGUAGE, messages: { ...sourceCommon } });
    return i18n;
  }
  return activate(i18n, language).then(() => i18n);
}

/** The server renderer's I18n: every area, since it draws every page (and several languages at once). */
export async function createCompleteI18n(language: Language): Promise<I18n> {
  const i18n = setupI18n();
  const locale = isLanguage(language) ? language : SOURCE_LANGUAGE;
  i18n.loadAndActivate({ locale, messages: await messagesOf(locale, AREA_NAMES) });
  return i18n;
}

/**
 * The words of a page's areas in the active language, loaded with the page's chunk
 * (app/router.tsx) so the page draws in its language from the first frame. Nothing to do on the
 * server, whose I18n has every area.
 */
export async function loadPageAreas(areas: readonly MessageArea[]): Promise<void> {
  const i18n = appI18n;
  if (!i18n) return;
  for (const area of areas) wantedAreas.add(area);
  const language = i18n.locale;
  await Promise.all(areas.map((area) => loadArea(i18n, language, area)));
  // The reader switched language meanwhile: the new one needs the areas too.
  if (i18n.locale !== language) await loadPageAreas(areas);
}

/** Each area of each language loaded once, however many pages ask for it at the same time. */
const loadedAreas = new Map<string, Promise<void>>();
function loadArea(i18n: I18n, language: Language, area: MessageArea): Promise<void> {
  const key = `${language}/${area}`;
  if (!loadedAreas.has(key)) loadedAreas.set(key, messagesOf(language, [area]).then((messages) => i18n.load(language, messages)));
  return loadedAreas.get(key)!;
}

/** Loads a language's catalogue (the areas asked for so far) and makes it the page's: every text drawn with `useT` follows. */
export async function activate(i18n: I18n, language: Language): Promise<void> {
  const areas = [...wantedAreas];
  i18n.loadAndActivate({ locale: language, messages: await messagesOf(language, areas) });
  for (const area of areas) loadedAreas.set(`${language}/${area}`, Promise.resolve());
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
