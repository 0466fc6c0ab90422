import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/free-port.ts';
import { serverCommand } from './cpu-pinning.ts';

export interface ShopProcess {
  url: string;
  dataDir: string;
  /** The server process's id (its memory is read from /proc by bench:stats). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Starts the real shop (`node src/server/main.ts`) on a free port with a fresh data folder, or on
 * the PostgreSQL database of `databaseUrl`, and waits until it serves the menu.
 */
export async function startShop(
  options: {
    databaseUrl?: string;
    env?: Record<string, string>;
    /** Kept after stop (a bench that restarts the shop on its data). */
    dataDir?: string;
    /**
     * At the lowest CPU priority (`nice -n 19`): bench:web measures the browser's main thread,
     * and the shop serving it must not take the browser's core while it works.
     */
    lowPriority?: boolean;
    /** On the servers' core when bench:api pins (bench/lib/cpu-pinning.ts). */
    pinned?: boolean;
    /**
     * `warn` by default, as a busy shop runs; `null` leaves LOG_LEVEL unset, so the shop runs at
     * its own default, as the README starts it for production.
     */
    logLevel?: string | null;
    /** Node's own options before the script (`--cpu-prof`: bench/profile-reads.ts). */
    nodeArgs?: string[];
  } = {},
): Promise<ShopProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const script = [...(options.nodeArgs ?? []), 'src/server/main.ts'];
  let command = options.pinned ? serverCommand(script) : { command: process.execPath, args: script };
  if (options.lowPriority) command = { command: 'nice', args: ['-n', '19', command.command, ...command.args] };
  const inherited = { ...process.env };
  delete inherited.LOG_LEVEL;
  const logLevel = options.logLevel === undefined ? 'warn' : options.logLevel;
  const child: ChildProcess = spawn(command.command, command.args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...inherited,
      NODE_ENV: 'production',
      // The bench talks plain HTTP on the loopback; the production-only HSTS upgrade is irrelevant.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Measured in production mode, paying through the sandbox (no card provider to reach).
      ALLOW_SANDBOX_IN_PRODUCTION: 'true',
      // No mail server to reach here; the mail queue's own cost is not what these figures measure.
      MAIL_DISABLED: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(logLevel === null ? {} : { LOG_LEVEL: logLevel }),
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The shop exited with code ${child.exitCode} before it served`);
    try {
      if ((await fetch(`${url}/api/items`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The shop did not start within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
