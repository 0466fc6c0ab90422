/**
 * `npm run test:e2e [-- playwright args]`: builds the web app, then runs the Playwright suite
 * against the real server on a free port with a fresh data folder (removed afterwards).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.ts';
import { freePort } from './free-port.ts';

ensureChromium();
if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('node', ['scripts/build.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
const port = await freePort();
const result = spawnSync('playwright', ['test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
});
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
