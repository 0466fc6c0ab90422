import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.ts';
import { registerErrorHandler } from '../src/server/http/errors.ts';
import { loggedUrl, loggingOptions, registerRequestIdHeader } from '../src/server/ops/logging.ts';
import { freePort } from '../scripts/free-port.ts';
import { HttpCustomer, NO_RATE_LIMITS, ShopChild, shopStorage, someItemIds, type ShopStorage } from './helpers/shop-child.ts';

/**
 * The shop's log as an operator reads it (src/server/ops/logging.ts), from a real process: JSON in
 * production, one line per request with its id (the same id in the answer's x-request-id), and
 * never a password, a session cookie or token, a bearer token, a card or a payment's client secret.
 */
let storage: ShopStorage;
beforeAll(async () => {
  storage = await shopStorage();
});
afterAll(() => storage.drop());

describe('the log', () => {
  it('holds no secret of a sign-up, a sign-in and a payment; one JSON line per request (LOG_REQUESTS=all), with the id it answered', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const shop = await ShopChild.start(
      storage,
      {
        ...NO_RATE_LIMITS,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        LOG_REQUESTS: 'all',
        LOG_PRETTY: '1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ALLOW_SANDBOX_IN_PRODUCTION: 'true',
        SEED_DEMO_DATA: 'true',
      },
      port,
    );
    const customer = new HttpCustomer(shop.url);
    await customer.signUp();
    await customer.signIn(storage);
    const items = await someItemIds(shop.url);
    const { clientSecret } = await customer.buyOne(items[0]!);
    // A wrong password, a mailed link's token in a URL, and a call with the bearer token.
    const wrong = await fetch(`${shop.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.url },
      body: JSON.stringify({ email: customer.email, password: `${customer.password}-wrong-guess`, captchaId: 'x', captchaAnswer: 'y' }),
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    const linkToken = 'link-token-7c1d9e0b5a3f';
    await fetch(`${shop.url}/reset-password?token=${linkToken}`);
    const orders = await customer.call('GET', '/api/orders');
    expect(orders.status).toBe(200);
    const requestId = orders.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect((await shop.stop()).code).toBe(0);

    const log = shop.output;
    const sessionToken = customer.cookie.split('=')[1]!;
    for (const secret of [customer.password, sessionToken, decodeURIComponent(sessionToken).split('.')[0]!, customer.token, clientSecret, '4242 4242 4242 4242', linkToken]) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
    }

    // Production: every line is JSON (LOG_PRETTY is for development only); the first start's
    // banner with the demo administrator's password is the one plain text, on purpose.
    const lines = log.split('\n').filter((line) => line.startsWith('{'));
    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string; url?: string; statusCode?: number; ms?: number });
    expect(entries.length).toBeGreaterThan(10);
    const ofRequest = entries.filter((entry) => entry.reqId === requestId);
    expect(ofRequest).toHaveLength(1);
    expect(ofRequest[0]).toMatchObject({ msg: expect.stringMatching(/^GET \/api\/orders 200 /), url: '/api/orders', statusCode: 200 });
    expect(typeof ofRequest[0]!.ms).toBe('number');
    // One line per request: no request id appears twice.
    const ids = entries.filter((entry) => entry.url !== undefined).map((entry) => entry.reqId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(entries.some((entry) => entry.url === '/reset-password?token=[redacted]')).toBe(true);
  });

  it('at the production defaults (NODE_ENV=production, nothing else): no line for an answer that went well, one for each error with its request id and status', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const shop = await ShopChild.start(
      storage,
      { ...NO_RATE_LIMITS, NODE_ENV: 'production', LOG_LEVEL: null, PUBLIC_URL: `http://127.0.0.1:${port}`, ALLOW_SANDBOX_IN_PRODUCTION: 'true', MAIL_DISABLED: 'true', SEED_DEMO_DATA: 'true' },
      port,
    );
    const customer = new HttpCustomer(shop.url);
    await customer.signUp();
    const ok = [await fetch(`${shop.url}/api/items`), await fetch(`${shop.url}/api/review`), await customer.call('GET', '/api/orders'), await fetch(`${shop.url}/api/items?q=mango`)];
    for (const answer of ok) expect(answer.status).toBe(200);
    const unauthorized = await fetch(`${shop.url}/api/orders`);
    const unknown = await fetch(`${shop.url}/api/no-such-thing`);
    const invalid = await fetch(`${shop.url}/api/items?category=soup`);
    expect([unauthorized.status, unknown.status, invalid.status]).toEqual([401, 404, 400]);
    expect((await shop.stop()).code).toBe(0);

    const entries = shop.output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; reqId?: string; msg: string; url?: string; statusCode?: number });
    // A request's line is written once its answer has gone, so the next request's may come first.
    const order = ['/api/orders', '/api/no-such-thing', '/api/items?category=soup'];
    const requestLines = entries.filter((entry) => entry.url !== undefined).sort((a, b) => order.indexOf(a.url!) - order.indexOf(b.url!));
    expect(requestLines.map((entry) => [entry.url, entry.statusCode])).toEqual([
      ['/api/orders', 401],
      ['/api/no-such-thing', 404],
      ['/api/items?category=soup', 400],
    ]);
    for (const [entry, answer] of requestLines.map((line, i) => [line, [unauthorized, unknown, invalid][i]!] as const)) {
      expect(entry.reqId).toBe(answer.headers.get('x-request-id'));
      expect(entry.level).toBe(30);
      expect(entry.msg).toMatch(new RegExp(`^GET ${entry.url!.replace(/[?]/g, '\\?')} ${entry.statusCode} [\\d.]+ ms$`));
    }
  });

  it('at the production defaults, a failed request is one line at error: its request id, status, URL and error', async () => {
    let written = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const logging = loggingOptions(loadConfig({ NODE_ENV: 'production', MAIL_DISABLED: 'true', ALLOW_SANDBOX_IN_PRODUCTION: 'true' }));
    const app = Fastify({ ...logging, logger: { ...(logging.logger as object), stream } });
    registerErrorHandler(app);
    registerRequestIdHeader(app);
    app.get('/api/fails', async () => {
      throw new Error('the database went away');
    });
    app.get('/api/fine', async () => ({ ok: true }));
    const failed = await app.inject({ method: 'GET', url: '/api/fails?token=secret-link-token' });
    const fine = await app.inject({ method: 'GET', url: '/api/fine' });
    await app.close();
    expect([failed.statusCode, fine.statusCode]).toEqual([500, 200]);
    const lines = written.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, reqId: failed.headers['x-request-id'], statusCode: 500, method: 'GET', url: '/api/fails?token=[redacted]' });
    expect(JSON.stringify(lines[0])).toContain('the database went away');
    expect(written).not.toContain('secret-link-token');
  });

  it('is readable lines for a person in development (LOG_PRETTY=1)', { timeout: 180_000 }, async () => {
    const shop = await ShopChild.start(storage, { NODE_ENV: 'development', LOG_LEVEL: 'info', LOG_PRETTY: '1', SEED_DEMO_DATA: 'false' });
    const res = await fetch(`${shop.url}/api/review`);
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id')!;
    expect((await shop.stop()).code).toBe(0);
    const line = shop.output.split('\n').find((text) => text.includes('GET /api/review 200'));
    expect(line, shop.output).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/review 200 [\d.]+ ms/);
    expect(line).toContain(id);
    expect(shop.output.split('\n').some((text) => text.startsWith('{'))).toBe(false);
  });

  it('redacts credentials, card fields and client secrets wherever a logged object holds them', async () => {
    let written = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const logging = loggingOptions(loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'info', MAIL_DISABLED: 'true', ALLOW_SANDBOX_IN_PRODUCTION: 'true' }));
    const app = Fastify({ ...logging, logger: { ...(logging.logger as object), stream } });
    await app.ready();
    app.log.error(
      {
        req: { method: 'POST', url: '/api/payment', headers: { authorization: 'Bearer secret-bearer-1', cookie: 'session=secret-cookie-2' } },
        res: { headers: { 'set-cookie': 'session=secret-cookie-3' } },
        body: { email: 'a@example.test', password: 'secret-password-4', card: { number: '4242424242424242', cvc: '123' } },
        intent: { clientSecret: 'pi_1_secret_5', client_secret: 'pi_1_secret_6' },
        args: [{ body: { newPassword: 'secret-password-7' }, headers: { cookie: 'secret-cookie-8' } }],
        token: 'secret-token-9',
      },
      'something failed',
    );
    await app.close();
    expect(written).toContain('something failed');
    expect(written).toContain('a@example.test');
    for (const secret of ['secret-bearer-1', 'secret-cookie-2', 'secret-cookie-3', 'secret-password-4', '4242424242424242', 'pi_1_secret_5', 'pi_1_secret_6', 'secret-password-7', 'secret-cookie-8', 'secret-token-9']) {
      expect(written).not.toContain(secret);
    }
    expect(loggedUrl('/reset-password?token=abc&next=/x')).toBe('/reset-password?token=[redacted]&next=/x');
    expect(loggedUrl('/api/items?category=salads')).toBe('/api/items?category=salads');
  });

  it("leaves every secret query value out of the request line: Stripe's return, links, OAuth (LOG_REQUESTS=all)", async () => {
    let written = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const logging = loggingOptions(loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'info', LOG_REQUESTS: 'all', LOG_PRETTY: '0' }));
    const app = Fastify({ ...logging, logger: { ...(logging.logger as object), stream } });
    app.get('/api/payment/return', async () => ({ ok: true }));
    const urls = [
      '/api/payment/return?payment_intent=pi_3Abc&payment_intent_client_secret=pi_3Abc_secret_Xyz1&redirect_status=succeeded',
      '/api/payment/return?redirect_status=failed&payment_intent_client_secret=pi_3Abc_secret_Xyz2',
      '/api/payment/return?access_token=Xyz3&id_token=Xyz4&code=Xyz5&state=Xyz6&apiKey=Xyz7',
    ];
    for (const url of urls) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await app.close();
    const logged = written.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { url?: string }).url).filter(Boolean);
    expect(logged).toEqual([
      '/api/payment/return?payment_intent=pi_3Abc&payment_intent_client_secret=[redacted]&redirect_status=succeeded',
      '/api/payment/return?redirect_status=failed&payment_intent_client_secret=[redacted]',
      '/api/payment/return?access_token=[redacted]&id_token=[redacted]&code=[redacted]&state=[redacted]&apiKey=[redacted]',
    ]);
    for (const n of [1, 2, 3, 4, 5, 6, 7]) expect(written).not.toContain(`Xyz${n}`);
  });
});
