import type { Messages } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import en from './catalogues/en.json' with { type: 'json' };
import { SOURCE_LANGUAGE, type Language } from './languages.ts';

/** Every message id, from the English catalogue: `t('nav.home')` is checked by the type checker. */
export type MessageId = keyof typeof en;

/** A language's texts: `t('nav.home')`, `t('plates.count', { count: 3 })`. */
export type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

/** Ids only the server reads (the mails, its error answers): left out of the browser's catalogues, so pages do not carry them. */
export const SERVER_ONLY_ID = /^(mail|error)\./;

/** The folder of the catalogue files, for the build's plugin and the server, which read it. */
export const CATALOGUE_DIR = new URL('./catalogues/', import.meta.url);

/**
 * ICU MessageFormat texts compiled to Lingui's form ahead of use: the browser gets them compiled
 * by the build (src/web/i18n/catalogue-plugin.ts), the server when it starts, so no page carries
 * the message parser. A message that does not parse stops the build and the server; an id a
 * catalogue lacks falls back to the English text.
 */
export function compileCatalogue(language: Language, texts: Record<string, string>): Messages {
  const withFallback = language === SOURCE_LANGUAGE ? texts : { ...en, ...texts };
  return Object.fromEntries(Object.entries(withFallback).map(([id, text]) => [id, compileMessageOrThrow(text)]));
}
