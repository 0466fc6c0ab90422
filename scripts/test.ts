/**
 * `npm test`: everything, on a fresh machine. Type check, lint, the server tests (Vitest, real
 * SQLite files), the build and the browser tests (Playwright, Debian's Chromium). Every part runs
 * even when an earlier one fails; the exit code and the last line tell the outcome.
 * With TEST_DATABASE_URL set, the server tests run against that PostgreSQL server instead.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.ts';
import { playwrightCounts, printFailures, RESULTS_DIR, sum, vitestCounts } from './test-results.ts';

fs.rmSync(RESULTS_DIR, { recursive: true, force: true });
fs.mkdirSync(RESULTS_DIR, { recursive: true });
ensureChromium();

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

const steps = { passed: 0, failed: 0 };
for (const [title, command, args] of [
  ['Type check', 'tsc', ['--noEmit']],
  ['Lint', 'eslint', ['.']],
] as const) {
  if (run(title, command, [...args])) steps.passed++;
  else steps.failed++;
}

run('Server tests', 'vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(RESULTS_DIR, 'vitest.json')}`]);

if (run('Build', 'node', ['scripts/build.ts', '--logLevel', 'warn'])) {
  steps.passed++;
  run('Browser tests', 'node', ['scripts/e2e.ts'], { E2E_SKIP_BUILD: '1' });
} else {
  steps.failed++;
}
fs.writeFileSync(path.join(RESULTS_DIR, 'steps.json'), JSON.stringify(steps));

const total = sum(steps, vitestCounts('vitest.json') ?? { passed: 0, failed: 1 }, playwrightCounts('e2e.json') ?? { passed: 0, failed: 1 });
if (total.failed > 0) printFailures({ vitest: ['vitest.json'], playwright: ['e2e.json'] });
console.log(`\n${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed === 0 ? 0 : 1);
