import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CATALOGUE_DIR } from './catalogue.ts';
import type { Language } from './languages.ts';

/** Read from the folder by the build and the server (never in a browser): each file is a language. */
export function catalogueLanguages(): Language[] {
  return fs
    .readdirSync(CATALOGUE_DIR)
    .filter((file) => /^[a-z]{2,3}(-[A-Z]{2})?\.json$/.test(file))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

export function catalogueFile(language: Language): string {
  return fileURLToPath(new URL(`${language}.json`, CATALOGUE_DIR));
}

export function readCatalogue(language: Language): Record<string, string> {
  return JSON.parse(fs.readFileSync(catalogueFile(language), 'utf8')) as Record<string, string>;
}
