import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import { catalogueLanguages } from '../../shared/i18n/catalogue-files.ts';
import { LANGUAGE_COOKIE, LANGUAGE_QUERY, SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';

/** The shop's languages: its catalogue files, read once. */
export const SHOP_LANGUAGES: readonly Language[] = catalogueLanguages();

// English first: a browser that takes any language (`*`) gets the source.
const negotiator = new Negotiator({ supportedValues: [SOURCE_LANGUAGE, ...SHOP_LANGUAGES.filter((language) => language !== SOURCE_LANGUAGE)] });
const languageCookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

function shopLanguage(value: unknown): Language | undefined {
  return typeof value === 'string' && SHOP_LANGUAGES.includes(value) ? value : undefined;
}

/**
 * The language a request is answered in: `?lang=` (the hreflang alternates' addresses), then the
 * reader's choice in the header (its cookie), then the browser's Accept-Language, then English.
 * "de-AT" asks for German: regions are dropped before matching the shop's languages.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const query = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY];
  return shopLanguage(query) ?? headersLanguage(request.headers.cookie, request.headers['accept-language']);
}

/** The same without the address: the header's choice (its cookie), else Accept-Language, else English. */
export function headersLanguage(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  const cookie = languageCookie.exec(cookieHeader ?? '')?.[1];
  const accepted = acceptLanguage?.replace(/-[A-Za-z0-9-]+/g, '');
  return shopLanguage(cookie) ?? shopLanguage(accepted && negotiator.negotiate(accepted)) ?? SOURCE_LANGUAGE;
}

/** The cookie of a reader's language, kept a year (the header's switch sets the same in the browser). */
export function languageCookieOf(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}
