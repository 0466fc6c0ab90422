import type { AuthProviders, Captcha, CaptchaByMail, SignInBody, SignUpBody } from '../../../shared/auth.ts';
import { paths } from '../../../shared/paths.ts';
import type { Role } from '../../../shared/roles.ts';
import type { GuestBegin } from '../../../shared/tables.ts';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The calls of the accounts feature. A 401 here is an answer ("wrong password", "no session"),
 * not a lost session, so none of them signs the user out on it.
 */
const quiet = { signOutOnAuthFailure: false } as const;

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** Better Auth's anonymous plugin's flag: a guest begun at a table (decision 0047). */
  isAnonymous?: boolean | null;
}

export async function fetchSession(): Promise<AuthUser | null> {
  const session = await apiRequest<{ user: AuthUser } | null>('/auth/get-session', quiet);
  return session?.user ?? null;
}

export function signInEmail(body: SignInBody): Promise<{ user: AuthUser }> {
  return apiRequest('/auth/sign-in/email', { ...quiet, method: 'POST', body });
}

export function signUpEmail(body: SignUpBody): Promise<{ user: AuthUser }> {
  return apiRequest('/auth/sign-up/email', { ...quiet, method: 'POST', body });
}

export function signOutSession(): Promise<unknown> {
  return apiRequest('/auth/sign-out', { ...quiet, method: 'POST', body: {} });
}

/** A guest at the table a link opens (decision 0047): sets the guest's session cookie. */
export function beginGuestAt(tableToken: string, body: GuestBegin): Promise<{ user: AuthUser }> {
  return apiRequest(`/tables/${encodeURIComponent(tableToken)}/guest`, { ...quiet, method: 'POST', body });
}

/** Spec: POST /jwt with the e-mail; the token is stored and sent as a bearer token. */
export async function requestToken(email: string): Promise<string> {
  return (await apiRequest<{ token: string }>('/jwt', { ...quiet, method: 'POST', body: { email } })).token;
}

/** Spec: POST /users after sign-up and social sign-in. */
export function registerUser(name: string, email: string): Promise<{ insertedId: string | null }> {
  return apiRequest('/users', { method: 'POST', body: { name, email } });
}

/**
 * The query of a login form's captcha: `generation` counts the login page's fresh captchas (a
 * failed login needs a new one), `round` the reloads within one. The server draws the login page
 * with the picture of generation 0, round 0 (src/web/server-render.tsx).
 */
export const captchaQueryKey = (generation: number, round: number) => ['captcha', generation, round] as const;

export function newCaptcha(): Promise<Captcha> {
  return apiRequest('/captcha', { ...quiet, method: 'POST', body: {} });
}

export async function checkCaptcha(id: string, answer: string): Promise<boolean> {
  return (await apiRequest<{ valid: boolean }>('/captcha/check', { ...quiet, method: 'POST', body: { id, answer } })).valid;
}

/** "Forgot password?": the same answer whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return apiRequest('/auth/request-password-reset', { ...quiet, method: 'POST', body: { email } });
}

export function resetPassword(token: string, newPassword: string): Promise<{ status: boolean }> {
  return apiRequest('/auth/reset-password', { ...quiet, method: 'POST', body: { token, newPassword } });
}

/** The picture's characters mailed to the account being signed in to (never in the answer). */
export function mailCaptcha(id: string, email: string): Promise<CaptchaByMail> {
  return apiRequest<CaptchaByMail>('/captcha/by-mail', { ...quiet, method: 'POST', body: { id, email } });
}

/** The sign-in options' query; the server draws the log-in page with them (src/web/server-render.tsx). */
export const AUTH_PROVIDERS_QUERY_KEY = ['auth-providers'] as const;

export function fetchAuthProviders(): Promise<AuthProviders> {
  return apiRequest('/auth-providers', quiet);
}

/** The provider's authorization address for the popup; it ends on the social-done page, which tells the opener and closes. */
export async function socialSignInUrl(provider: string): Promise<string> {
  const answer = await apiRequest<{ url: string }>('/auth/sign-in/social', {
    ...quiet,
    method: 'POST',
    body: { provider, callbackURL: paths.socialDone, errorCallbackURL: paths.socialDone, disableRedirect: true },
  });
  return answer.url;
}

/**
 * The role lookup (spec: GET /users/admin/{email} answers `admin`; the shop adds `role`, so staff
 * are known too). A server that answers `admin` alone still gives the right admin flag.
 */
export async function fetchRole(email: string): Promise<Role> {
  const answer = await apiRequest<{ admin: boolean; role?: Role }>(`/users/admin/${encodeURIComponent(email)}`);
  return answer.role ?? (answer.admin ? 'admin' : 'user');
}
