import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 39, point 10: an answer that carries a person's data is never kept by a browser or a cache
 * between (`Cache-Control: no-store`), on every GET route of the app that a visitor cannot read;
 * and Better Auth's error page shows no text of its address on the shop's domain.
 */
let t: TestApp;
let admin: TestUser;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await signUpUser(t.app, { admin: true, name: 'Cache Admin' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t.close());

/** The status and headers of a GET over a real connection; the body is not waited for (streams never end). */
function headersOf(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { agent: false, headers }, (response) => {
      resolve({ status: response.statusCode!, headers: response.headers });
      response.destroy();
    });
    request.on('error', reject);
  });
}

/** A request path for a route pattern: its parameters filled with values of the right shape. */
function pathOf(url: string): string {
  return url
    .replace(':email', encodeURIComponent(admin.email))
    .replace(/:[A-Za-z0-9_]+/g, '00000000-0000-4000-8000-000000000000')
    .replace(/\*$/, 'get-session');
}

/** `no-store`, or the kept answers' own: never in a shared cache, and asked again every time. */
function keepsNothing(cacheControl: string | undefined, etag: string | undefined): boolean {
  if (cacheControl?.split(',').some((part) => part.trim() === 'no-store')) return true;
  return cacheControl === 'private, no-cache' && etag !== undefined;
}

describe('Cache-Control on signed-in answers', () => {
  it('the account, payments and favourites go out with no-store', async () => {
    for (const path of ['/api/account', '/api/payments', '/api/favourites']) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: admin.headers });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('every GET route a visitor may not read answers a signed-in caller with no-store (or a revalidated private answer)', async () => {
    const routes = [...new Set(t.app.apiRoutes.filter((route) => route.method === 'GET').map((route) => route.url))];
    expect(routes.length).toBeGreaterThan(25);
    const signedIn: string[] = [];
    const failures: string[] = [];
    for (const url of routes) {
      const path = pathOf(url);
      const anonymous = await headersOf(path);
      // The session's own answer is read by visitors too, and is theirs once they sign in.
      if (anonymous.status !== 401 && !url.startsWith('/api/auth/')) continue;
      signedIn.push(url);
      for (const credentials of [admin.headers, { cookie: admin.cookie }]) {
        const res = await headersOf(path, credentials);
        if (!keepsNothing(res.headers['cache-control'] as string | undefined, res.headers.etag)) {
          failures.push(`${url} (${res.status}, ${Object.keys(credentials)[0]}): ${res.headers['cache-control'] ?? 'no cache-control'}`);
        }
      }
    }
    expect(signedIn).toEqual(expect.arrayContaining(['/api/account', '/api/payments', '/api/favourites', '/api/cart', '/api/orders', '/api/orders/events']));
    expect(failures).toEqual([]);
  });
});

describe('GET /api/auth/error', () => {
  it("sends a known code on to the popup's last page, and nothing of the address's free text", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/error?error=account_not_linked&error_description=${encodeURIComponent('Call +1 900 555 0100 to restore your account')}`,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth/social-done?error=account_not_linked');
    expect(res.body).not.toContain('Call');
  });

  it('turns an unknown code, or a sentence in its place, into the general one', async () => {
    for (const error of ['Your_account_is_locked_call_us', '<b>hello</b>', '']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/error?error=${encodeURIComponent(error)}&error=twice` });
      expect(res.statusCode, error).toBe(302);
      expect(res.headers.location, error).toBe('/auth/social-done?error=unknown');
    }
    const bare = await t.app.inject({ method: 'GET', url: '/api/auth/error' });
    expect(bare.headers.location).toBe('/auth/social-done?error=unknown');
  });
});
