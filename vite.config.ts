import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// React Router 7 resolves to its development build by default (its package exports have no
// "production" condition; only its framework plugin swaps builds). In a production build we
// take its production build: about 9 KB less gzipped JavaScript on every page's first load
// (DESIGN.md section 6: 120 KB budget). See docs/performance.md.
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/'));

export default defineConfig(({ command }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Written beside the build for debugging, not named in the scripts; the server serves them only outside production.
    sourcemap: 'hidden',
    reportCompressedSize: true,
    // Read by the server (src/server/http/page-hints.ts) to preload each public page's chunk.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
}));
