import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The admin's four figures, counted and summed by the database in one query. */
export async function readAdminStatistics(
  db: Kysely<Database>,
): Promise<{ users: number; menuItems: number; payments: number; revenueCents: number }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('users').select(eb.fn.countAll<number>().as('n')).as('users'),
      eb.selectFrom('menu_items').select(eb.fn.countAll<number>().as('n')).as('menuItems'),
      eb.selectFrom('payments').select(eb.fn.countAll<number>().as('n')).as('payments'),
      eb
        .selectFrom('payments')
        .select((sub) => sub.fn.coalesce(sub.fn.sum<number>('price_cents'), sub.lit(0)).as('n'))
        .as('revenueCents'),
    ])
    .executeTakeFirstOrThrow();
  return {
    users: Number(row.users),
    menuItems: Number(row.menuItems),
    payments: Number(row.payments),
    revenueCents: Number(row.revenueCents),
  };
}
