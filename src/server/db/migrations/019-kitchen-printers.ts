import type { Kysely } from 'kysely';

/**
 * Kitchen receipt printers (src/server/printers/): the administrator's list, and each printer's
 * last success and last failure, kept in the database so every process and the board agree.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('kitchen_printers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('port', 'integer', (c) => c.notNull())
      // 0 or 1, like menu_items.sold_out.
      .addColumn('print_on_accept', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_success_at', 'text')
      .addColumn('last_error_at', 'text')
      .addColumn('last_error', 'text')
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.dropTable('kitchen_printers').execute();
  };
}
