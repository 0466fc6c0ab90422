import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Import zones (docs/decisions/0016-import-zones-and-route-table.md). `src/shared` is imported by
 * both sides and imports neither; the web app never imports the server, nor the server the web.
 * Inside each side imports flow one way: the app (what assembles the side) may import features,
 * features may import the infrastructure, and never the other way round. A feature uses another
 * feature only through the files that feature lists here as its public surface. On the server a
 * feature imports only features listed before it, so no two feature folders import each other;
 * import-x's no-cycle refuses a loop of files (docs/decisions/0038-no-import-loops.md).
 */
export const SIDES = {
  web: {
    other: 'server',
    /** Folders and root files of the app layer: the router, layouts and providers, the entries. */
    appFolders: ['app'],
    appFiles: ['main.tsx', 'boot.ts', 'server-render.tsx', 'page-data.ts', 'service-worker.ts'],
    infrastructure: ['ui', 'lib', 'i18n'],
    infrastructureFiles: [],
    features: {
      // The payment page offers the saved delivery addresses and saves a new one.
      account: ['components/verify-email-banner.tsx', 'api/addresses-api.ts'],
      auth: ['use-auth.ts', 'use-sign-out.ts', 'components/form-field.tsx'],
      // The payment page repeats the cart's notice of changed prices before the card.
      // The public pages keep the cart's bar on a phone's screen.
      cart: ['api/cart-api.ts', 'components/cart-count-badge.tsx', 'components/price-change-notice.tsx', 'components/view-cart-bar.tsx'],
      dashboard: ['require-user.tsx'],
      // The app mounts the dish options' dialog once, for every page that adds a dish, and does a
      // visitor's add or heart once they have signed in.
      menu: ['api/get-menu.ts', 'menu-by-category.ts', 'components/menu-item-row.tsx', 'options/dish-options-host.tsx', 'pending/pending-action-runner.tsx'],
      // The checkout's first step (how the meal reaches the customer) is drawn by the payment page.
      orders: ['components/status-badge.tsx', 'components/tax-rows.tsx', 'api/orders-api.ts', 'api/order-cache.ts', 'checkout/fulfilment-draft.ts', 'checkout/fulfilment-choice.tsx', 'checkout/fulfilment-form.tsx'],
      payments: [],
      // The administrator's promo codes: a page of its own, imported by no other feature.
      promotions: [],
      reviews: ['components/reviews-section.tsx'],
      // The restaurant's settings: the header's open-now line; the checkout reads the ways and fees.
      settings: ['api/settings-api.ts', 'components/open-now-line.tsx'],
      // The user home (dashboard) shows the customer's own figures.
      stats: ['components/customer-summary.tsx'],
      // The dish page answers an unknown dish with the shop's not-found page.
      storefront: ['pages/not-found-page.tsx'],
      // The menu shows the table a code opened; the payment page sends its token.
      tables: ['table-visit.ts', 'components/table-banner.tsx'],
      users: [],
    },
  },
  server: {
    other: 'web',
    appFolders: [],
    appFiles: ['app.ts', 'main.ts'],
    infrastructure: ['db', 'http', 'events', 'i18n'],
    /** Infrastructure at the root: the configuration and the speed layers' switch, read by every layer. */
    infrastructureFiles: ['config.ts', 'speed-layers.ts'],
    /** Listed in the order they may import each other: a feature imports only features above it. */
    ordered: true,
    /** Routes call their service (decorated by the feature's plugin), and services own their repositories. */
    routeFiles: '*-routes.ts',
    routesMayNotImport: { regex: '(^|/)[^/]*-repository\\.ts$', message: "A route calls its feature's service (app.<service>, decorated by the feature's plugin), never a repository (docs/decisions/0041-app-as-plugins.md)." },
    features: {
      users: ['user-repository.ts'],
      // The account's pages build on the sign-in machinery: sessions, limits and password rules.
      // The table links are signed with a key derived from the shop's secret (auth-secret.ts).
      auth: ['auth-providers.ts', 'page-captcha.ts', 'authenticate.ts', 'auth-instance.ts', 'password-strength.ts', 'rate-limits.ts', 'rate-limit-store.ts', 'session-repository.ts', 'auth-secret.ts'],
      // The restaurant's tables: checkout reaches them through app.tables, never by import.
      tables: [],
      images: ['image-store.ts'],
      // Favourites answer their dishes as the menu does.
      menu: ['menu-repository.ts', 'menu-service.ts'],
      cart: ['cart-repository.ts', 'cart-service.ts'],
      // The restaurant's hours, pause and delivery terms, checked when a payment is opened and confirmed.
      settings: ['settings-service.ts', 'order-rules.ts'],
      // A payment makes its order in the same transaction, with the fulfilment checked at checkout;
      // its provider speaks of refunds and disputes in the orders' types. The statistics' export
      // reads the orders as they are stored.
      orders: ['order-service.ts', 'order-types.ts', 'fulfilment.ts', 'orders-repository.ts', 'slot-service.ts'],
      // Promo codes: a payment quotes a code and takes its use when it is opened.
      promotions: ['promotions-service.ts'],
      payments: [],
      // Kitchen printers: the board's routes reach them through app.printers, never by import.
      printers: [],
      reviews: ['review-repository.ts'],
      mail: ['mail-queue.ts'],
      account: [],
      favourites: [],
      // Saved delivery addresses: the account's export reads them through app.savedAddresses.
      addresses: [],
      // Operations: health, metrics, logs, shutdown (docs/decisions/0027); only the app layer uses it.
      ops: [],
      pages: [],
      seed: [],
      stats: [],
    },
  },
};

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A folder anywhere in an import's path ("../../cart/api/…" holds "cart/"). */
const folder = (name) => `(^|/)${escape(name)}/`;

