import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/free-port.ts';

/**
 * The real shop as a child process that can be killed (SIGKILL, no goodbye) and started again on
 * the same port and the same data: what the crash test needs and bench/lib/shop-process.ts
 * (start once, stop cleanly) does not offer.
 */
export class RestartableShop {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-soak-'));
  url = '';
  private port = 0;
  private child: ChildProcess | undefined;

  private readonly options: { databaseUrl?: string; env?: Record<string, string> };

  constructor(options: { databaseUrl?: string; env?: Record<string, string> } = {}) {
    this.options = options;
  }

  /** Starts the shop and answers how many milliseconds it took until GET /api/items answered 200. */
  async start(): Promise<number> {
    if (!this.port) this.port = await freePort();
    this.url = `http://127.0.0.1:${this.port}`;
    const started = Date.now();
    this.child = spawn(process.execPath, ['src/server/main.ts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PUBLIC_URL: this.url,
        ALLOW_SANDBOX_IN_PRODUCTION: 'true',
        // No mail server to reach here; the mail queue's own cost is not what these figures measure.
        MAIL_DISABLED: 'true',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'error',
        ...(this.options.databaseUrl ? { DATABASE_URL: this.options.databaseUrl } : {}),
        ...this.options.env,
      },
    });
    const child = this.child;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The shop exited with code ${child.exitCode} before it served`);
      try {
        if ((await fetch(`${this.url}/api/items`)).ok) return Date.now() - started;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 120_000) throw new Error('The shop did not start within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** SIGKILL: the process ends at once, whatever it was writing. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && !child.signalCode) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
