import { defineConfig } from 'vitest/config';

/** Server and unit tests; browser tests are Playwright's (e2e/, see playwright.config.ts). */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
