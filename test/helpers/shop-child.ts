import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openShopDb } from '../../bench/lib/shop-db.ts';
import { freePort } from '../../scripts/free-port.ts';
import { createPostgresDatabase } from './test-app.ts';

/**
 * The shop as a real child process (`node src/server/main.ts`, as `npm start` runs it), on a fresh
 * database of the suite's engine: a SQLite DATA_DIR, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set. Its whole output is kept (the log tests read it).
 */
export interface ShopStorage {
  dataDir: string;
  databaseUrl?: string;
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function shopStorage(): Promise<ShopStorage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-child-'));
  const dropDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (process.env.TEST_DATABASE_URL) {
    const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
    return { dataDir, databaseUrl: url, env: { DATA_DIR: dataDir, DATABASE_URL: url }, drop: async () => (await drop(), dropDir()) };
  }
  return { dataDir, env: { DATA_DIR: dataDir }, drop: async () => dropDir() };
}

/** The limits guard people, not a test that signs many up from one address. */
export const NO_RATE_LIMITS = {
  RATE_LIMIT_SIGN_IN: '1000000',
  RATE_LIMIT_SIGN_UP: '1000000',
  RATE_LIMIT_CAPTCHA: '1000000',
  RATE_LIMIT_TOKEN: '1000000',
};

export class ShopChild {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  output = '';
  readonly exited: Promise<number | null>;

  /** `env` over the test's defaults; a variable given as `null` is left unset (the shop's own default). */
  constructor(port: number, env: Record<string, string | null>) {
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    const merged: Record<string, string | null | undefined> = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', MAIL_DISABLED: 'true', HOST: '127.0.0.1', PORT: String(port), ...env };
    for (const [name, value] of Object.entries(merged)) if (value === null) delete merged[name];
    this.child = spawn(process.execPath, ['src/server/main.ts'], {
      env: merged as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  static async start(storage: ShopStorage, env: Record<string, string | null> = {}, port?: number): Promise<ShopChild> {
    const shop = new ShopChild(port ?? (await freePort()), { ...storage.env, ...env });
    const started = Date.now();
    for (;;) {
      if (shop.child.exitCode !== null) throw new Error(`the shop exited: ${shop.output}`);
      const ok = await fetch(`${shop.url}/readyz`).then((r) => r.ok, () => false);
      if (ok) return shop;
      if (Date.now() - started > 120_000) throw new Error(`the shop did not start: ${shop.output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Sends the signal; answers the exit code and how long the process took to exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; ms: number }> {
    const started = Date.now();
    if (this.child.exitCode === null) this.child.kill(signal);
    const code = await this.exited;
    return { code, ms: Date.now() - started };
  }
}

/** A customer of a shop process, through its HTTP API only, as the web app calls it. */
export class HttpCustomer {
  readonly email = `ops-${Math.random().toString(36).slice(2, 10)}@example.test`;
  readonly password = `Pw-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  id = '';
  token = '';
  cookie = '';
  private readonly url: string;

  constructor(url: string) {
    this.url = url;
  }

  async call(method: string, urlPath: string, body?: unknown): Promise<{ status: number; json: unknown; headers: Headers }> {
    const res = await fetch(`${this.url}${urlPath}`, {
      method,
      headers: {
        origin: this.url,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    return { status: res.status, json, headers: res.headers };
  }

  async signUp(): Promise<void> {
    const res = await fetch(`${this.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.url },
      body: JSON.stringify({ name: 'Ops Customer', email: this.email, password: this.password }),
    });
    if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
    this.id = ((await res.json()) as { user: { id: string } }).user.id;
    await this.takeSession(res);
  }

  /** Signs in through the captcha as the login page does (the answer read from the shop's database). */
  async signIn(storage: ShopStorage): Promise<void> {
    const captcha = await this.call('POST', '/api/captcha');
    if (captcha.status !== 201) throw new Error(`captcha: ${captcha.status}`);
    const id = (captcha.json as { id: string }).id;
    const db = await openShopDb({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl });
    const [row] = await db.all<{ answer: string }>('select answer from captchas where id = ?', [id]);
    await db.close();
    const res = await fetch(`${this.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.url },
      body: JSON.stringify({ email: this.email, password: this.password, captchaId: id, captchaAnswer: row!.answer }),
    });
    if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
    await this.takeSession(res);
  }

  private async takeSession(res: Response): Promise<void> {
    this.cookie = res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '').find((c) => c.includes('session_token')) ?? '';
    const jwt = await fetch(`${this.url}/api/jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.url, cookie: this.cookie },
      body: JSON.stringify({ email: this.email }),
    });
    if (jwt.status !== 200) throw new Error(`jwt: ${jwt.status} ${await jwt.text()}`);
    this.token = ((await jwt.json()) as { token: string }).token;
  }

  /** Puts one item in the cart and pays for the cart with the sandbox's good card: answers the intent. */
  async buyOne(itemId: string): Promise<{ intentId: string; clientSecret: string }> {
    const add = await this.call('POST', '/api/cart', { itemId });
    if (add.status !== 201) throw new Error(`add to cart: ${add.status} ${JSON.stringify(add.json)}`);
    const intent = await this.call('POST', '/api/create-payment-intent', { price: 0.01 });
    if (intent.status !== 200) throw new Error(`intent: ${intent.status} ${JSON.stringify(intent.json)}`);
    const { intentId, clientSecret } = intent.json as { intentId: string; clientSecret: string };
    const confirm = await this.call('POST', `/api/sandbox/payment-intents/${intentId}/confirm`, {
      clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' },
      billingDetails: { email: this.email, name: 'Ops Customer' },
    });
    if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${JSON.stringify(confirm.json)}`);
    const payment = await this.call('POST', '/api/payment', { transactionId: intentId });
    if (payment.status !== 200) throw new Error(`payment: ${payment.status} ${JSON.stringify(payment.json)}`);
    return { intentId, clientSecret };
  }
}

/** The first menu item's id. */
export async function someItemIds(url: string): Promise<string[]> {
  return ((await (await fetch(`${url}/api/items`)).json()) as Array<{ _id: string }>).map((item) => item._id);
}
