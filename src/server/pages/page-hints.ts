import fs from 'node:fs';
import path from 'node:path';
import { APP_ROUTES, matchesRoute } from '../../shared/paths.ts';

/**
 * modulepreload hints for the app's chunks and, on a public page, the page's chunk (from Vite's
 * manifest and the route table): without them the browser finds each chunk only when the one
 * importing it runs, a round trip per level before the page can show or hydrate.
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
export function pageHints(webDir: string): (pathname: string) => string {
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
  const appHints = links(chunkFiles(APP_MODULE));
  const cache = new Map<string, string>();
  for (const { page } of PUBLIC_PAGES) cache.set(page, links(chunkFiles(page, chunkFiles(APP_MODULE))));
  return (pathname) => {
    const route = PUBLIC_PAGES.find(({ pattern }) => matchesRoute(pattern, pathname));
    return route ? (cache.get(route.page) ?? appHints) : appHints;
  };
}
