import type { Kysely } from 'kysely';

/**
 * Tips (docs/product.md, "Tips"): the tip inside an intent's amount, as the server computed it from
 * the customer's choice (src/shared/tips.ts), copied onto its order; 0 on older ones.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('payment_intents').addColumn('tip_cents', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('orders').addColumn('tip_cents', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.alterTable('orders').dropColumn('tip_cents').execute();
    await db.schema.alterTable('payment_intents').dropColumn('tip_cents').execute();
  };
}
