import type { Kysely } from 'kysely';

/**
 * Saved delivery addresses (issue 42): a customer's addresses and phones, offered at checkout;
 * cascading with the account, so deleting it deletes them.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('saved_addresses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('line1', 'text', (c) => c.notNull())
      .addColumn('line2', 'text')
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('postal_code', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('saved_addresses_user_idx').on('saved_addresses').columns(['user_id', 'used_at']).execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.dropTable('saved_addresses').execute();
  };
}
