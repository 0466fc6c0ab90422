import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { messageCatalogues } from './src/web/i18n/catalogue-plugin.ts';

/** Server and unit tests; browser tests are Playwright's (e2e/, see playwright.config.ts). */
export default defineConfig({
  // The web app's modules read their catalogues as the build gives them (src/web/i18n/catalogue-plugin.ts).
  plugins: [messageCatalogues()],
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Vitest's default leaves a core to itself (one file at a time on two cores); it mostly waits.
    maxWorkers: availableParallelism(),
    // A worker loads the server's modules once for all its files; each file builds its own app
    // and database (docs/decisions/0045-server-test-files-share-their-workers.md).
    isolate: false,
    // Makes the migrated and the seeded database once per run; each file copies one (test/helpers/test-app.ts).
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    // What a test polls for (a mail, a stream's frame) may take seconds on two busy cores.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
  },
});
