import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchCustomer } from './bench-customers.ts';
import { serverCommand } from './cpu-pinning.ts';
import { payAgainAndAgain } from './paying-customers.ts';
import { cpuSeconds, postgresCpuSeconds } from './process-cpu.ts';
import { captureShopPayment } from './shop-payment-capture.ts';

/**
 * The bare payment server (bare-payment-server.ts) under bench:api's paying customers: what a whole
 * payment costs this machine before the shop does anything (bench/payment-floor.ts prints its rows;
 * bench:api judges the shop against replayFloor).
 */
export const FLOOR_CUSTOMERS: BenchCustomer[] = Array.from({ length: 100 }, (_, i) => {
  // The bare server reads no header; a bearer token of the shop's length keeps the requests' size.
  const token = `floor.${'x'.repeat(400)}.${i}`;
  return { email: `floor-${i}@example.test`, token, cookie: '', headers: { authorization: `Bearer ${token}` } };
});

export interface FloorRow {
  name: string;
  paymentsPerSecond: number;
  /** The bare server's own CPU milliseconds a payment, and PostgreSQL's (when it was used). */
  serverCpuMs: number | undefined;
  postgresCpuMs: number | undefined;
  failed: number;
}

/** One row: the bare server started with `env` on the servers' core, paid at for `seconds`. */
export async function floorRow(name: string, env: Record<string, string>, seconds: number): Promise<FloorRow> {
  const { command, args } = serverCommand(['bench/lib/bare-payment-server.ts']);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout!.once('data', (data: Buffer) => resolve(String(data).trim()));
      child.once('exit', () => reject(new Error(`${name}: the bare server stopped`)));
    });
    const before = cpuSeconds(child.pid);
    const postgresBefore = postgresCpuSeconds();
    const { latencies, failures, elapsedSeconds } = await payAgainAndAgain(`http://127.0.0.1:${port}`, FLOOR_CUSTOMERS, ['floor'], seconds);
    const paid = latencies.get('whole payment')!.length - failures.get('whole payment')!;
    const perPayment = (cpu: number) => (paid > 0 ? (cpu * 1000) / paid : undefined);
    return {
      name,
      paymentsPerSecond: paid / elapsedSeconds,
      serverCpuMs: perPayment(cpuSeconds(child.pid) - before),
      postgresCpuMs: env.FLOOR_DATABASE_URL ? perPayment(postgresCpuSeconds() - postgresBefore) : undefined,
      failed: failures.get('whole payment')!,
    };
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * The shop's own statements of one whole payment, captured from the real shop on the PostgreSQL
 * of `url`, replayed by the bare server for each payment: one round trip each as the shop sends
 * them, then each request's statements sent together.
 */
export async function replayFloor(url: string, seconds: number): Promise<{ oneByOne: FloorRow; pipelined: FloorRow }> {
  const captured = await captureShopPayment(url, FLOOR_CUSTOMERS.length);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payment-replay-')), 'payment.json');
  try {
    fs.writeFileSync(file, JSON.stringify(captured));
    const count = captured.steps.reduce((n, step) => n + step.statements.length, 0);
    const env = { FLOOR_DATABASE_URL: url, FLOOR_REPLAY: file };
    return {
      oneByOne: await floorRow(`the shop's ${count} statements, one round trip each`, env, seconds),
      pipelined: await floorRow(`the shop's ${count} statements, each request's sent together`, { ...env, FLOOR_PIPELINE: '1' }, seconds),
    };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
