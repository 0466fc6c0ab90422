import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { WEB_APP_MANIFEST, WEB_APP_MANIFEST_FILE } from './src/web/app/web-app-manifest.ts';

// React Router 7 resolves to its development build by default (its package exports have no
// "production" condition; only its framework plugin swaps builds). In a production build we
// take its production build: about 9 KB less gzipped JavaScript on every page's first load
// (docs/product.md §15: 120 KB budget). See docs/performance.md.
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/'));

/** Writes the web app manifest into the browser's build (not the server renderer's). */
function webAppManifest(): Plugin {
  return {
    name: 'web-app-manifest',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: WEB_APP_MANIFEST_FILE, source: JSON.stringify(WEB_APP_MANIFEST, null, 2) });
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), webAppManifest()],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction },
            ...(process.env.PREACT === '1' && !isSsrBuild
              ? [
                  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
                  { find: /^react-dom$/, replacement: 'preact/compat' },
                  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
                  { find: /^react$/, replacement: 'preact/compat' },
                ]
              : []),
          ]
        : [],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Written beside the build for debugging, not named in the scripts; the server serves them only outside production.
    sourcemap: 'hidden',
    reportCompressedSize: true,
    // Read by the server (src/server/pages/page-hints.ts) to preload each public page's chunk.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
}));
