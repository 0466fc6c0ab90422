import fs from 'node:fs';
import path from 'node:path';

/**
 * Preload hints for the first load of a public page, written into index.html by the server.
 * Without them the browser learns of a page's chunk only after the entry script has run: a
 * round trip more before the page can hydrate or show (docs/performance.md). The pictures of a
 * prerendered page are preloaded by the hints React writes with it (scripts/build.ts).
 *
 * The page modules are those of src/web/app/router.tsx for the public paths; the chunk names
 * come from Vite's manifest of the build.
 */
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
}

/** Answers the `<link>` tags for a path (empty when the build has no manifest or the path no page). */
export function pageHints(webDir: string): (pathname: string) => string {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const chunkFiles = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) chunkFiles(imported, seen);
    return seen;
  };
  const cache = new Map<string, string>();
  for (const [, source] of PAGE_MODULES) {
    cache.set(source, [...chunkFiles(source)].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join(''));
  }
  return (pathname) => {
    const match = PAGE_MODULES.find(([pattern]) => pattern.test(pathname));
    if (!match) return '';
    return cache.get(match[1]) ?? '';
  };
}
