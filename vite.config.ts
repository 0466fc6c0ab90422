import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { WEB_APP_MANIFEST, WEB_APP_MANIFEST_FILE } from './src/web/app/web-app-manifest.ts';
import { messageCatalogues } from './src/web/i18n/catalogue-plugin.ts';

// React Router 7 resolves to its development build by default (its package exports have no
// "production" condition; only its framework plugin swaps builds). In a production build we
// take its production build: about 9 KB less gzipped JavaScript on every page's first load
// (docs/product.md, the page budget). See docs/performance.md.
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

export default defineConfig(({ command }) => ({
  root: 'src/web',
  publicDir: 'public',
  // React's JSX and, in the dev server, Fast Refresh: an edit to a component keeps its state.
  plugins: [react(), tailwindcss(), webAppManifest(), messageCatalogues()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Written beside the build for debugging, not named in the scripts; the server serves them only outside production.
    sourcemap: 'hidden',
    reportCompressedSize: true,
    // Read by the server (src/server/pages/page-hints.ts) to preload each public page's chunk.
    manifest: true,
    modulePreload: {
      // The browser's entry (src/web/boot.ts) starts the app's preloads itself, one a task: each
      // fetch the browser starts costs its main thread time, and Vite's preloader would start
      // them all in the task that imports the app.
      resolveDependencies: (file, deps) => (/(^|\/)main-[\w-]+\.js$/.test(file) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        // React, TanStack Query and React Router in one chunk: every page loads all of them, and
        // each chunk more is one more preload hint and module for the page's start to handle.
        codeSplitting: {
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query)|react-router)[\\/]/ }],
        },
      },
      onwarn(warning, warn) {
        // "use client" marks a boundary of React's server components, which the app does not use.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
}));
