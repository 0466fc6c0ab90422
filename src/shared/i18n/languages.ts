/**
 * The shop's languages are the catalogue files in ./catalogues: adding `fr.json` adds French
 * (docs/i18n.md). English is the source: its catalogue holds the spec's exact wording, and every
 * other catalogue must have each of its ids (test/i18n-catalogues.test.ts).
 */
export const SOURCE_LANGUAGE = 'en';

/** A language's code, as its catalogue file is named ("de" for de.json). */
export type Language = string;

/** A visitor's choice in the header, read by the server to draw pages in that language. */
export const LANGUAGE_COOKIE = 'lang';

/** `?lang=de` on a page's address: the hreflang alternates point there, so a search engine finds each language. */
export const LANGUAGE_QUERY = 'lang';

/** The catalogue id that holds each language's own name ("Deutsch"), shown in the header's switch. */
export const LANGUAGE_NAME_ID = 'language.name';