/** The restrictions of one zone: the other side, then each layer it may not reach. */
function zoneRestrictions(sideName, zone) {
  const side = SIDES[sideName];
  const patterns = [{ regex: folder(side.other), message: `The ${sideName} side must not import ${side.other} code; share it through src/shared.` }];
  if (zone === 'app') return patterns;
  patterns.push(
    ...side.appFolders.map((name) => ({ regex: folder(name), message: `Only the app layer imports src/${sideName}/${name}: it imports features, not the other way round.` })),
    ...side.appFiles.map((file) => ({ regex: `^(\\.\\.?/)+${escape(file)}$`, message: `src/${sideName}/${file} belongs to the app layer: nothing below it imports it.` })),
  );
  const order = Object.keys(side.features);
  for (const [feature, publicFiles] of Object.entries(side.features)) {
    if (feature === zone) continue;
    if (side.ordered && order.includes(zone) && order.indexOf(feature) > order.indexOf(zone)) {
      patterns.push({ regex: folder(feature), message: `The ${zone} feature imports only features listed before it (eslint.config.js): ${feature} comes after, and two features must not import each other.` });
      continue;
    }
    if (side.infrastructure.includes(zone) || zone === 'infrastructure') {
      const where = zone === 'infrastructure' ? side.infrastructureFiles.map((file) => `src/${sideName}/${file}`).join(', ') : `src/${sideName}/${zone}`;
      patterns.push({ regex: folder(feature), message: `${where} is below the features: it must not import the ${feature} feature.` });
    } else {
      const allowed = publicFiles.map(escape).join('|');
      patterns.push({
        regex: allowed ? `${folder(feature)}(?!(${allowed})$)` : folder(feature),
        message: publicFiles.length
          ? `Another feature is used through its public files only (${feature}: ${publicFiles.join(', ')}; eslint.config.js).`
          : `The ${feature} feature has no public files: another feature must not import it (eslint.config.js).`,
      });
    }
  }
  return patterns;
}

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** One config block per zone, so that each file gets exactly one list of restrictions. */
function importZones() {
  const blocks = [];
  for (const [sideName, side] of Object.entries(SIDES)) {
    const root = `src/${sideName}`;
    blocks.push({
      files: [`${root}/*.{ts,tsx}`, ...side.appFolders.map((name) => `${root}/${name}/**/*.{ts,tsx}`)],
      ignores: side.infrastructureFiles.map((file) => `${root}/${file}`),
      rules: restrict(zoneRestrictions(sideName, 'app')),
    });
    if (side.infrastructureFiles.length > 0) {
      blocks.push({ files: side.infrastructureFiles.map((file) => `${root}/${file}`), rules: restrict(zoneRestrictions(sideName, 'infrastructure')) });
    }
    for (const zone of [...side.infrastructure, ...Object.keys(side.features)]) {
      blocks.push({ files: [`${root}/${zone}/**/*.{ts,tsx}`], rules: restrict(zoneRestrictions(sideName, zone)) });
      // The zone's route files: its list again, and one more (a later block's list replaces the earlier).
      if (side.routeFiles && zone in side.features) {
        blocks.push({ files: [`${root}/${zone}/**/${side.routeFiles}`], rules: restrict([...zoneRestrictions(sideName, zone), side.routesMayNotImport]) });
      }
    }
  }
  blocks.push({
    files: ['src/shared/**/*.ts'],
    rules: restrict([{ regex: `${folder('server')}|${folder('web')}`, message: 'src/shared is imported by both sides and imports neither.' }]),
  });
  return blocks;
}

