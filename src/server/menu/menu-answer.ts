import { isCategory, type Category } from '../../shared/category-list.ts';
import type { EarlyRoute } from '../http/answer-before-fastify.ts';
import type { MenuBytes, MenuCatalog, MenuSnapshot } from './menu-service.ts';

/** The whole menu's answer, or one category's. */
export const bytesOf = (snapshot: MenuSnapshot, category: Category | undefined): MenuBytes => (category ? snapshot.categories.get(category)! : snapshot);

const MENU_PATH = '/api/items';
const CATEGORY_QUERY = `${MENU_PATH}?category=`;
const DISH_PATH = `${MENU_PATH}/`;
const QUERY = `${MENU_PATH}?`;

/**
 * The menu's reads answered before Fastify (http/answer-before-fastify.ts, decisions 0014 and
 * 0029), once the snapshot is built:
 * - `GET /api/items` and `GET /api/items?category=<one of the ten>`;
 * - `GET /api/items/<id>` of a public dish (the dish page's read): a hidden or unknown dish goes
 *   to the route, which looks it up for an administrator or answers 404;
 * - a search (`GET /api/items?q=…`) whose URL the route has answered already in this menu version
 *   (the route checks the query and keeps its answer: menu-routes.ts).
 * The Fastify routes answer every other form with the same writer, so both send the same bytes.
 */
export function menuEarlyRoutes(menu: MenuCatalog): EarlyRoute[] {
  return [
    {
      route: MENU_PATH,
      bytesFor: (url) => {
        if (url === MENU_PATH) return menu.ready();
        if (!url.startsWith(QUERY)) return undefined;
        const snapshot = menu.ready();
        if (!snapshot) return undefined;
        if (url.startsWith(CATEGORY_QUERY)) {
          const value = url.slice(CATEGORY_QUERY.length);
          if (isCategory(value)) return snapshot.categories.get(value);
        }
        return snapshot.searchAnswers.get(url);
      },
    },
    {
      route: `${MENU_PATH}/:id`,
      bytesFor: (url) => {
        if (!url.startsWith(DISH_PATH)) return undefined;
        const id = url.slice(DISH_PATH.length);
        // The route decodes its parameter: an id that needs decoding, or a longer path, goes there.
        if (id.includes('/') || id.includes('?') || id.includes('%')) return undefined;
        return menu.ready()?.dishAnswer(id);
      },
    },
  ];
}
