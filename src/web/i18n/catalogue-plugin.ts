import type { Plugin } from 'vite';
import { compileCatalogue, SERVER_ONLY_ID } from '../../shared/i18n/catalogue.ts';
import { catalogueFile, catalogueLanguages, readCatalogue } from '../../shared/i18n/catalogue-files.ts';
import { LANGUAGE_NAME_ID, SOURCE_LANGUAGE } from '../../shared/i18n/languages.ts';

const ALL = 'virtual:message-catalogues';
const ONE = 'virtual:message-catalogue/';

/**
 * The build's catalogues (Vite's virtual modules): `virtual:message-catalogues` names every
 * language and holds English compiled; each other language is a chunk of its own, loaded when a
 * reader chooses it. Compiled here, so the browser never parses a message.
 */
export function messageCatalogues(): Plugin {
  return {
    name: 'message-catalogues',
    resolveId(id) {
      return id === ALL || id.startsWith(ONE) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${ALL}`) {
        const languages = catalogueLanguages();
        // A catalogue edited while the dev server runs is compiled again.
        for (const language of languages) this.addWatchFile(catalogueFile(language));
        const names = Object.fromEntries(languages.map((language) => [language, readCatalogue(language)[LANGUAGE_NAME_ID] ?? language]));
        const loaders = languages.filter((language) => language !== SOURCE_LANGUAGE).map((language) => `${JSON.stringify(language)}: () => import(${JSON.stringify(ONE + language)})`);
        return [
          `import source from ${JSON.stringify(ONE + SOURCE_LANGUAGE)};`,
          `export const sourceMessages = source;`,
          `export const languageNames = ${JSON.stringify(names)};`,
          `export const loaders = { ${loaders.join(', ')} };`,
        ].join('\n');
      }
      if (id.startsWith(`\0${ONE}`)) {
        const language = id.slice(`\0${ONE}`.length);
        this.addWatchFile(catalogueFile(language));
        const compiled = Object.entries(compileCatalogue(language, readCatalogue(language))).filter(([messageId]) => !SERVER_ONLY_ID.test(messageId));
        return `export default ${JSON.stringify(Object.fromEntries(compiled))};`;
      }
      return undefined;
    },
  };
}
