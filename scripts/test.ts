/**
 * `npm test`: everything, on a fresh machine. Type check, lint, the server tests (Vitest, real
 * SQLite files), the build and the browser tests (Playwright, Debian's Chromium). Every part runs
 * even when an earlier one fails; the exit code and the last line tell the outcome.
 * With TEST_DATABASE_URL set, the server tests run against that PostgreSQL server instead.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.ts';
import { playwrightCounts, printFailures, RESULTS_DIR, sum, vitestCounts } from './test-results.ts';

const startedAll = Date.now();
fs.rmSync(RESULTS_DIR, { recursive: true, force: true });
fs.mkdirSync(RESULTS_DIR, { recursive: true });
ensureChromium();

/** How long a part took, for the log: README.md states these times. */
function seconds(started: number): string {
  return `${Math.round((Date.now() - started) / 1000)} s`;
}

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`◀ ${title}: ${seconds(started)}`);
  return result.status === 0;
}

/** Runs a command with its output held, printed under its title once it has ended. */
function runHeld(title: string, command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      console.log(`\n▶ ${title}`);
      process.stdout.write(Buffer.concat(output));
      console.log(`◀ ${title}: ${seconds(started)}`);
      resolve(code === 0);
    });
  });
}

const steps = { passed: 0, failed: 0 };
// Each is one process on one core: on two cores they take the time of the longer one.
// The API reference's linters (Spectral, Redocly) share the wait: a few seconds each.
for (const ok of await Promise.all([runHeld('Type check', 'tsc', ['--noEmit']), runHeld('Lint', 'eslint', ['.']), runHeld('API reference lint', 'node', ['scripts/lint-api.ts'])])) {
  if (ok) steps.passed++;
  else steps.failed++;
}

run('Server tests', 'vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(RESULTS_DIR, 'vitest.json')}`]);

if (run('Build', 'node', ['scripts/build.ts', '--logLevel', 'warn'])) {
  steps.passed++;
  // The public pages' JavaScript budget (docs/product.md §15): a shared module that pulls a library into every page fails here.
  if (run('First-load JavaScript', 'node', ['scripts/first-load-js.ts'])) steps.passed++;
  else steps.failed++;
  run('Browser tests', 'node', ['scripts/e2e.ts'], { E2E_SKIP_BUILD: '1' });
} else {
  steps.failed++;
}
fs.writeFileSync(path.join(RESULTS_DIR, 'steps.json'), JSON.stringify(steps));

const total = sum(steps, vitestCounts('vitest.json') ?? { passed: 0, failed: 1 }, playwrightCounts('e2e.json') ?? { passed: 0, failed: 1 });
if (total.failed > 0) printFailures({ vitest: ['vitest.json'], playwright: ['e2e.json'] });
console.log(`\nAll parts: ${seconds(startedAll)}`);
console.log(`\n${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed === 0 ? 0 : 1);
