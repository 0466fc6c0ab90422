import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betterAuthLevel } from '../src/server/auth/auth-instance.ts';
import { SOCIAL_DONE_PATH } from '../src/shared/auth.ts';
import { signUpUser } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * What anyone on the internet can send (a forged sign-in callback, a bad address, a wrong method,
 * huge headers, bad JSON, an unknown path, a forged token) writes no log line at level error or
 * above (pino: 50), so a stranger cannot set off the alerts an operator ties to errors
 * (docs/security.md, "Logs"). The app logs at info into the test's stream, as in production.
 */
interface LogLine {
  level: number;
  msg: string;
}

const lines: LogLine[] = [];
let oidc: OAuth2Server;
let t: TestApp;
let base: string;

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  t = await createTestApp({
    env: { LOG_LEVEL: 'info', OIDC_ISSUER: oidc.issuer.url!, OIDC_CLIENT_ID: 'raw-roots-test', OIDC_CLIENT_SECRET: 'test-secret' },
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await oidc.stop();
});

/** The log lines written while `send` ran, once its answers have gone. */
async function linesDuring(send: () => Promise<unknown>): Promise<LogLine[]> {
  const from = lines.length;
  await send();
  await new Promise((resolve) => setTimeout(resolve, 20));
  return lines.slice(from);
}

const atErrorOrAbove = (written: LogLine[]) => written.filter((line) => line.level >= 50).map((line) => line.msg);

/** Raw bytes over a socket: what a client outside HTTP's rules can send (Node's parser answers). */
function rawSend(text: string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Starts a social sign-in as a stranger would: the state the shop made, and its cookies. */
async function startedSocialSignIn(): Promise<{ state: string; cookie: string }> {
  const start = await fetch(`${base}/api/auth/sign-in/social`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'oidc', callbackURL: SOCIAL_DONE_PATH, errorCallbackURL: SOCIAL_DONE_PATH, disableRedirect: true }),
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const cookie = start.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  return { state: new URL(url).searchParams.get('state')!, cookie };
}

