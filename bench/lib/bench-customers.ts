import { randomBytes } from 'node:crypto';

export interface BenchCustomer {
  email: string;
  token: string;
  /** Better Auth's session cookie ("name=value"), as a browser would send it. */
  cookie: string;
  /** `{ authorization: 'Bearer …' }` for the shop's API. */
  headers: { authorization: string };
}

/**
 * A signed-in customer made through the shop's own API, as the web app does it: Better Auth's
 * sign-up (no captcha on sign-up), then POST /api/jwt with the session cookie for the bearer
 * token. The shop must run with RATE_LIMIT_SIGN_UP and RATE_LIMIT_TOKEN above the number made.
 */
export async function signUpCustomer(shopUrl: string, label = 'bench'): Promise<BenchCustomer> {
  const email = `${label}-${randomBytes(6).toString('hex')}@example.test`;
  const signUp = await fetch(`${shopUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shopUrl },
    body: JSON.stringify({ name: 'Bench Customer', email, password: `pw-${randomBytes(8).toString('hex')}` }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.split('=')[0]!.endsWith('session_token'));
  if (!cookie) throw new Error('sign-up set no session cookie');
  const tokenAnswer = await fetch(`${shopUrl}/api/jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shopUrl, cookie },
    body: JSON.stringify({ email }),
  });
  if (!tokenAnswer.ok) throw new Error(`token failed: ${tokenAnswer.status} ${await tokenAnswer.text()}`);
  const { token } = (await tokenAnswer.json()) as { token: string };
  return { email, token, cookie, headers: { authorization: `Bearer ${token}` } };
}

/** The shop's settings for a bench that makes many users: its sign-up and token limits out of the way. */
export const BENCH_RATE_LIMITS = {
  RATE_LIMIT_SIGN_UP: '100000',
  RATE_LIMIT_SIGN_IN: '100000',
  RATE_LIMIT_TOKEN: '100000',
  RATE_LIMIT_CAPTCHA: '100000',
  // A hundred boards from one address, one staff account and one session (bench:api, bench:orders);
  // under the shop-wide cap even with 1,024 open files (src/server/config.ts).
  MENU_STREAMS_PER_ADDRESS: '400',
  ORDER_STREAMS_PER_ADDRESS: '400',
  ORDER_STREAMS_PER_ACCOUNT: '400',
  ORDER_STREAMS_PER_SESSION: '400',
};
