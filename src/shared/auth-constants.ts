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