/** What a route file may not call, with what the message says instead. */
export const ROUTES_MAY_NOT_CALL = [
  ["CallExpression[callee.property.name='hijack']", 'hijack its reply: it sends a snapshot by reply.sendSnapshot'],
  ["CallExpression[callee.object.property.name='answers'][callee.property.name='write']", 'write a snapshot itself: it calls reply.sendSnapshot'],
  ["CallExpression[callee.object.property.name='keptAnswers']", 'run kept answers: it names config.keptAnswer or config.customerWrites'],
];

/**
 * Money and dates in the web app's components go through Intl in the reader's language
 * (src/web/i18n/format.ts): a hand-made price (`toFixed`) or a date built from its parts or by
 * the browser's own locale is refused (issue 44, point 3).
 */
export const COMPONENTS_MAY_NOT_CALL = [
  ["CallExpression[callee.property.name='toFixed']", 'make a price with toFixed: useFormat().money, priceText or formatPrice (a form field\'s value)'],
  ["CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]", "format a date or number by the browser's locale: useFormat() (src/web/i18n/format.ts)"],
  ["CallExpression[callee.property.name=/^get(UTC)?(FullYear|Month|Date|Day|Hours|Minutes)$/]", 'build a date from its parts: useFormat() (src/web/i18n/format.ts)'],
];

/** Components other work of issue 44 is changing (the payment, order and statistics pages, the settings): moved to useFormat with their texts. */
export const FORMAT_NOT_YET_MOVED = [];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.test-data/', 'data/', '.scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...importZones(),
  {
    // A loop of files, however long (type-only imports, erased at run time, aside).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.tsx'], 'import-x/resolver-next': [importX.createNodeResolver()] },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['src/web/**/*.tsx'],
    ignores: FORMAT_NOT_YET_MOVED,
    rules: {
      'no-restricted-syntax': ['error', ...COMPONENTS_MAY_NOT_CALL.map(([selector, what]) => ({ selector, message: `A component does not ${what}.` }))],
    },
  },
  {
    // Routes ask for a speed layer by an option or a reply decoration; they never run one
    // themselves (docs/decisions/0042-speed-layers-measured.md).
    files: ['src/server/**/*-routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ROUTES_MAY_NOT_CALL.map(([selector, what]) => ({ selector, message: `A route does not ${what} (docs/decisions/0042-speed-layers-measured.md).` })),
      ],
    },
  },
);