describe("a stranger's requests log below error level", () => {
  it('forged or broken social sign-in callbacks, GET and form post', async () => {
    const { state, cookie } = await startedSocialSignIn();
    const written = await linesDuring(async () => {
      const answers = await Promise.all([
        fetch(`${base}/api/auth/callback/oidc`, { redirect: 'manual' }),
        fetch(`${base}/api/auth/callback/oidc?state=forged-state&code=guessed`, { redirect: 'manual' }),
        fetch(`${base}/api/auth/callback/oidc?error=access_denied&state=forged-state`, { redirect: 'manual' }),
        // The shop's own state, but without its cookie, with a made-up code, or from another issuer.
        fetch(`${base}/api/auth/callback/oidc?state=${state}&code=guessed`, { redirect: 'manual' }),
        fetch(`${base}/api/auth/callback/oidc?state=${state}&code=guessed`, { redirect: 'manual', headers: { cookie } }),
        fetch(`${base}/api/auth/callback/oidc?state=${state}&code=guessed&iss=https://evil.example`, { redirect: 'manual', headers: { cookie } }),
        fetch(`${base}/api/auth/callback/oidc`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
          body: 'state=forged-state&code=guessed',
        }),
        fetch(`${base}/api/auth/error?error=%3Cscript%3E`, { redirect: 'manual' }),
      ]);
      for (const answer of answers) expect(answer.status).toBeLessThan(500);
    });
    expect(written.length).toBeGreaterThan(0);
    expect(atErrorOrAbove(written)).toEqual([]);
  });

  it('social sign-in with an unknown provider, a forged ID token or no body', async () => {
    const written = await linesDuring(async () => {
      for (const body of [{ provider: 'facebook' }, { provider: 'oidc', idToken: { token: 'forged.id.token' } }, {}]) {
        const answer = await fetch(`${base}/api/auth/sign-in/social`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
      }
    });
    expect(atErrorOrAbove(written)).toEqual([]);
  });

  it('a bad address, a wrong method, an unknown path, a too long parameter, bad JSON, a body over its limit', async () => {
    const written = await linesDuring(async () => {
      const sent: Array<[string, RequestInit | undefined, number]> = [
        ['/api/items/%E2%82', undefined, 400],
        ['/api/items', { method: 'PUT' }, 405],
        ['/api/no-such-call', undefined, 404],
        [`/api/items/${'a'.repeat(3000)}`, undefined, 414],
        ['/api/captcha/check', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id": "x",' }, 400],
        ['/api/captcha/check', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"__proto__": {"admin": true}}' }, 400],
        ['/api/captcha/check', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' }, 400],
        ['/api/captcha/check', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'x'.repeat(200_000), answer: 'y' }) }, 413],
        ['/api/cart', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: '{}' }, 403],
        ['/api/images/no-such-image.webp', undefined, 400],
        ['/api/payment/return?payment_intent=pi_forged&redirect_status=succeeded', { redirect: 'manual' }, 303],
      ];
      for (const [path, init, status] of sent) expect((await fetch(`${base}${path}`, init)).status, path).toBe(status);
    });
    expect(written.length).toBeGreaterThan(0);
    expect(atErrorOrAbove(written)).toEqual([]);
  });

  it("headers or a query too large, a malformed request line: Node's parser refuses them", async () => {
    const written = await linesDuring(async () => {
      expect(await rawSend(`GET /api/items HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).toMatch(/^HTTP\/1\.1 431 /);
      expect(await rawSend(`GET /api/items?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)).toMatch(/^HTTP\/1\.1 431 /);
      expect(await rawSend('NOT HTTP AT ALL\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    });
    expect(atErrorOrAbove(written)).toEqual([]);
  });

  it('forged bearer tokens and session cookies, on the shop\'s calls and on Better Auth\'s', async () => {
    const { cookie } = await signUpUser(t.app);
    const cookieName = cookie.split('=')[0]!;
    const forgedJwt = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.`;
    const written = await linesDuring(async () => {
      for (const authorization of ['Bearer garbage', `Bearer ${forgedJwt}`, 'Basic YWRtaW46YWRtaW4=', 'Bearer ']) {
        expect((await fetch(`${base}/api/cart`, { headers: { authorization } })).status).toBe(401);
        expect((await fetch(`${base}/api/orders/events`, { headers: { authorization } })).status).toBe(401);
      }
      for (const value of ['garbage', 'a.b', '%E2%82', `${cookie.split('=')[1]!.slice(0, -3)}xyz`]) {
        const headers = { cookie: `${cookieName}=${value}` };
        expect((await fetch(`${base}/api/auth/get-session`, { headers })).status).toBe(200);
        expect((await fetch(`${base}/api/auth/sign-out`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' })).status).toBeLessThan(500);
        expect((await fetch(`${base}/api/auth/update-user`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"name":"Eve"}' })).status).toBe(401);
        expect((await fetch(`${base}/api/account`, { headers })).status).toBe(401);
      }
      expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer garbage' } })).status).toBeLessThan(500);
    });
    expect(atErrorOrAbove(written)).toEqual([]);
  });

  it("forged links and wrong passwords: a reset, a confirmation, a sign-in", async () => {
    const written = await linesDuring(async () => {
      const post = (path: string, body: unknown) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await post('/api/auth/reset-password', { token: 'forged-token', newPassword: 'a long enough passphrase 42' })).status).toBe(400);
      expect((await post('/api/account/verify-email', { token: 'forged-token' })).status).toBe(400);
      expect((await post('/api/account/email/confirm', { token: 'forged-token' })).status).toBe(400);
      expect((await post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'wrong password', captchaId: 'forged', captchaAnswer: 'x' })).status).toBeGreaterThanOrEqual(400);
      expect((await post('/api/stripe/webhook', { type: 'payment_intent.succeeded' })).status).toBeLessThan(500);
    });
    expect(atErrorOrAbove(written)).toEqual([]);
  });

  it("keeps at error Better Auth's lines that mean the shop itself failed", () => {
    for (const fault of ['Failed to create session', 'Better auth was unable to query your database.\nError: ', 'Discovery fetch failed for "oidc": TypeError', 'unable_to_create_user'])
      expect(betterAuthLevel('error', fault), fault).toBe('error');
    for (const caused of ['State not found', 'Failed to parse state', 'OAuth issuer mismatch', 'Failed to validate authorization code', 'account_not_linked'])
      expect(betterAuthLevel('error', caused), caused).toBe('warn');
  });
});
