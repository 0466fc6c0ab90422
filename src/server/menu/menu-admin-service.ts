import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { centsToPrice, priceToCents } from '../../shared/money.ts';
import { ALLERGENS, DISH_TAGS, inListOrder, labelsToColumn } from '../../shared/dish-labels.ts';
import { offerPriceProblem } from '../../shared/dish-availability.ts';
import { toOptionGroups } from '../../shared/dish-options.ts';
import type { ItemAvailability, ItemInput } from '../../shared/menu.ts';
import { dishTranslationsColumn, inputLanguages, readDishTranslations, translationsOfInput } from '../../shared/dish-translations.ts';
import { SOURCE_LANGUAGE } from '../../shared/i18n/languages.ts';
import { SHOP_LANGUAGES } from '../i18n/request-language.ts';
import type { Database } from '../db/schema.ts';
import { BadRequestError, NotFoundError } from '../http/errors.ts';
import { isStoredImageUrl } from '../images/image-store.ts';
import type { MenuCatalog } from './menu-service.ts';
import {
  deleteMenuItem,
  findMenuItem,
  insertMenuItem,
  setMenuItemAvailability,
  updateMenuItem,
  type MenuItemChanges,
} from './menu-repository.ts';

const NO_SUCH_ITEM = 'No menu item with this id';

/** A short id for a new option group or choice: unique within its dish is all it needs. */
const newOptionId = () => randomUUID().slice(0, 12);

/**
 * The administrator's changes to the menu. The route has checked the shape of the input (shared
 * schema); this checks what only the database knows, writes, and refreshes the menu snapshot of
 * every process.
 */
export class MenuAdmin {
  private readonly db: Kysely<Database>;
  private readonly menu: MenuCatalog;
  /** The ids of the settings' tax rates now (the settings sit below the menu: read through the app). */
  private readonly taxRateIds: () => string[];

  constructor(db: Kysely<Database>, menu: MenuCatalog, taxRateIds: () => string[] = () => []) {
    this.db = db;
    this.menu = menu;
    this.taxRateIds = taxRateIds;
  }

  async create(input: ItemInput): Promise<string> {
    const id = randomUUID();
    await insertMenuItem(this.db, {
      new_price_cents: null,
      ...(await this.toChanges(input, undefined, null)),
      id,
      created_at: new Date().toISOString(),
    });
    await this.menu.changed();
    return id;
  }

  /**
   * The spec's update sends its five fields; the offer, the labels and the options it leaves out
   * are kept (the spec's own call does not know them).
   */
  async update(id: string, input: ItemInput): Promise<number> {
    const current = await findMenuItem(this.db, id);
    if (!current) throw new NotFoundError(NO_SUCH_ITEM);
    const changes = await this.toChanges(input, current.new_price_cents, current.translations);
    const modified = await updateMenuItem(this.db, id, changes);
    if (modified === 0) throw new NotFoundError(NO_SUCH_ITEM); // deleted meanwhile
    await this.menu.changed();
    return modified;
  }

  /** Sold out and hidden, either or both. */
  async setAvailability(id: string, switches: ItemAvailability): Promise<number> {
    const changes: { sold_out?: number; hidden?: number } = {};
    if (switches.soldOut !== undefined) changes.sold_out = switches.soldOut ? 1 : 0;
    if (switches.hidden !== undefined) changes.hidden = switches.hidden ? 1 : 0;
    const modified = await setMenuItemAvailability(this.db, id, changes);
    if (modified === 0) throw new NotFoundError(NO_SUCH_ITEM);
    await this.menu.changed();
    return modified;
  }

  /**
   * Deletes the item; the cart entries that refer to it go with it (ON DELETE CASCADE), and each
   * customer who had it in their cart is told its name once, on their cart page: the cart's
   * subscriber records that in the same transaction (MenuCatalog.onDishDeleting).
   */
  async delete(id: string): Promise<number> {
    const deleted = await this.db.transaction().execute(async (trx) => {
      await this.menu.dishDeleting(trx, id);
      return deleteMenuItem(trx, id);
    });
    if (deleted === 0) throw new NotFoundError(NO_SUCH_ITEM);
    await this.menu.changed();
    return deleted;
  }

  /**
   * `currentOffer`: the dish's offer now (cents), checked against a new price when the offer is kept;
   * `currentTranslations`: its stored texts in other languages, kept where the input sends none.
   */
  private async toChanges(input: ItemInput, currentOffer: number | null | undefined, currentTranslations: string | null): Promise<MenuItemChanges> {
    const offer = input.newPrice !== undefined ? input.newPrice : currentOffer != null ? centsToPrice(currentOffer) : null;
    const offerProblem = offerPriceProblem(input.price, offer);
    if (offerProblem) throw new BadRequestError(offerProblem, { newPrice: [offerProblem] });
    // The schema accepts only the shop's URL shape; this checks that the picture really exists.
    if (!(await isStoredImageUrl(this.db, input.image))) {
      const message = 'This picture is not stored by the shop. Upload it again.';
      throw new BadRequestError(message, { image: [message] });
    }
    if (input.taxRateId != null && !this.taxRateIds().includes(input.taxRateId)) {
      const message = 'Choose one of the tax rates of the settings';
      throw new BadRequestError(message, { taxRateId: [message] });
    }
    const others = SHOP_LANGUAGES.filter((language) => language !== SOURCE_LANGUAGE);
    const unknown = inputLanguages(input).find((language) => !others.includes(language));
    if (unknown !== undefined) {
      const message =
        unknown === SOURCE_LANGUAGE ? 'English is the dish\'s own name and details, not a translation' : `Unknown language: ${unknown}; the shop offers ${others.join(', ')}`;
      throw new BadRequestError(message, { translations: [message] });
    }
    const groups = input.options && toOptionGroups(input.options, newOptionId);
    const translations =
      input.translations !== undefined || input.options !== undefined
        ? { translations: dishTranslationsColumn(translationsOfInput(input, groups, readDishTranslations(currentTranslations))) }
        : {};
    return {
      name: input.name,
      category: input.category,
      price_cents: priceToCents(input.price),
      recipe: input.recipe,
      image: input.image,
      ...(input.newPrice !== undefined && { new_price_cents: input.newPrice === null ? null : priceToCents(input.newPrice) }),
      ...(input.tags && { tags: labelsToColumn(inListOrder(DISH_TAGS, input.tags)) }),
      ...(input.allergens && { allergens: labelsToColumn(inListOrder(ALLERGENS, input.allergens)) }),
      ...(input.taxRateId !== undefined && { tax_rate_id: input.taxRateId }),
      // Kept as given: groups and choices keep their ids across edits, so a cart entry's choice
      // stays the same choice when it is renamed or repriced; new ones get fresh ids.
      ...(groups && { options: groups.length > 0 ? JSON.stringify(groups) : null }),
      ...translations,
    };
  }
}
