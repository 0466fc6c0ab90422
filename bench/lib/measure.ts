import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { onLoadCore, serverCommand } from './cpu-pinning.ts';

export interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
  /** Requests built per call, e.g. a different body each time. */
  setupRequest?: autocannon.Request['setupRequest'];
  /** Status codes that count as success besides 2xx (a 304 for a conditional GET). */
  expectStatus?: number;
}

/** Runs autocannon against one URL and keeps the figures the reports show. */
export async function measure(name: string, url: string, options: LoadOptions = {}): Promise<Figures> {
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 50,
    duration: options.seconds ?? Number(process.env.BENCH_SECONDS ?? 8),
    requests: options.setupRequest ? [{ setupRequest: options.setupRequest }] : undefined,
  });
  const unexpected = options.expectStatus
    ? Object.entries(result.statusCodeStats ?? {}).filter(([code]) => Number(code) !== options.expectStatus).reduce((n, [, s]) => n + (s?.count ?? 0), 0)
    : result.non2xx;
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: unexpected,
  };
}

/**
 * Measures a server beside its baseline. Both get the same unmeasured warm-up (1 s); then they take
 * one-second turns in cycles of baseline, measured, measured, baseline until each has had
 * `seconds` (rounded up to an even number), so that a change of the machine's speed (another
 * engineer's build, the host) weighs on both alike instead of on whichever ran second. Each row is
 * over all of its server's turns: requests per second over all of them (the turns are equally
 * long), the mean of their medians, the worst of their 99th percentiles, every failure. The
 * load generator runs on its own core when pinning (cpu-pinning.ts).
 */
export async function takeTurns(
  name: string,
  baselineUrl: string,
  measuredUrl: string,
  options: Omit<LoadOptions, 'seconds'> & { seconds: number; headersFor?: (url: string) => Record<string, string> },
): Promise<{ baseline: Figures; measured: Figures; cycleRatios: number[] }> {
  const run = (url: string, seconds = 1) => onLoadCore(() => measure(name, url, { ...options, headers: options.headersFor?.(url) ?? options.headers, seconds }));
  await run(baselineUrl);
  await run(measuredUrl);
  const baselineRuns: Figures[] = [];
  const measuredRuns: Figures[] = [];
  // Each cycle's own ratio: how far the row's ratio moves within it, which one figure hides.
  const cycleRatios: number[] = [];
  for (let cycle = 0; cycle < Math.max(1, Math.ceil(options.seconds / 2)); cycle++) {
    const before = await run(baselineUrl);
    const measured = [await run(measuredUrl), await run(measuredUrl)];
    const after = await run(baselineUrl);
    baselineRuns.push(before, after);
    measuredRuns.push(...measured);
    cycleRatios.push((measured[0]!.requestsPerSecond + measured[1]!.requestsPerSecond) / (before.requestsPerSecond + after.requestsPerSecond));
  }
  return { baseline: combine(`${name} (bare node:http)`, baselineRuns), measured: combine(name, measuredRuns), cycleRatios };
}

function combine(name: string, runs: Figures[]): Figures {
  return {
    name,
    requestsPerSecond: runs.reduce((sum, run) => sum + run.requestsPerSecond, 0) / runs.length,
    p50: Math.round((runs.reduce((sum, run) => sum + run.p50, 0) / runs.length) * 10) / 10,
    p99: Math.max(...runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  };
}

/** An answer as the shop sent it: status, headers in order (name, value), body. */
export interface BareAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/**
 * The shop's answer to the request autocannon sends (no Accept-Encoding: fetch would ask for gzip
 * and then unzip the body), with its headers in the shop's order, content-length included, so that
 * the bare server sends the same bytes. Only the headers Node sets per connection are left out.
 */
export function snapshotOf(url: string, headers: Record<string, string> = {}): Promise<BareAnswer> {
  const perConnection = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = response.rawHeaders;
          const kept: [string, string][] = [];
          for (let i = 0; i < raw.length; i += 2) if (!perConnection.has(raw[i]!.toLowerCase())) kept.push([raw[i]!, raw[i + 1]!]);
          resolve({ status: response.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

/**
 * The baseline: a bare node:http server, in its own process (bench/lib/bare-server.ts), that
 * answers every request with the bytes and headers the shop sent, so the ratio shows what the
 * shop's own work costs.
 */
export async function startBareServer(answer: BareAnswer): Promise<{ url: string; close(): Promise<void> }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bare-answer-')), 'answer.json');
  fs.writeFileSync(file, JSON.stringify({ status: answer.status, headers: answer.headers, body: answer.body.toString('base64') }));
  return startBareProcess(fileURLToPath(new URL('./bare-server.ts', import.meta.url)), file, 'the bare server');
}

/**
 * Runs a bare server script (pinned like the shop) on the answers recorded in `file`, waits for
 * the port it prints, and on close stops it and removes the file's folder.
 */
export async function startBareProcess(script: string, file: string, name: string): Promise<{ url: string; close(): Promise<void> }> {
  const command = serverCommand([script, file]);
  const child = spawn(command.command, command.args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`${name} exited with code ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

export function printTable(title: string, rows: (Figures & { ratio?: number; cycleRatios?: number[] })[]): void {
  console.log(`\n${title}`);
  console.log('| endpoint | req/s | p50 ms | p99 ms | errors | ratio to bare (lowest–highest turn cycle) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const range = row.cycleRatios?.length ? ` (${Math.min(...row.cycleRatios).toFixed(2)}–${Math.max(...row.cycleRatios).toFixed(2)})` : '';
    const ratio = row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}${range}`;
    console.log(`| ${row.name} | ${Math.round(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${row.errors + row.non2xx} | ${ratio} |`);
  }
}
