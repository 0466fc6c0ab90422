import type { Kysely } from 'kysely';
import { FAVOURITES_MAX } from '../../shared/favourites.ts';
import { readDishTranslations, translateItem } from '../../shared/dish-translations.ts';
import { SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages.ts';
import type { MenuItem } from '../../shared/menu.ts';
import type { Database } from '../db/schema.ts';
import { ConflictError, NotFoundError } from '../http/errors.ts';
import { findMenuItem } from '../menu/menu-repository.ts';
import { toMenuItem } from '../menu/menu-service.ts';
import { countFavourites, deleteFavourite, insertFavourite, isFavourite, listFavouriteItems } from './favourites-repository.ts';
import { say } from '../i18n/wording.ts';

const NO_SUCH_DISH = say('error.menu.noSuchItem');

/** The caller's saved dishes as the menu answers them in `language` (its texts, English where none), the latest saved first. */
export async function listFavourites(db: Kysely<Database>, userId: string, language: Language = SOURCE_LANGUAGE): Promise<MenuItem[]> {
  const rows = await listFavouriteItems(db, userId);
  if (language === SOURCE_LANGUAGE) return rows.map(toMenuItem);
  return rows.map((row) => translateItem(toMenuItem(row), readDishTranslations(row.translations)[language]));
}

/** Saves a dish; saving a saved one changes nothing. 409 past FAVOURITES_MAX, 404 for an unknown dish. */
export async function saveFavourite(db: Kysely<Database>, userId: string, itemId: string): Promise<void> {
  if (await isFavourite(db, userId, itemId)) return;
  if ((await countFavourites(db, userId)) >= FAVOURITES_MAX) {
    throw new ConflictError(say('error.favourites.full', { max: FAVOURITES_MAX }));
  }
  const inserted = await insertFavourite(db, userId, itemId, new Date().toISOString());
  // Nothing inserted: the dish does not exist, or a parallel call saved it first.
  if (inserted === 0 && !(await isFavourite(db, userId, itemId))) throw new NotFoundError(NO_SUCH_DISH);
}

/** Removes a dish; removing what is not saved is done already, unless the dish itself is unknown (404). */
export async function removeFavourite(db: Kysely<Database>, userId: string, itemId: string): Promise<void> {
  const deleted = await deleteFavourite(db, userId, itemId);
  if (deleted === 0 && !(await findMenuItem(db, itemId))) throw new NotFoundError(NO_SUCH_DISH);
}

/** The caller's favourites for their routes (app.favourites, favourites-plugin.ts). */
export class FavouritesService {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  list(userId: string, language?: Language): Promise<MenuItem[]> {
    return listFavourites(this.db, userId, language);
  }

  save(userId: string, itemId: string): Promise<void> {
    return saveFavourite(this.db, userId, itemId);
  }

  remove(userId: string, itemId: string): Promise<void> {
    return removeFavourite(this.db, userId, itemId);
  }
}
