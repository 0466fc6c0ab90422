import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATEGORIES, isCategory } from '../../shared/category-list.ts';
import { z } from 'zod';
import { isAdmin } from '../../shared/roles.ts';
import { itemIdParamsSchema, menuItemSchema } from '../../shared/menu.ts';
import { SEARCH_QUERY_MAX, parseTags, parseWithout } from '../../shared/menu-search.ts';
import { resolveCaller } from '../auth/authenticate.ts';
import { BadRequestError, NotFoundError } from '../http/errors.ts';
import { menuAdminRoutes } from './menu-admin-routes.ts';
import { menuStreamRoutes } from './menu-stream.ts';
import { snapshotBytes, type SnapshotBytes } from '../http/snapshot-answer.ts';
import { requestLanguage } from '../i18n/request-language.ts';
import { bytesOf, keepSearchAnswer, menuItemsSchema, toMenuItem, type MenuSnapshot } from './menu-service.ts';
import { say } from '../i18n/wording.ts';

/** The most first items of each category one `?perCategory=` asks for. */
const MAX_PER_CATEGORY = 12;

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec's call answers the whole menu; `?category=<one of the ten>` answers that category's
  // items alone, in the same order (the menu page's tabs, for a large menu).
  // Answered from the menu's snapshot (reply.sendSnapshot, which sets every header).
  // Not compressed by @fastify/compress: the snapshot holds its gzipped bytes; no body to decompress.
  // `?perCategory=<1 to 12>` answers the first items of each category (the item list's blocks).
  // Each in the request's language (`?lang=`, the cookie, Accept-Language), as the pages are.
  app.get('/items', { compress: false, decompress: false, schema: { response: { 200: z.array(menuItemSchema) } } }, (request, reply) => {
    const { category, perCategory, q, tags, without } = request.query as Record<string, unknown>;
    const write = (bytes: SnapshotBytes) => reply.sendSnapshot(bytes);
    const language = requestLanguage(request);
    if (q !== undefined || tags !== undefined || without !== undefined) return searchMenu(language, request.url, q, tags, without, category, perCategory).then(write);
    if (category !== undefined && (typeof category !== 'string' || !isCategory(category))) {
      throw new BadRequestError(say('error.menu.categoryUnknown', { categories: CATEGORIES.join(', ') }), { category: [say('error.menu.unknownCategory')] });
    }
    if (perCategory !== undefined) {
      if (category !== undefined) throw new BadRequestError(say('error.menu.notBoth'), { perCategory: [say('error.menu.notWithCategory')] });
      const count = typeof perCategory === 'string' && /^\d{1,2}$/.test(perCategory) ? Number(perCategory) : 0;
      if (count < 1 || count > MAX_PER_CATEGORY) {
        throw new BadRequestError(say('error.menu.perCategoryRange', { max: MAX_PER_CATEGORY }), { perCategory: [say('error.menu.fromOneTo12')] });
      }
      return app.menu.currentIn(language).then(async (snapshot) => write(await snapshot.firstOfEachCategory(count)));
    }
    // Answered at once when this language's snapshot is built: no promise on the busiest read.
    const snapshot = app.menu.ready()?.inLanguage(language);
    if (snapshot && !(snapshot instanceof Promise)) return write(bytesOf(snapshot, category));
    return app.menu.currentIn(language).then((built) => write(bytesOf(built, category)));
  });

  /**
   * `?q=` searches the public menu (names, descriptions, tags, categories; small typos forgiven),
   * best first; `tags=` keeps the dishes with every tag named, `without=` drops those containing
   * any allergen named (keys of src/shared/dish-labels.ts, comma-separated). docs/product.md §18.
   * The answer is kept under its URL for this menu version and language: the same search again is
   * answered from it, with its ETag. Another language's search finds its words and English's.
   */
  const searchMenu = async (language: string, url: string, q: unknown, tags: unknown, without: unknown, category: unknown, perCategory: unknown): Promise<SnapshotBytes> => {
    if (category !== undefined || perCategory !== undefined) {
      throw new BadRequestError(say('error.menu.searchWhole'), { q: [say('error.menu.notWithCategoryOrPerCategory')] });
    }
    if (typeof q !== 'string' || q.trim() === '') throw new BadRequestError(say('error.menu.searchEmpty'), { q: [say('error.menu.typeSearch')] });
    if (q.length > SEARCH_QUERY_MAX) throw new BadRequestError(say('error.menu.searchTooLong', { max: SEARCH_QUERY_MAX }), { q: [say('error.menu.atMostCharacters', { max: SEARCH_QUERY_MAX })] });
    const tagKeys = parseTags(typeof tags === 'string' ? tags : tags === undefined ? '' : '?');
    if ('unknown' in tagKeys) throw new BadRequestError(say('error.menu.unknownTag', { tag: tagKeys.unknown }), { tags: [say('error.menu.unknownTag', { tag: tagKeys.unknown })] });
    const allergenKeys = parseWithout(typeof without === 'string' ? without : without === undefined ? '' : '?');
    if ('unknown' in allergenKeys) throw new BadRequestError(say('error.menu.unknownAllergen', { allergen: allergenKeys.unknown }), { without: [say('error.menu.unknownAllergen', { allergen: allergenKeys.unknown })] });
    const snapshot = await snapshotIn(language);
    const kept = snapshot.searchAnswers.get(url);
    if (kept) return kept;
    const found = snapshot.search().search(q.trim(), { tags: tagKeys.keys, without: allergenKeys.keys });
    const bytes = await snapshotBytes(found, { schema: menuItemsSchema, perLanguage: true });
    keepSearchAnswer(snapshot, url, bytes);
    return bytes;
  };

  /** The menu's snapshot in `language`, at once when it is built. */
  const snapshotIn = async (language: string): Promise<MenuSnapshot> => (app.menu.ready() ?? (await app.menu.current())).inLanguage(language);

  // A public dish from the menu's snapshot in the request's language, with its ETag. A hidden dish
  // is the administrator's alone (in English; the Update form reads GET /api/admin/items/{id}): 404 for anyone else.
  app.get('/items/:id', { schema: { params: itemIdParamsSchema, response: { 200: menuItemSchema } } }, async (request, reply) => {
    const snapshot = await snapshotIn(requestLanguage(request));
    const bytes = snapshot.dishAnswer(request.params.id);
    if (bytes) {
      return reply.sendSnapshot(bytes);
    }
    const row = await app.menu.storedDish(request.params.id);
    if (!row) throw new NotFoundError(say('error.menu.noSuchItem'));
    // Not in the public menu: hidden (or added by another process a moment ago, its event on the way).
    if (row.hidden) {
      if (!isAdmin((await resolveCaller(app, request).catch(() => null))?.role)) throw new NotFoundError(say('error.menu.noSuchItem'));
      // The administrator's alone: no cache (the app's service worker included) may keep it for others.
      reply.header('cache-control', 'private, no-store');
    }
    return toMenuItem(row);
  });

  menuStreamRoutes(app);
  await app.register(menuAdminRoutes);
};
