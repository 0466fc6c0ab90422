import fs from 'node:fs';
import path from 'node:path';
import { APP_ROUTES, matchesRoute } from '../../shared/paths.ts';

/**
 * Script hints for the first load of a page, written into index.html by the server: the app's
 * chunks (main.tsx, which the entry boot.ts imports) and, on a public page, the page's chunk.
 * Without them the browser learns of them only as each script runs: a round trip more for each
 * before the page can show or hydrate (docs/performance.md). On a server-rendered page they wait
 * in a template until the page has loaded (src/web/boot.ts). The pictures of a rendered page are
 * preloaded by the hints React writes with it.
 *
 * The page of a path is the one the route table names (src/shared/paths.ts), for the public pages;
 * the chunk names come from Vite's manifest of the build.
 */
const APP_MODULE = 'main.tsx';
const PUBLIC_PAGES = Object.values(APP_ROUTES).filter((route) => route.layout === 'public');

interface ManifestChunk {
  file: string;
  imports?: string[];
  /** The entry of index.html: in the page already. */
  isEntry?: boolean;
}

/** Answers the `<link>` tags for a path (empty when the build has no manifest or the path no page). */
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
