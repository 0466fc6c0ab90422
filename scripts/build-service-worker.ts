/**
 * The service worker's build (src/web/service-worker.ts into dist/web/sw.js), run by
 * scripts/build.ts after the web app's build, whose files it lists for the worker to keep.
 *
 * Hashed files (dist/web/assets) are named by their content: kept without a revision. The others
 * (index.html, the icons, the manifest) get a hash of their bytes, so a new build replaces them.
 * Source maps, compressed copies and the pages' large pictures and videos are not kept up front
 * (the pictures are kept once seen).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, type LogLevel } from 'vite';

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

const KEPT_UP_FRONT = /\.(js|css|html|svg|png|webmanifest|woff2)$/;
const NOT_UP_FRONT = /^(hero|media)\//;

export function precacheEntries(webDir: string): PrecacheEntry[] {
  const entries: PrecacheEntry[] = [];
  for (const entry of fs.readdirSync(webDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(webDir, file).split(path.sep).join('/');
    if (!KEPT_UP_FRONT.test(relative) || NOT_UP_FRONT.test(relative) || relative === 'sw.js' || relative.startsWith('.vite/')) continue;
    const hashed = relative.startsWith('assets/');
    entries.push({ url: `/${relative}`, revision: hashed ? null : createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 16) });
  }
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

export async function buildServiceWorker(webDir: string, logLevel: LogLevel): Promise<void> {
  const entries = precacheEntries(webDir);
  await build({
    configFile: false,
    logLevel,
    define: {
      __PRECACHE_MANIFEST__: JSON.stringify(entries),
      // Workbox leaves out its development logging in a production build.
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    build: {
      outDir: webDir,
      emptyOutDir: false,
      copyPublicDir: false,
      sourcemap: false,
      minify: true,
      lib: { entry: path.resolve('src/web/service-worker.ts'), formats: ['iife'], name: 'serviceWorker', fileName: () => 'sw.js' },
    },
  });
}
