/**
 * `npm run build`: builds the web app for the browser into dist/web (vite.config.ts), then the
 * same app for the server into dist/server-render: src/web/server-render.tsx, with which the
 * server renders the public pages to HTML (src/server/pages/web-app.ts,
 * docs/decisions/0011-server-rendered-public-pages.md). Between the two, the service worker
 * (scripts/build-service-worker.ts), which lists the web app's files.
 *
 * `--logLevel warn` (or any Vite log level) quiets the builds.
 */
import path from 'node:path';
import { build, type LogLevel } from 'vite';
import { buildServiceWorker } from './build-service-worker.ts';

const levelArg = process.argv.indexOf('--logLevel');
const logLevel = (levelArg >= 0 ? process.argv[levelArg + 1] : 'info') as LogLevel;

await build({ logLevel });
await buildServiceWorker(path.resolve('dist/web'), logLevel);
await build({
  logLevel,
  build: {
    ssr: path.resolve('src/web/server-render.tsx'),
    outDir: path.resolve('dist/server-render'),
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
    manifest: false,
  },
});
