/**
 * Counts the results that the test runs wrote under test-results/: Vitest's and Playwright's JSON
 * reports and the check steps (typecheck, lint, build) recorded by scripts/test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';

export const RESULTS_DIR = path.resolve('test-results');

export interface Counts {
  passed: number;
  failed: number;
}

function readJson(file: string): unknown {
  const full = path.join(RESULTS_DIR, file);
  return fs.existsSync(full) ? JSON.parse(fs.readFileSync(full, 'utf8')) : undefined;
}

export function vitestCounts(file: string): Counts | undefined {
  const report = readJson(file) as { numPassedTests: number; numFailedTests: number; numTotalTests: number; success: boolean } | undefined;
  if (!report) return undefined;
  // A file that fails to load has no tests but fails the run: count it as one failure.
  const failed = report.numFailedTests || (report.success ? 0 : 1);
  return { passed: report.numPassedTests, failed };
}

export function playwrightCounts(file: string): Counts | undefined {
  const report = readJson(file) as { stats: { expected: number; unexpected: number; flaky: number }; errors?: unknown[] } | undefined;
  if (!report) return undefined;
  const failed = report.stats.unexpected + (report.errors?.length ? 1 : 0);
  return { passed: report.stats.expected + report.stats.flaky, failed };
}

export function stepCounts(file: string): Counts | undefined {
  return readJson(file) as Counts | undefined;
}

export function sum(...parts: (Counts | undefined)[]): Counts {
  return parts.reduce<Counts>(
    (total, part) => ({ passed: total.passed + (part?.passed ?? 0), failed: total.failed + (part?.failed ?? 0) }),
    { passed: 0, failed: 0 },
  );
}

// `node scripts/test-results.ts [pg]`: prints the final line of a run (used by .ci/run).
if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const includePg = process.argv.includes('pg');
  const total = sum(
    stepCounts('steps.json'),
    vitestCounts('vitest.json'),
    playwrightCounts('e2e.json'),
    includePg ? (vitestCounts('vitest-pg.json') ?? { passed: 0, failed: 1 }) : undefined,
  );
  console.log(`${total.passed} passed, ${total.failed} failed`);
}
