import fs from 'node:fs';
import path from 'node:path';

/**
 * Script hints for the first load of a page, written into index.html by the server: the app's
 * chunks (main.tsx, which the entry boot.ts imports) and, on a public page, the page's chunk.
 * Without them the browser learns of them only as each script runs: a round trip more for each
 * before the page can show or hydrate (docs/performance.md). On a server-rendered page they wait
 * in a template until the page has loaded (src/web/boot.ts). The pictures of a rendered page are
 * preloaded by the hints React writes with it.
 *
 * The page modules are those of src/web/app/router.tsx for the public paths; the chunk names
 * come from Vite's manifest of the build.
 */
const APP_MODULE = 'main.tsx';
const PAGE_MODULES: [RegExp, string][] = [
  [/^\/$/, 'storefront/pages/home-page.tsx'],
  [/^\/items$/, 'storefront/pages/items-page.tsx'],
  [/^\/order(\/[^/]+)?$/, 'storefront/pages/order-page.tsx'],
  [/^\/about$/, 'storefront/pages/about-page.tsx'],
  [/^\/detail_about$/, 'storefront/pages/detail-about-page.tsx'],
  [/^\/review$/, 'storefront/pages/review-page.tsx'],
  [/^\/play-store$/, 'storefront/pages/play-store-page.tsx'],
  [/^\/login$/, 'auth/pages/login-page.tsx'],
  [/^\/signUp$/, 'auth/pages/sign-up-page.tsx'],
];

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
  for (const [, source] of PAGE_MODULES) cache.set(source, links(chunkFiles(source, chunkFiles(APP_MODULE))));
  return (pathname) => {
    const match = PAGE_MODULES.find(([pattern]) => pattern.test(pathname));
    return match ? (cache.get(match[1]) ?? appHints) : appHints;
  };
}
