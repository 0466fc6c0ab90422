import type { Kysely } from 'kysely';

/**
 * Orders for later and capacity per slot (issue 40). `order_slots`: one row per time slot ever
 * asked for, locked while its places are counted, so two payments cannot both take the last one.
 * `slot_holds`: the places taken, one per payment intent: held for a while before its card is
 * charged (`held_until`), for good (null) once charged.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema.createTable('order_slots').addColumn('slot_at', 'text', (c) => c.primaryKey()).execute();
    await db.schema
      .createTable('slot_holds')
      .addColumn('intent_id', 'text', (c) => c.primaryKey())
      .addColumn('slot_at', 'text', (c) => c.notNull())
      .addColumn('dishes', 'integer', (c) => c.notNull())
      .addColumn('held_until', 'text')
      .execute();
    await db.schema.createIndex('slot_holds_slot_at').on('slot_holds').column('slot_at').execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.dropTable('slot_holds').execute();
    await db.schema.dropTable('order_slots').execute();
  };
}
