import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/free-port.ts';
import { createPostgresDatabase } from './helpers/test-app.ts';

/**
 * The shop as a process, as `npm start` runs it: configuration checked at start, the demo menu
 * created on the first start only, the data kept across a restart, and a graceful stop.
 */
interface Running {
  url: string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

let storage: { env: Record<string, string>; drop: () => Promise<void> };

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
    storage = { env: { DATABASE_URL: url }, drop };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-process-'));
    storage = { env: { DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
});
afterAll(() => storage.drop());

function run(env: Record<string, string>): { exit: Promise<{ code: number | null; stderr: string }>; child: ReturnType<typeof spawn> } {
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
  return { exit, child };
}

async function startShop(): Promise<Running> {
  const port = await freePort();
  const { child, exit } = run({ ...storage.env, PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`the shop exited: ${(await exit).stderr}`);
    const ok = await fetch(`${url}/api/items`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: async (signal = 'SIGTERM') => {
      child.kill(signal);
      return (await exit).code;
    },
  };
}

describe('the shop process', () => {
  it('refuses to start with a bad configuration and lists every bad variable', async () => {
    const { exit } = run({ PORT: 'abc', DATABASE_URL: 'mysql://nope', LOG_LEVEL: 'loud' });
    const { code, stderr } = await exit;
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL']) expect(stderr).toContain(name);
  });

  // Two real starts of the shop (each migrates and builds its app): slow when the machine is busy.
  it('creates the demo menu on the first start, keeps the data over a restart and adds no second menu', { timeout: 120_000 }, async () => {
    const first = await startShop();
    const menu = (await (await fetch(`${first.url}/api/items`)).json()) as { _id: string }[];
    expect(menu.length).toBeGreaterThanOrEqual(60);
    expect(await first.stop('SIGTERM')).toBe(0); // graceful close answers 0

    const second = await startShop();
    const again = (await (await fetch(`${second.url}/api/items`)).json()) as { _id: string }[];
    expect(again.map((item) => item._id).sort()).toEqual(menu.map((item) => item._id).sort());
    const reviews = (await (await fetch(`${second.url}/api/review`)).json()) as unknown[];
    expect(reviews.length).toBeGreaterThan(0);
    expect(await second.stop('SIGINT')).toBe(0);
  });
});
