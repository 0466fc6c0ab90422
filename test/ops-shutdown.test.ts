import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpCustomer, ShopChild, shopStorage, type ShopStorage } from './helpers/shop-child.ts';

/**
 * The graceful stop of a real shop process (src/server/ops/shutdown.ts): on SIGTERM the request in
 * flight finishes, no new connection is taken, /readyz answers 503 on a connection still open,
 * an order stream gets its `retry:` hint and ends, and the process exits 0 within the bound. A
 * request that does not finish in time has its connection cut and the process exits 1.
 */
let storage: ShopStorage;
beforeAll(async () => {
  storage = await shopStorage();
});
afterAll(() => storage.drop());

/** A raw connection, to hold a request half-sent and to pipeline another behind it. */
function connect(port: number): Promise<{ socket: net.Socket; received: () => string; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const ended = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => resolve({ socket, received: () => text, ended }));
    socket.once('error', reject);
  });
}

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

function signUpRequest(url: string, port: number, email: string): { head: string; body: string } {
  const body = JSON.stringify({ name: 'Slow Customer', email, password: 'a slow but sturdy passphrase' });
  const head = [
    'POST /api/auth/sign-up/email HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    `Origin: ${url}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    '',
  ].join('\r\n');
  return { head, body };
}

describe('stopping the shop process', () => {
  it('finishes the request in flight, refuses new connections, answers 503 to /readyz, ends the order streams with a retry hint, exits 0', { timeout: 180_000 }, async () => {
    const shop = await ShopChild.start(storage, { SHUTDOWN_TIMEOUT_MS: '20000', LOG_LEVEL: 'info' });
    const customer = new HttpCustomer(shop.url);
    await customer.signUp();

    // An order stream, open before the signal.
    const events = await fetch(`${shop.url}/api/orders/events`, { headers: { authorization: `Bearer ${customer.token}` } });
    expect(events.status).toBe(200);
    const reader = events.body!.getReader();
    let streamText = '';
    const streamDone = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        streamText += decoder.decode(value);
      }
    })();
    await until('the stream to open', () => streamText.includes('retry:'));

    // A slow request: its headers and half its body are in, the rest comes after the signal.
    const email = `slow-${Date.now()}@example.test`;
    const { head, body } = signUpRequest(shop.url, shop.port, email);
    const slow = await connect(shop.port);
    slow.socket.write(head + body.slice(0, 20));
    await sleep(500);

    const stopped = shop.stop('SIGTERM');
    const signalled = Date.now();

    // The open stream gets a second retry hint (the first came at its start), then ends.
    await streamDone;
    expect(streamText.match(/^retry: \d+$/gm)?.length).toBe(2);

    // No new connection is taken while the slow request is still open.
    await until('new connections to be refused', () => refused(shop.port));
    expect(shop.child.exitCode).toBeNull();

    // The rest of the body, and behind it on the same connection a /readyz: the shop is draining.
    slow.socket.write(body.slice(20) + `GET /readyz HTTP/1.1\r\nHost: 127.0.0.1:${shop.port}\r\n\r\n`);
    await slow.ended;
    const answers = slow.received().split(/(?=HTTP\/1\.1 )/);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[0]).toContain(email);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503 /);

    const { code } = await stopped;
    expect(code).toBe(0);
    // Exit 0 means no request was cut: all finished within the bound.
    expect(Date.now() - signalled).toBeLessThan(20_000);
    expect(shop.output).toContain('closing: finishing the requests in flight');
  });

  it('cuts a request that outlives SHUTDOWN_TIMEOUT_MS and exits 1 soon after the bound', { timeout: 180_000 }, async () => {
    const shop = await ShopChild.start(storage, { SHUTDOWN_TIMEOUT_MS: '1500' });
    const { head, body } = signUpRequest(shop.url, shop.port, `stuck-${Date.now()}@example.test`);
    const stuck = await connect(shop.port);
    stuck.socket.write(head + body.slice(0, 5));
    await sleep(500);
    const { code, ms } = await shop.stop('SIGTERM');
    await stuck.ended;
    expect(code).toBe(1);
    expect(ms).toBeGreaterThanOrEqual(1400);
    expect(ms).toBeLessThan(1500 + 3000 + 2000);
    expect(shop.output).toContain('SHUTDOWN_TIMEOUT_MS');
  });

  it('says which port is in use and what to do, instead of a bare EADDRINUSE stack', { timeout: 180_000 }, async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const shop = new ShopChild(port, storage.env);
      const code = await shop.exited;
      expect(code).toBe(1);
      expect(shop.output).toContain(`Port ${port} is already in use`);
      expect(shop.output).toContain(`PORT=${port + 1} npm start`);
      expect(shop.output).not.toMatch(/at .*\(node:net/);
    } finally {
      blocker.close();
    }
  });
});
