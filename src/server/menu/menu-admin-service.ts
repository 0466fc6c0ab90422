import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { toOptionGroups } from '../../shared/dish-options.ts';
import { priceToCents } from '../../shared/money.ts';
import type { ItemInput } from '../../shared/menu.ts';
import type { Database } from '../db/schema.ts';
import { BadRequestError, NotFoundError } from '../http/errors.ts';
import { isStoredImageUrl } from '../images/image-store.ts';
import type { MenuCatalog } from './menu-service.ts';
import { deleteMenuItem, findMenuItem, insertMenuItem, updateMenuItem, type MenuItemChanges } from './menu-repository.ts';

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

  constructor(db: Kysely<Database>, menu: MenuCatalog) {
    this.db = db;
    this.menu = menu;
  }

  async create(input: ItemInput): Promise<string> {
    const id = randomUUID();
    await insertMenuItem(this.db, {
      ...(await this.toChanges(input)),
      id,
      new_price_cents: null,
      created_at: new Date().toISOString(),
    });
    await this.menu.changed();
    return id;
  }

  /**
   * The spec's update sends every field; an item's newPrice, which no form edits, is kept, and so
   * are its options when the update leaves them out (the spec's own call does not know them).
   */
  async update(id: string, input: ItemInput): Promise<number> {
    if (!(await findMenuItem(this.db, id))) throw new NotFoundError(NO_SUCH_ITEM);
    const changes = await this.toChanges(input);
    const modified = await updateMenuItem(this.db, id, changes);
    if (modified === 0) throw new NotFoundError(NO_SUCH_ITEM); // deleted meanwhile
    await this.menu.changed();
    return modified;
  }

  /** Deletes the item; the cart entries that refer to it go with it (ON DELETE CASCADE). */
  async delete(id: string): Promise<number> {
    const deleted = await this.db.transaction().execute((trx) => deleteMenuItem(trx, id));
    if (deleted === 0) throw new NotFoundError(NO_SUCH_ITEM);
    await this.menu.changed();
    return deleted;
  }

  private async toChanges(input: ItemInput): Promise<MenuItemChanges> {
    // The schema accepts only the shop's URL shape; this checks that the picture really exists.
    if (!(await isStoredImageUrl(this.db, input.image))) {
      const message = 'This picture is not stored by the shop. Upload it again.';
      throw new BadRequestError(message, { image: [message] });
    }
    return {
      name: input.name,
      category: input.category,
      price_cents: priceToCents(input.price),
      recipe: input.recipe,
      image: input.image,
      // Kept as given: groups and choices keep their ids across edits, so a cart entry's choice
      // stays the same choice when it is renamed or repriced; new ones get fresh ids.
      ...(input.options && { options: input.options.length > 0 ? JSON.stringify(toOptionGroups(input.options, newOptionId)) : null }),
    };
  }
}
