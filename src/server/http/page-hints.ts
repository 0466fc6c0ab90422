import fs from 'node:fs';
import path from 'node:path';

/**
 * Preload hints for the first load of a public page, written into index.html by the server.
 * Without them the browser learns of a page's chunk only after the entry script has run, and
 * of the home page's hero picture only after that chunk has run: a chain of round trips before
 * the largest paint (Lighthouse mobile: LCP 3 s, score under 95; docs/performance.md).
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

/** The home page's first hero picture (src/web/storefront/components/hero.tsx), its largest paint. */
const HOME_HERO =
  '<link rel="preload" as="image" fetchpriority="high" imagesrcset="/hero/garden-600.webp 600w, /hero/garden-1200.webp 1200w" imagesizes="(min-width: 1024px) 58vw, 100vw">';

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
    return (pathname === '/' ? HOME_HERO : '') + (cache.get(match[1]) ?? '');
  };
}
