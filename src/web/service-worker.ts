/**
 * Service worker (decision 0028), built by scripts/build-service-worker.ts. App files are
 * precached per version so no tab runs half of one build and half of another; pages go network
 * first, falling back to the last copy or the shell. Only public answers are cached: signed-in
 * answers, the cart and payments always reach the server, and no-store answers are never kept.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { IMAGE_URL_PREFIX } from '../shared/image-urls.ts';
import { carriesSecret, DISH_READ, MENU_READ, OFFLINE_SHELL, PUBLIC_API_READS, PUBLIC_API_READS_TO_KEEP, SKIP_WAITING_MESSAGE } from './lib/offline.ts';

declare const __PRECACHE_MANIFEST__: PrecacheEntry[];

type InstallEvent = Extract<Parameters<NetworkFirst['handle']>[0], { event: unknown }>['event'];
/** Typed by hand: the project's TypeScript has the page's DOM types, not a worker's. */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void;
  skipWaiting(): Promise<void>;
}
const worker = self as unknown as WorkerScope;

/**
 * Keeps an answer only when its server allows it: a no-store answer (captcha, signed-in data)
 * never lands in a cache, nor one whose address holds a secret (a mailed link's token).
 */
const storableOnly = {
  cacheWillUpdate: async ({ request, response }: { request: Request; response: Response }) =>
    response.status === 200 && !carriesSecret(new URL(request.url)) && !/no-store|private/.test(response.headers.get('cache-control') ?? '') ? response : null,
};

precacheAndRoute(__PRECACHE_MANIFEST__);
cleanupOutdatedCaches();
// The first version takes the open tab at once, so the visit that installed it already works offline.
// A later version waits for the page's "Reload" (the message below).
clientsClaim();

const pages = new NetworkFirst({ cacheName: 'pages', plugins: [storableOnly, new ExpirationPlugin({ maxEntries: 60 })] });
registerRoute(
  // A link's page (its token in the address) goes to the network alone, never through a cache.
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !carriesSecret(url),
  async (options) => {
    try {
      const response = await pages.handle(options);
      if (response) return response;
    } catch {
      // No connection and no copy of this page: the shell below draws it in the browser.
    }
    return (await matchPrecache(OFFLINE_SHELL)) ?? Response.error();
  },
);

// The menu and the reviews: fresh from the server while online, the last copy offline.
// The menu's answers vary by language (`Vary: accept-language, cookie`), which a request made here
// does not carry: offline, the last copy kept of an address is the answer, whatever it varied by.
const publicReads = new NetworkFirst({ cacheName: 'public-api', matchOptions: { ignoreVary: true }, plugins: [storableOnly, new ExpirationPlugin({ maxEntries: 200 })] });
registerRoute(
  ({ request, url }) => request.method === 'GET' && PUBLIC_API_READS.some((read) => read.test(url.pathname)) && !carriesSecret(url),
  async (options) => {
    try {
      return await publicReads.handle(options);
    } catch (error) {
      // A tab of the menu (GET /api/items?category=juice) or a dish (GET /api/items/:id) never read
      // before: answered from the kept menu.
      const url = new URL(options.request.url);
      const category = url.searchParams.get('category');
      const dishId = DISH_READ.exec(url.pathname)?.[1];
      const menu = category !== null || dishId ? await (await caches.open('public-api')).match(MENU_READ, { ignoreVary: true }) : undefined;
      if (!menu) throw error;
      const dishes = (await menu.json()) as { _id: string; category: string }[];
      if (category !== null) return Response.json(dishes.filter((dish) => dish.category === category));
      const dish = dishes.find((d) => d._id === decodeURIComponent(dishId!));
      if (!dish) throw error;
      return Response.json(dish);
    }
  },
);

// The dishes' pictures never change under their name (a new picture is a new file).
registerRoute(
  ({ url }) => url.pathname.startsWith(IMAGE_URL_PREFIX),
  new CacheFirst({
    cacheName: 'dish-pictures',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 3600 })],
  }),
);

// The pages' own pictures and video posters (src/web/public): shown at once, refreshed behind.
registerRoute(
  ({ url, request }) => url.origin === location.origin && (request.destination === 'image' || url.pathname.startsWith('/media/')),
  new StaleWhileRevalidate({ cacheName: 'site-pictures', plugins: [storableOnly, new ExpirationPlugin({ maxEntries: 60 })] }),
);

// The menu kept at once, so the first visit's page (which came with the menu inside it) is
// enough for the menu to open offline later.
worker.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all(PUBLIC_API_READS_TO_KEEP.map((path) => publicReads.handle({ request: new Request(path), event }).catch(() => undefined))),
  );
});

// The page's "Reload" on "A new version is available": the waiting version takes over, the page reloads into it.
worker.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING_MESSAGE) void worker.skipWaiting();
});
