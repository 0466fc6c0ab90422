import fs from 'node:fs';
import path from 'node:path';
import { areasOfPage } from '../../shared/i18n/areas.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import { APP_ROUTES, matchesRoute } from '../../shared/paths.ts';

/**
 * modulepreload hints for the app's chunks and, on a public page, the page's chunk (from Vite's
 * manifest and the route table): without them the browser finds each chunk only when the one
 * importing it runs, a round trip per level before the page can show or hydrate. The page's
 * words come with it: its message areas in the page's language, and the frame's in another
 * language than English (English's frame is in the app's chunk).
 */
const APP_MODULE = 'main.tsx';
const PUBLIC_PAGES = Object.values(APP_ROUTES).filter((route) => route.layout === 'public');

interface ManifestChunk {
  file: string;
  imports?: string[];
  /** The entry of index.html: in the page already. */
  isEntry?: boolean;
}

/** Empty hints when the build has no manifest. */
export function pageHints(webDir: string): (pathname: string, language?: Language) => string {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const chunkFiles = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) chunkFiles(imported, seen);
    return seen;
  };
  const links = (files: Set<string>) => [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  /** The build's chunk of one area of one language (src/web/i18n/catalogue-plugin.ts). */
  const areaChunks = (language: Language, areas: readonly string[]) =>
    areas.flatMap((area) => [...chunkFiles(`../../virtual:message-catalogue/${language}/${area}`)]);
  const cache = new Map<string, string>();
  return (pathname, language = SOURCE_LANGUAGE) => {
    const page = PUBLIC_PAGES.find(({ pattern }) => matchesRoute(pattern, pathname))?.page;
    const key = `${language}:${page}`;
    if (!cache.has(key)) {
      const pageAreas = page ? areasOfPage(page) : [];
      const areas = language === SOURCE_LANGUAGE ? pageAreas : ['common', ...pageAreas];
      cache.set(key, links(new Set([...(page ? chunkFiles(page, chunkFiles(APP_MODULE)) : chunkFiles(APP_MODULE)), ...areaChunks(language, areas)])));
    }
    return cache.get(key)!;
  };
}
