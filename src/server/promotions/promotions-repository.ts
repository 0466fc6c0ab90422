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
