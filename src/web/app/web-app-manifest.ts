import { paths } from '../../shared/paths.ts';

/**
 * The web app manifest (served as /manifest.webmanifest, written by the build: vite.config.ts):
 * what a phone or a desktop needs to install the shop as an app. Its links come from the route
 * table, so a moved page moves here too.
 */
export const WEB_APP_MANIFEST = {
  name: 'Raw Roots — raw food, ordered',
  short_name: 'Raw Roots',
  description: 'Order raw food from Raw Roots: the menu, your cart and your orders, live from the kitchen.',
  id: paths.home,
  start_url: paths.home,
  scope: '/',
  display: 'standalone',
  lang: 'en',
  // The header's brand green and the pages' stone background (src/web/styles.css).
  theme_color: '#166534',
  background_color: '#fafaf9',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
  shortcuts: [
    { name: 'Menu', short_name: 'Menu', url: paths.menu(), icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    { name: 'My Orders', short_name: 'Orders', url: paths.myOrders, icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
  ],
};

/** Where the manifest is served from. */
export const WEB_APP_MANIFEST_FILE = 'manifest.webmanifest';
