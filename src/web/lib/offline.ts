/** Shared by the service worker and the pages so both agree on what works offline (decision 0028). */

/** The app's shell, kept with each version: drawn in the browser for any page missing offline. */
export const OFFLINE_SHELL = '/index.html';

export const DISH_READ = /^\/api\/items\/([^/]+)$/;

/** The public answers kept for offline reading: the menu (whole, searched, one dish) and the reviews. */
export const PUBLIC_API_READS: readonly RegExp[] = [/^\/api\/items$/, DISH_READ, /^\/api\/review$/];

export const MENU_READ = '/api/items';

/** Kept as soon as the service worker is installed, so the menu opens offline after one visit. */
export const PUBLIC_API_READS_TO_KEEP: readonly string[] = [MENU_READ, '/api/review'];

/** The page asks a waiting new version to take over with this message. */
export const SKIP_WAITING_MESSAGE = 'skip-waiting';

/** What a request that could not reach the server says, instead of a generic error. */
export const OFFLINE_MESSAGE = 'No internet connection — your cart is kept. Try again when you are back online.';

/** Why an action that needs the server is disabled while offline. */
export const NEEDS_CONNECTION = 'Needs an internet connection';
