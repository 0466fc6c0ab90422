import fs from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

interface Side {
  appFolders: string[];
  infrastructure: string[];
  features: Record<string, string[]>;
}
// eslint.config.js is plain JavaScript: its zone table, typed here for the test.
const { SIDES } = (await import('../eslint.config.js' as string)) as { SIDES: Record<string, Side> };

/**
 * The import zones of eslint.config.js (docs/decisions/0016-import-zones-and-route-table.md),
 * run through ESLint's own API on a few lines of code given the path of a file in the zone:
 * upward imports, imports of another feature's inner files and import loops (two server features
 * importing each other, a loop of files) are errors, the allowed ones pass.
 */
const eslint = new ESLint();

const IMPORT_RULES = new Set(['no-restricted-imports', 'import-x/no-cycle']);

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = 1;\n`, { filePath });
  return result!.messages.filter((message) => IMPORT_RULES.has(message.ruleId ?? '')).map((message) => message.message);
}

describe('import direction', () => {
  it.each([
    ['a ui component imports a feature', 'src/web/ui/probe.tsx', "import { useAuth } from '../auth/use-auth.ts';"],
    ['a ui component imports the app layer', 'src/web/ui/probe.tsx', "import { Header } from '../app/header.tsx';"],
    ['a feature imports the app layer', 'src/web/cart/pages/probe.tsx', "import { AppRoutes } from '../../app/router.tsx';"],
    ['a feature imports a web entry', 'src/web/menu/probe.ts', "import { seedQueries } from '../page-data.ts';"],
    ["a feature imports another feature's inner file", 'src/web/dashboard/probe.tsx', "import { CartLink } from '../cart/components/cart-link.tsx';"],
    ['a feature imports a feature without public files', 'src/web/users/probe.ts', "import { Page } from '../payments/pages/payment-page.tsx';"],
    ['the web imports the server', 'src/web/app/probe.ts', "import { buildApp } from '../../server/app.ts';"],
    ['shared imports the web', 'src/shared/probe.ts', "import { paths } from '../web/app/router.tsx';"],
    ['server infrastructure imports a feature', 'src/server/http/probe.ts', "import { listReviewAnswers } from '../reviews/review-repository.ts';"],
    ['the configuration imports a feature', 'src/server/config.ts', "import { cartRoutes } from './cart/cart-routes.ts';"],
    ['the database layer imports a feature', 'src/server/db/migrations/probe.ts', "import { storeImage } from '../../images/image-store.ts';"],
    ['a server feature imports the app', 'src/server/menu/probe.ts', "import { buildApp } from '../app.ts';"],
    ["a server feature imports another's routes", 'src/server/payments/probe.ts', "import { cartRoutes } from '../cart/cart-routes.ts';"],
    ['the server imports the web', 'src/server/pages/probe.ts', "import { renderPage } from '../../web/server-render.tsx';"],
    // Routes call their service (app.cart), which owns the repository; another feature's too.
    ['a server route imports its repository', 'src/server/cart/cart-routes.ts', "import { listCartRemovals } from './cart-repository.ts';"],
    ["a server route imports another feature's repository", 'src/server/payments/probe-routes.ts', "import { listCartEntries } from '../cart/cart-repository.ts';"],
    // The cart imports the menu: the menu importing the cart would make the two folders a loop.
    ['a server feature imports a feature that imports it', 'src/server/menu/probe.ts', "import { cartEntriesOf } from '../cart/cart-service.ts';"],
    // order-service.ts imports order-disputes.ts (the file linted here, as if it imported it back).
    ['a file imports a file that imports it', 'src/server/orders/order-disputes.ts', "import { OrderService } from './order-service.ts';\nexport const service = OrderService;"],
  ])('refuses: %s', async (_name, filePath, code) => {
    expect(await importErrors(filePath, code)).toHaveLength(1);
  });

  it.each([
    ['the app layer imports a feature page', 'src/web/app/probe.tsx', "import { Page } from '../users/pages/manage-users-page.tsx';"],
    ['a feature imports ui, lib and shared', 'src/web/cart/pages/probe.tsx', "import { useToast } from '../../ui/toast.tsx';\nimport { apiRequest } from '../../lib/api-client.ts';\nimport { paths } from '../../../shared/paths.ts';"],
    ["a feature imports another feature's public file", 'src/web/stats/api/probe.ts', "import { useAuth } from '../../auth/use-auth.ts';"],
    ['a feature imports its own files', 'src/web/menu/admin/pages/probe.tsx', "import { useMenu } from '../../api/get-menu.ts';"],
    ['a server feature imports infrastructure and config', 'src/server/cart/probe.ts', "import { NotFoundError } from '../http/errors.ts';\nimport type { Database } from '../db/schema.ts';\nimport type { Config } from '../config.ts';"],
    ["a server feature imports another's repository", 'src/server/payments/probe.ts', "import { listCartEntries } from '../cart/cart-repository.ts';"],
    ['a server service imports its repository', 'src/server/cart/cart-service.ts', "import { listCartRemovals } from './cart-repository.ts';"],
    ['the server app imports features', 'src/server/probe.ts', "import { cartRoutes } from './cart/cart-routes.ts';"],
    ['a server feature imports a feature listed before it', 'src/server/cart/probe.ts', "import { toMenuItem } from '../menu/menu-service.ts';"],
  ])('allows: %s', async (_name, filePath, code) => {
    expect(await importErrors(filePath, code)).toEqual([]);
  });
});

describe('import zones cover the code', () => {
  it.each(Object.keys(SIDES))('every folder of src/%s is the app, infrastructure or a listed feature', (sideName) => {
    const side = SIDES[sideName]!;
    const known = new Set<string>([...side.appFolders, ...side.infrastructure, ...Object.keys(side.features)]);
    const folders = fs.readdirSync(`src/${sideName}`, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'public');
    // A folder missing here would escape every restriction: a new feature must be listed in eslint.config.js.
    expect(folders.map((entry) => entry.name).filter((name) => !known.has(name))).toEqual([]);
  });
});

describe('route files ask for speed layers, never run them', () => {
  const routeErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(`${code}\n`, { filePath });
    return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
  };
  it.each([
    ['hijacks its reply', 'reply.hijack();'],
    ['writes a snapshot itself', 'app.answers.write(request.raw, reply.raw, bytes, request.id);'],
    ['sends a kept answer itself', "await app.keptAnswers.send(request, reply, user.id, 'cart', read);"],
    ["scopes a customer's writes itself", 'await app.keptAnswers.customerWrites(user.id, work);'],
  ])('refuses a route that %s', async (_name, call) => {
    expect(await routeErrors('src/server/cart/cart-routes.ts', `declare const app: any, reply: any, request: any, bytes: any, user: any, read: any, work: any;\nexport async function probe() { ${call} }`)).toHaveLength(1);
  });
  it('allows a route that sends a snapshot and names its kept answer', async () => {
    expect(await routeErrors('src/server/cart/cart-routes.ts', "declare const reply: any, bytes: any;\nexport const config = { keptAnswer: { key: () => 'cart' } };\nreply.sendSnapshot(bytes);")).toEqual([]);
  });
});
