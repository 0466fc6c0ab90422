import fs from 'node:fs';
import path from 'node:path';

/**
 * Finds English left on a German page: the words of the English catalogue that the German one
 * never uses (so "Name", "Status" or "E-Mail", shared by both, never count), looked for in a
 * page's or a mail's text. Proper names (the shop's, a dish's, a person's) are passed in as allowed.
 */
const catalogues = path.join(import.meta.dirname, '..', 'src', 'shared', 'i18n', 'catalogues');

function wordsOf(text: string): string[] {
  return text.match(/[\p{L}][\p{L}'’-]*[\p{L}]/gu)?.map((word) => word.toLowerCase()) ?? [];
}

function catalogueWords(language: string): Set<string> {
  const messages = JSON.parse(fs.readFileSync(path.join(catalogues, `${language}.json`), 'utf8')) as Record<string, string>;
  return new Set(Object.values(messages).flatMap(wordsOf));
}

const german = catalogueWords('de');
const englishOnly = new Set([...catalogueWords('en')].filter((word) => !german.has(word)));

/** The English-only words in `text`, after taking out each of `properNames` (dish names, the shop's name, a customer's name). */
export function englishWordsIn(text: string, properNames: readonly string[] = []): string[] {
  let rest = text;
  // Longest first, so a short name never cuts a longer one that holds it.
  for (const name of [...properNames].sort((a, b) => b.length - a.length)) rest = rest.split(name).join(' ');
  return [...new Set(wordsOf(rest).filter((word) => englishOnly.has(word)))];
}
