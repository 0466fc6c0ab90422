import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesOf } from '../scripts/api-types.ts';
import type { paths } from './api-client/api-types.ts';
import { captchaAnswer } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * A client written against the API reference alone (issue 45, points 2 and 3): its types are
 * openapi-typescript's output of the document (test/api-client/api-types.ts, checked here to be
 * current), its calls openapi-fetch over Node's fetch to the app on a real port. It keeps the
 * session cookie the document names and sends the shop's own Origin on writes, as the document says.
 */
let t: TestApp;
let base: string;
let document: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  document = (await (await fetch(`${base}/api/openapi.json`)).json()) as Record<string, unknown>;
});
afterAll(async () => {
  await t.close();
});

/** The cookie the document's `session` scheme names, from a Set-Cookie answer: "name=value". */
function sessionCookieFrom(response: Response): string {
  const name = (document.components as { securitySchemes: { session: { name: string } } }).securitySchemes.session.name;
  const found = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in the answer`);
  return found.split(';')[0]!;
}

describe('a client generated from the API reference', () => {
  it('has its types from the document as it is now (npm run api:types writes them)', async () => {
    expect(await apiTypesOf(document), 'test/api-client/api-types.ts is stale: run npm run api:types').toBe(fs.readFileSync(API_TYPES_FILE, 'utf8'));
  });

  it('signs up, signs in, changes the name and the password, and signs out', async () => {
    const api = createClient<paths>({ baseUrl: base });
    const email = `client-${Date.now()}@example.test`;
    const password = 'a client of the reference 7';
    // Writes name the shop's own origin, as a browser would; the document says either works.
    const origin = { origin: base };

    const signUp = await api.POST('/api/auth/sign-up/email', { body: { name: 'Carla Client', email, password }, headers: origin });
    expect(signUp.response.status, JSON.stringify(signUp.error)).toBe(200);
    expect(signUp.data?.user.email).toBe(email);

    const captcha = await api.POST('/api/captcha', { headers: origin });
    expect(captcha.response.status).toBe(201);
    const captchaId = captcha.data!.id;
    // The one step a person does: read the picture.
    const signIn = await api.POST('/api/auth/sign-in/email', {
      body: { email, password, captchaId, captchaAnswer: await captchaAnswer(t.app.db, captchaId) },
      headers: origin,
    });
    expect(signIn.response.status, JSON.stringify(signIn.error)).toBe(200);
    const cookie = sessionCookieFrom(signIn.response);

    // The bearer token of the document's `bearer` scheme, for the shop's own calls.
    const token = await api.POST('/api/jwt', { body: { email }, headers: { cookie, ...origin } });
    expect(token.response.status).toBe(200);
    const cart = await api.GET('/api/cart', { params: { query: { email } }, headers: { authorization: `Bearer ${token.data!.token}` } });
    expect(cart.response.status, JSON.stringify(cart.error)).toBe(200);
    expect(cart.data).toEqual([]);

    // Better Auth's own calls take the cookie (security: session).
    const renamed = await api.POST('/api/auth/update-user', { body: { name: 'Carla Renamed' }, headers: { cookie, ...origin } });
    expect(renamed.response.status, JSON.stringify(renamed.error)).toBe(200);
    const session = await api.GET('/api/auth/get-session', { headers: { cookie } });
    expect(session.data?.user.name).toBe('Carla Renamed');

    const newPassword = 'another client password 8';
    const changed = await api.POST('/api/auth/change-password', { body: { currentPassword: password, newPassword }, headers: { cookie } });
    expect(changed.response.status, JSON.stringify(changed.error)).toBe(200);

    const out = await api.POST('/api/auth/sign-out', { headers: { cookie, ...origin } });
    expect(out.response.status, JSON.stringify(out.error)).toBe(200);
    expect(out.data?.success).toBe(true);
    const after = await api.GET('/api/auth/get-session', { headers: { cookie } });
    expect(after.data).toBeNull();

    // A refusal comes in the documented error shape: the old password no longer signs in.
    const second = await api.POST('/api/captcha');
    const refused = await api.POST('/api/auth/sign-in/email', {
      body: { email, password, captchaId: second.data!.id, captchaAnswer: await captchaAnswer(t.app.db, second.data!.id) },
    });
    expect(refused.response.status).toBe(401);
    expect(refused.error).toMatchObject({ statusCode: 401, code: expect.any(String), message: expect.any(String) });
  });

  it("refuses a write naming another site's Origin, as the document says", async () => {
    const api = createClient<paths>({ baseUrl: base });
    const res = await api.POST('/api/captcha', { headers: { origin: 'https://elsewhere.example' } });
    expect(res.response.status).toBe(403);
    expect(res.error).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
  });
});
