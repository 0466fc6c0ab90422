/** Zod-free: the header uses auth state on every page, so these are in every first load. */
import { APP_ROUTES } from './paths.ts';

/** The shop's own policy: the spec has none. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CAPTCHA_LENGTH = 6;
/** Better Auth's id of the OpenID Connect provider (Google by default). */
export const SOCIAL_PROVIDER_ID = 'oidc';
/** The popup's last page: it tells the opener and closes. */
export const SOCIAL_DONE_PATH = APP_ROUTES.socialDone.pattern;
export const SOCIAL_POPUP = { width: 500, height: 600 } as const;

/**
 * A failed social sign-in in the shop's own words, by Better Auth's (or the provider's) error code.
 * Only these texts are ever shown: the code and any description in the address are someone's
 * free text (issue 39), so an unknown code gets the general message and nothing of the address.
 */
const SOCIAL_ERROR_MESSAGES: Record<string, string> = {
  account_not_linked: 'An account with this e-mail already exists. Log in with your e-mail and password.',
  access_denied: 'Sign-in was cancelled.',
  state_mismatch: 'Sign-in took too long or was started in another window. Please try again.',
  state_not_found: 'Sign-in took too long or was started in another window. Please try again.',
  please_restart_the_process: 'Sign-in took too long or was started in another window. Please try again.',
  email_not_found: 'Your account with the provider shares no e-mail address. Sign up with your e-mail instead.',
  signup_disabled: 'New accounts cannot be made this way at the moment.',
};
export const SOCIAL_ERROR_UNKNOWN = 'unknown';
const SOCIAL_ERROR_GENERAL = 'Social sign-in did not complete. Please try again.';

/** The code itself when the shop knows it, else `unknown`: the only code the shop passes on. */
export function knownSocialError(code: string | null | undefined): string {
  return code && Object.hasOwn(SOCIAL_ERROR_MESSAGES, code) ? code : SOCIAL_ERROR_UNKNOWN;
}

export function socialErrorMessage(code: string): string {
  return SOCIAL_ERROR_MESSAGES[knownSocialError(code)] ?? SOCIAL_ERROR_GENERAL;
}
