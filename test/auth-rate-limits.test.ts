import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, uniqueEmail } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** The documented limits, set low here: the next request past the limit gets 429. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_SIGN_IN: '3', RATE_LIMIT_SIGN_UP: '2', RATE_LIMIT_CAPTCHA: '4', RATE_LIMIT_TOKEN: '3' },
  });
});
afterAll(async () => t.close());

async function hammer(times: number, request: () => Promise<{ statusCode: number; json(): { message?: string } }>) {
  const statuses: number[] = [];
  let last: { message?: string } = {};
  for (let i = 0; i < times; i++) {
    const res = await request();
    statuses.push(res.statusCode);
    last = res.json();
  }
  return { statuses, last };
}

describe('rate limits per client address', () => {
  it('sign-in', async () => {
    const { statuses, last } = await hammer(4, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '192.0.2.1',
        payload: { email: 'a@example.test', password: 'x', captchaId: 'x', captchaAnswer: 'x' },
      }),
    );
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect(last.message).toMatch(/Too many attempts/);
  });

  it('sign-up', async () => {
    const { statuses } = await hammer(3, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '192.0.2.2',
        payload: { name: 'A', email: uniqueEmail(), password: 'kale-beet-9071' },
      }),
    );
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('captcha issue and captcha check, each', async () => {
    const issue = () => t.app.inject({ method: 'POST', url: '/api/captcha', remoteAddress: '192.0.2.3' });
    const check = () =>
      t.app.inject({ method: 'POST', url: '/api/captcha/check', remoteAddress: '192.0.2.3', payload: { id: 'x', answer: 'y' } });
    const issued = await hammer(5, issue);
    expect(issued.statuses).toEqual([201, 201, 201, 201, 429]);
    const checked = await hammer(5, check);
    expect(checked.statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('token issue', async () => {
    const user = await signUpUser(t.app);
    const { statuses } = await hammer(4, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/jwt',
        remoteAddress: '192.0.2.4',
        headers: { cookie: user.cookie },
        payload: { email: user.email },
      }),
    );
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('counts in the database, so every process of the shop sees the same counters', async () => {
    const rows = await t.database.db.selectFrom('rate_limits').select(['key', 'count']).execute();
    expect(rows.some((r) => r.key.includes('192.0.2.1') && r.count >= 4)).toBe(true);
  });
});
