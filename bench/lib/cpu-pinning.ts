import { execFileSync } from 'node:child_process';
import os from 'node:os';

/**
 * CPU pinning for the side-by-side measurements of bench:api. On the development machine (2
 * cores) autocannon needs a whole core, and without pinning the scheduler moves the load
 * generator, the server and the server's helper threads (garbage collector, compiler) across both
 * cores as it likes, differently from one run to the next. Pinned, each server under test (the
 * shop and the bare node:http server alike, every thread of them) gets core 1 to itself and
 * autocannon gets core 0, so both servers are measured in the same conditions: one core each, all
 * of their work counted. BENCH_PIN=0 turns it off; it is off by itself without `taskset` or with
 * fewer than two cores.
 */
export const SERVER_CPU = 1;
const LOAD_CPU = 0;

/** This process's CPU mask as `taskset -p` prints it (hexadecimal), or undefined without taskset. */
function currentMask(): string | undefined {
  try {
    return /mask:\s*([0-9a-f,]+)/i.exec(execFileSync('taskset', ['-p', String(process.pid)], { encoding: 'utf8' }))?.[1];
  } catch {
    return undefined;
  }
}

const originalMask = currentMask();
const bothCores = originalMask !== undefined && (parseInt(originalMask.replaceAll(',', '').slice(-8), 16) & 0b11) === 0b11;
export const pinning: boolean = process.env.BENCH_PIN !== '0' && os.availableParallelism() >= 2 && bothCores;

/** The command that starts a server: under `taskset` on the servers' core when pinning. */
export function serverCommand(args: string[]): { command: string; args: string[] } {
  return pinning ? { command: 'taskset', args: ['-c', String(SERVER_CPU), process.execPath, ...args] } : { command: process.execPath, args };
}

/**
 * Runs `work` (autocannon, in this process) with every thread of this process on the load
 * generator's core, then gives the process all cores back (a PostgreSQL server started later by
 * this process must not inherit one core).
 */
export async function onLoadCore<T>(work: () => Promise<T>): Promise<T> {
  if (!pinning) return work();
  execFileSync('taskset', ['-a', '-pc', String(LOAD_CPU), String(process.pid)], { stdio: 'ignore' });
  try {
    return await work();
  } finally {
    execFileSync('taskset', ['-a', '-p', originalMask!, String(process.pid)], { stdio: 'ignore' });
  }
}
