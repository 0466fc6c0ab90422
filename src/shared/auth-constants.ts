/**
 * The accounts constants without any schema library, so the web app's first load (the header
 * uses the auth state on every page) stays small. src/shared/auth.ts re-exports them.
 */
import { APP_ROUTES } from './paths.ts';

/** Password policy (the spec shows none; this is the shop's): 8 to 128 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** docs/product.md §9: the captcha has 6 characters. */
export const CAPTCHA_LENGTH = 6;
/** Better Auth's id of the OpenID Connect provider (Google by default). */
export const SOCIAL_PROVIDER_ID = 'oidc';
/** The page a social sign-in popup ends on (the route table's socialDone); it tells the opener and closes. */
export const SOCIAL_DONE_PATH = APP_ROUTES.socialDone.pattern;
/** The popup size of the social sign-in (docs/product.md §12). */
export const SOCIAL_POPUP = { width: 500, height: 600 } as const;
