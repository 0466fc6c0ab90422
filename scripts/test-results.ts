/**
 * Counts the results that the test runs wrote under test-results/: Vitest's and Playwright's JSON
 * reports and the check steps (typecheck, lint, build) recorded by scripts/test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export const RESULTS_DIR = path.resolve('test-results');

export interface Counts {
  passed: number;
  failed: number;
}

function readJson(file: string): unknown {
  const full = path.join(RESULTS_DIR, file);
  return fs.existsSync(full) ? JSON.parse(fs.readFileSync(full, 'utf8')) : undefined;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  success: boolean;
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

interface PlaywrightSpec {
  title: string;
  file: string;
  line: number;
  ok: boolean;
  tests: { results: { status: string; error?: { message?: string } }[] }[];
}
interface PlaywrightSuite {
  specs?: PlaywrightSpec[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  errors?: { message?: string }[];
  config: { rootDir: string };
  suites: PlaywrightSuite[];
}

export function vitestCounts(file: string): Counts | undefined {
  const report = readJson(file) as VitestReport | undefined;
  if (!report) return undefined;
  // A file that fails to load has no tests but fails the run: count it as one failure.
  const failed = report.numFailedTests || (report.success ? 0 : 1);
  return { passed: report.numPassedTests, failed };
}

export function playwrightCounts(file: string): Counts | undefined {
  const report = readJson(file) as PlaywrightReport | undefined;
  if (!report) return undefined;
  const failed = report.stats.unexpected + (report.errors?.length ? 1 : 0);
  return { passed: report.stats.expected + report.stats.flaky, failed };
}

/** The first line of an error, short enough for a log line. */
function firstLine(message: string | undefined): string {
  const line = stripVTControlCharacters(message ?? '').trim().split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function vitestFailures(file: string): string[] {
  const report = readJson(file) as VitestReport | undefined;
  if (!report) return [`${file}: no report (the run did not finish)`];
  return report.testResults.flatMap((result) => {
    const name = path.relative(process.cwd(), result.name);
    const failedTests = result.assertionResults.filter((test) => test.status === 'failed');
    if (failedTests.length === 0 && result.status === 'failed') return [`${name}: ${firstLine(result.message)}`];
    return failedTests.map((test) => `${name} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
  });
}

function playwrightFailures(file: string): string[] {
  const report = readJson(file) as PlaywrightReport | undefined;
  if (!report) return [`${file}: no report (the run did not finish)`];
  const specs = (suite: PlaywrightSuite): PlaywrightSpec[] => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specs)];
  const failedSpecs = report.suites.flatMap(specs).filter((spec) => !spec.ok);
  return [
    ...failedSpecs.map((spec) => {
      const error = spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error;
      return `${path.relative(process.cwd(), path.join(report.config.rootDir, spec.file))}:${spec.line} > ${spec.title}: ${firstLine(error?.message)}`;
    }),
    ...(report.errors ?? []).map((error) => `${file}: ${firstLine(error.message)}`),
  ];
}

/** Names each test that failed, with the first line of its error, so that a log's end says what broke. */
export function printFailures(parts: { vitest?: string[]; playwright?: string[] }): void {
  const steps = stepCounts('steps.json');
  const lines = [
    ...(steps?.failed ? ['a check (type check, lint or build): its output is above'] : []),
    ...(parts.vitest ?? []).flatMap(vitestFailures),
    ...(parts.playwright ?? []).flatMap(playwrightFailures),
  ];
  if (lines.length === 0) return;
  console.log('\nFailed:');
  for (const line of lines) console.log(`  ✗ ${line}`);
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
  if (total.failed > 0) printFailures({ vitest: ['vitest.json', ...(includePg ? ['vitest-pg.json'] : [])], playwright: ['e2e.json'] });
  console.log(`${total.passed} passed, ${total.failed} failed`);
}
