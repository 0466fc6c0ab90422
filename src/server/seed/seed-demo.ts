import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { priceToCents } from '../../shared/money.ts';
import { storeImage } from '../images/image-store.ts';
import { countMenuItems, insertMenuItems } from '../menu/menu-repository.ts';
import { insertReviews } from '../reviews/review-repository.ts';
import type { Database } from '../db/schema.ts';
import { ALLERGENS, DISH_TAGS, inListOrder, labelsToColumn } from '../../shared/dish-labels.ts';
import { CATEGORY_BACKGROUNDS, DEMO_ITEMS, DEMO_REVIEWS, demoLabels } from './demo-menu.ts';
import { composeDemoPicture } from './demo-pictures.ts';

/**
 * Creates the demo menu and reviews when the menu is empty, and only then, so a restart never
 * adds a second menu and an owner's own menu is never touched. Returns whether it seeded.
 */
export async function seedDemoData(db: Kysely<Database>): Promise<boolean> {
  if ((await countMenuItems(db)) > 0) return false;

  // Pictures first (slow, outside the transaction), rows after in one transaction.
  const start = Date.now();
  const items = await Promise.all(
    DEMO_ITEMS.map(async (item, index) => {
      const picture = await composeDemoPicture(item.emoji, CATEGORY_BACKGROUNDS[item.category]);
      const { url } = await storeImage(db, picture);
      const labels = demoLabels(item);
      return {
        id: randomUUID(),
        tags: labelsToColumn(inListOrder(DISH_TAGS, labels.tags)),
        allergens: labelsToColumn(inListOrder(ALLERGENS, labels.allergens)),
        name: item.name,
        category: item.category,
        price_cents: priceToCents(item.price),
        new_price_cents: item.newPrice === undefined ? null : priceToCents(item.newPrice),
        recipe: item.recipe,
        image: url,
        // Distinct, increasing timestamps keep the demo menu in the order it is written.
        created_at: new Date(start + index).toISOString(),
      };
    }),
  );
  const reviews = await Promise.all(
    DEMO_REVIEWS.map(async (review, index) => {
      const picture = await composeDemoPicture(review.emoji, review.background, { width: 600, height: 600 });
      const { url } = await storeImage(db, picture);
      return {
        id: randomUUID(),
        name: review.name,
        image: url,
        details: review.details,
        created_at: new Date(start + index).toISOString(),
      };
    }),
  );
  await db.transaction().execute(async (trx) => {
    // Checked again inside the transaction: two processes starting at once seed only once.
    if ((await countMenuItems(trx)) > 0) return;
    await insertMenuItems(trx, items);
    await insertReviews(trx, reviews);
  });
  return true;
}
