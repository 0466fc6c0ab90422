import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaAnswer, newCaptcha, testAddress } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function check(id: string, answer: string) {
  return t.app.inject({ method: 'POST', url: '/api/captcha/check', payload: { id, answer }, remoteAddress: testAddress() });
}

describe('POST /api/captcha', () => {
  it('issues a PNG picture of 6 letters and digits that lasts a day (over the twenty hours of WCAG 2.2.1), never cached', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/captcha' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { id, image, expiresAt } = res.json<{ id: string; image: string; expiresAt: string }>();
    const answer = await captchaAnswer(t.database.db, id);
    expect(answer).toMatch(/^[A-Z2-9]{6}$/);
    expect(image.startsWith('data:image/png;base64,')).toBe(true);
    expect(image).not.toContain(answer);
    const meta = await sharp(Buffer.from(image.split(',')[1]!, 'base64')).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 200, height: 64 });
    const hours = (new Date(expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('issues a different captcha each time', async () => {
    const a = await newCaptcha(t.app);
    const b = await newCaptcha(t.app);
    expect(a.id).not.toBe(b.id);
  });
});

describe('POST /api/captcha/check', () => {
  it('confirms the right answer (any letter case) and keeps the captcha for the sign-in', async () => {
    const { id } = await newCaptcha(t.app);
    const answer = await captchaAnswer(t.database.db, id);
    expect((await check(id, answer.toLowerCase())).json()).toEqual({ valid: true });
    expect((await check(id, answer)).json()).toEqual({ valid: true });
  });

  it('refuses a wrong answer and uses the captcha up', async () => {
    const { id } = await newCaptcha(t.app);
    const answer = await captchaAnswer(t.database.db, id);
    expect((await check(id, 'WRONG1')).json()).toEqual({ valid: false });
    expect((await check(id, answer)).json()).toEqual({ valid: false });
  });

  it('refuses an expired or unknown captcha', async () => {
    const { id } = await newCaptcha(t.app);
    const answer = await captchaAnswer(t.database.db, id);
    await t.database.db.updateTable('captchas').set({ expires_at: new Date(0).toISOString() }).where('id', '=', id).execute();
    expect((await check(id, answer)).json()).toEqual({ valid: false });
    expect((await check('no-such-id', 'ABCDEF')).json()).toEqual({ valid: false });
  });

  it('refuses a body without an answer with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/captcha/check', payload: { id: 'x' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('a captcha a person can read', () => {
  it('draws no look-alike characters, and takes the answer in either case', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const { id } = (await t.app.inject({ method: 'POST', url: '/api/captcha', remoteAddress: testAddress() })).json<{ id: string }>();
      for (const char of await answerOf(id)) seen.add(char);
    }
    for (const lookAlike of '0OQ1IL7S5Z2BGUV') expect(seen.has(lookAlike), lookAlike).toBe(false);
    const { id } = (await t.app.inject({ method: 'POST', url: '/api/captcha', remoteAddress: testAddress() })).json<{ id: string }>();
    expect((await check(id, (await answerOf(id)).toLowerCase())).json()).toEqual({ valid: true });
  });

  it('offers no answer that holds the characters: the alternative mails them (test/sign-in-limits.test.ts)', async () => {
    const { id } = (await t.app.inject({ method: 'POST', url: '/api/captcha', remoteAddress: testAddress() })).json<{ id: string }>();
    const answer = await answerOf(id);
    const mailed = await t.app.inject({ method: 'POST', url: '/api/captcha/by-mail', payload: { id, email: 'someone@example.test' }, remoteAddress: testAddress() });
    // This app sends no mail (409 MAIL_DISABLED); with mail, the answer is one sentence for all.
    expect(mailed.statusCode).toBe(409);
    expect(mailed.body).not.toContain(answer);
    expect((await t.app.inject({ method: 'POST', url: '/api/captcha/spelled', payload: { id }, remoteAddress: testAddress() })).statusCode).toBe(404);
    // Asking for the mail does not use the captcha up: the answer still checks.
    expect((await check(id, answer)).json()).toEqual({ valid: true });
  });
});

async function answerOf(id: string): Promise<string> {
  return (await t.database.db.selectFrom('captchas').select('answer').where('id', '=', id).executeTakeFirstOrThrow()).answer;
}
