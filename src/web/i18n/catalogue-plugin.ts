import type { Plugin } from 'vite';
import { AREA_NAMES, messagesOfArea } from '../../shared/i18n/areas.ts';
import { compileCatalogue } from '../../shared/i18n/catalogue.ts';
import { catalogueFile, catalogueLanguages, readCatalogue } from '../../shared/i18n/catalogue-files.ts';
import { LANGUAGE_NAME_ID, SOURCE_LANGUAGE } from '../../shared/i18n/languages.ts';

const ALL = 'virtual:message-catalogues';
const ONE = 'virtual:message-catalogue/';

/**
 * The build's catalogues (Vite's virtual modules), cut by area (src/shared/i18n/areas.ts):
 * `virtual:message-catalogues` names every language and holds English's `common` compiled, so an
 * English page starts at once; every other area of every language is a chunk of its own
 * (`virtual:message-catalogue/de/menu`), loaded with the page that needs it or when a reader
 * chooses the language. Compiled here, so the browser never parses a message. The server's own
 * messages (`mail.…`, SERVER_ONLY_ID) belong to no area, so no chunk carries them.
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
        const loaders = languages.map((language) => {
          const areas = AREA_NAMES.filter((area) => language !== SOURCE_LANGUAGE || area !== 'common');
          const imports = areas.map((area) => `${JSON.stringify(area)}: () => import(${JSON.stringify(`${ONE}${language}/${area}`)})`);
          return `${JSON.stringify(language)}: { ${imports.join(', ')} }`;
        });
        return [
          `import sourceCommon from ${JSON.stringify(`${ONE}${SOURCE_LANGUAGE}/common`)};`,
          `export { sourceCommon };`,
          `export const languageNames = ${JSON.stringify(names)};`,
          `export const loaders = { ${loaders.join(', ')} };`,
        ].join('\n');
      }
      if (id.startsWith(`\0${ONE}`)) {
        const [language, area] = id.slice(`\0${ONE}`.length).split('/') as [string, (typeof AREA_NAMES)[number]];
        this.addWatchFile(catalogueFile(language));
        return `export default ${JSON.stringify(messagesOfArea(compileCatalogue(language, readCatalogue(language)), area))};`;
      }
      return undefined;
    },
  };
}
