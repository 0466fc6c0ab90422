import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, PromotionsTable } from '../db/schema.ts';

export type PromotionRow = Selectable<PromotionsTable>;
export type PromotionValues = Omit<Insertable<PromotionsTable>, 'id' | 'created_at' | 'uses'>;

export async function listPromotions(db: Kysely<Database>): Promise<PromotionRow[]> {
  return db.selectFrom('promotions').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

export async function findPromotion(db: Kysely<Database>, id: string): Promise<PromotionRow | undefined> {
  return db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPromotionByKey(db: Kysely<Database>, codeKey: string): Promise<PromotionRow | undefined> {
  return db.selectFrom('promotions').selectAll().where('code_key', '=', codeKey).executeTakeFirst();
}

export async function insertPromotion(db: Kysely<Database>, id: string, values: PromotionValues, at: string): Promise<void> {
  await db.insertInto('promotions').values({ id, ...values, created_at: at }).execute();
}

export async function updatePromotion(db: Kysely<Database>, id: string, values: Updateable<PromotionsTable>): Promise<number> {
  const result = await db.updateTable('promotions').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deletePromotion(db: Kysely<Database>, id: string): Promise<number> {
  const result = await db.deleteFrom('promotions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function hasUsedPromotion(db: Kysely<Database>, promotionId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('promotion_uses').select('intent_id').where('promotion_id', '=', promotionId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export async function hasOrdered(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('orders').select('id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one use of the promotion for a payment, or none: the count is raised in the statement
 * that checks the limit (PostgreSQL re-checks the condition on the locked row, SQLite has one
 * writer), so of many payments for the last uses exactly that many get one.
 */
export async function claimPromotionUse(db: Kysely<Database>, promotionId: string, userId: string, intentId: string, at: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('promotions')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('id', '=', promotionId)
      .where('paused', '=', 0)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
      .where((eb) =>
        eb.or([
          eb('once_per_customer', '=', 0),
          eb.not(eb.exists(eb.selectFrom('promotion_uses').select('intent_id').where('promotion_id', '=', promotionId).where('user_id', '=', userId))),
        ]),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx.insertInto('promotion_uses').values({ intent_id: intentId, promotion_id: promotionId, user_id: userId, used_at: at }).execute();
    return true;
  });
}

/** Gives a payment's use back (it was never charged); false when it had none or gave it back already. */
export async function releasePromotionUse(db: Kysely<Database>, intentId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const [gone] = await trx.deleteFrom('promotion_uses').where('intent_id', '=', intentId).returning('promotion_id').execute();
    if (!gone) return false;
    await trx
      .updateTable('promotions')
      .set((eb) => ({ uses: eb('uses', '-', 1) }))
      .where('id', '=', gone.promotion_id)
      .execute();
    return true;
  });
}
