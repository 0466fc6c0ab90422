import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { WEB_APP_MANIFEST, WEB_APP_MANIFEST_FILE } from './src/web/app/web-app-manifest.ts';

// React Router 7 resolves to its development build by default (its package exports have no
// "production" condition; only its framework plugin swaps builds). In a production build we
// take its production build: about 9 KB less gzipped JavaScript on every page's first load
// (docs/product.md §15: under 100 KB, issue 24). See docs/performance.md.
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

/**
 * The web app runs on preact/compat, in the browser and in the server's renderer of the public
 * pages alike, so that hydration takes over markup of its own renderer: React's names resolve to
 * Preact's. react-dom alone was about 65 KB of the 114 KB of gzipped JavaScript a public page
 * loaded first; Preact is about 5 KB (issue 24's budget, under 100 KB; docs/decisions/0030-preact-compat.md).
 * TypeScript still checks the app against React's types, which compat follows.
 */
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [tailwindcss(), webAppManifest()],
  // JSX compiled to React's runtime names (tsconfig.json: "react-jsx"), which resolve to Preact's.
  // No fast refresh in the dev server (React's would not reach Preact): an edit reloads the page.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: {
    alias: [...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []), ...PREACT_ALIASES],
  },
  // The server's renderer bundles the libraries that import React (react-router, TanStack Query…)
  // instead of importing them from node_modules at run time, where they would find React itself.
  ssr: { noExternal: true },
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
        // Preact, TanStack Query and React Router in one chunk: every page loads all three, and
        // each chunk more is one more preload hint and module for the page's start to handle.
        codeSplitting: {
          groups: [{ name: 'framework', test: /node_modules[\\/](preact|@tanstack[\\/](query-core|react-query)|react-router)[\\/]/ }],
        },
      },
      onwarn(warning, warn) {
        // "use client" marks a boundary of React's server components, which the app does not use.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('"use client"')) return;
        // Only React Router's data router (RouterProvider, unused: app/router.tsx) reaches for
        // useOptimistic, which compat lacks, and it goes without it where it is missing.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('`useOptimistic`')) return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
}));
