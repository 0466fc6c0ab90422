/** Shared by the service worker and the pages so both agree on what works offline (decision 0028). */
import { APP_ROUTES } from '../../shared/paths.ts';

/** The app's shell, kept with each version: drawn in the browser for any page missing offline. */
export const OFFLINE_SHELL = '/index.html';

export const DISH_READ = /^\/api\/items\/([^/]+)$/;

/** The public answers kept for offline reading: the menu (whole, searched, one dish) and the reviews. */
export const PUBLIC_API_READS: readonly RegExp[] = [/^\/api\/items$/, DISH_READ, /^\/api\/review$/];

export const MENU_READ = '/api/items';

/** Kept as soon as the service worker is installed, so the menu opens offline after one visit. */
export const PUBLIC_API_READS_TO_KEEP: readonly string[] = [MENU_READ, '/api/review'];

/** The pages a mailed link opens: their address holds the link's single-use token. */
const LINK_PAGES: readonly string[] = [APP_ROUTES.resetPassword.pattern, APP_ROUTES.verifyEmail.pattern, APP_ROUTES.confirmEmail.pattern];
/** A query parameter whose value is a secret (a token, an OAuth code or state, a client secret). */
const SECRET_PARAM = /token|code|secret|password|key|state|signature/i;

/**
 * Whether an address carries a secret: the service worker neither answers nor keeps it, so a
 * reset link's token never lands in a cache that outlives the page (issue 39).
 */
export function carriesSecret(url: URL): boolean {
  return LINK_PAGES.includes(url.pathname) || [...url.searchParams.keys()].some((name) => SECRET_PARAM.test(name));
}

/** The page asks a waiting new version to take over with this message. */
export const SKIP_WAITING_MESSAGE = 'skip-waiting';

/** What a request that could not reach the server says, instead of a generic error. */
export const OFFLINE_MESSAGE = 'No internet connection — your cart is kept. Try again when you are back online.';

/** Why an action that needs the server is disabled while offline. */
export const NEEDS_CONNECTION = 'Needs an internet connection';
