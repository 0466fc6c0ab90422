import { defineConfig } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium against the built app, served by the real server on a free
 * port with a fresh data folder. `npm run test:e2e` (scripts/e2e.ts) picks both and builds first.
 */
const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  // Its own folder: Playwright empties outputDir at start, and test-results/ holds the other reports.
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  projects: [
    { name: 'shop', testIgnore: /(restaurant-settings|promotions|kitchen-printer|reviews-admin|orders-later)\.spec\.ts$/ },
    // Sets up a kitchen printer, which adds "Print again" to every card other board tests count buttons on;
    // before the settings' test, whose pause would fail its order.
    { name: 'kitchen-printer', testMatch: /kitchen-printer\.spec\.ts$/, dependencies: ['shop'] },
    // Hides a demo review for a moment, which a test counting the public reviews would see.
    { name: 'reviews-admin', testMatch: /reviews-admin\.spec\.ts$/, dependencies: ['shop'] },
    // An order waits in the board's Later lane for a while, which a keyboard test tabbing through
    // the board would meet.
    { name: 'orders-later', testMatch: /orders-later\.spec\.ts$/, dependencies: ['shop'] },
    // Pauses orders and closes the restaurant, which would fail any payment running beside it: it
    // runs after every other browser test (and, as Playwright does with a dependency, not at all
    // when one of them failed).
    // The promo codes' tests set tax rates and tips for the whole shop: they run here too, after
    // the others, and one at a time (workers: 1), so no settings test pauses orders beside a payment.
    { name: 'restaurant-settings', testMatch: /(restaurant-settings|promotions)\.spec\.ts$/, dependencies: ['kitchen-printer', 'orders-later'], workers: 1 },
  ],
  use: {
    baseURL,
    // The English suite reads the shop's English whatever the machine's own language; a German
    // reader's tests set their own (e2e/languages.spec.ts).
    locale: 'en-GB',
    // The shop's service worker answers the page's requests once installed, which would hide them
    // from page.route and keep files between tests: off, except in the offline app's tests
    // (e2e/app-offline.spec.ts), which turn it on.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The machines have no internet: without these, Chromium's background calls fail noisily.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node src/server/main.ts',
    url: `${baseURL}/api/items`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? `.test-data/e2e-${port}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Every browser test comes from 127.0.0.1: the per-address limits would make the suite's
      // sign-ups trip each other. The limits themselves are proven by the server tests.
      RATE_LIMIT_SIGN_IN: '10000',
      RATE_LIMIT_SIGN_UP: '10000',
      RATE_LIMIT_CAPTCHA: '10000',
      RATE_LIMIT_TOKEN: '10000',
      RATE_LIMIT_MAIL: '10000',
      // The same for the event streams' caps per address (the server tests prove them): two
      // workers' pages, each following the menu and the orders, all from one address.
      MENU_STREAMS_PER_ADDRESS: '400',
      ORDER_STREAMS_PER_ADDRESS: '400',
      ...(process.env.E2E_SERVER_ENV ? JSON.parse(process.env.E2E_SERVER_ENV) : {}),
    },
  },
});
