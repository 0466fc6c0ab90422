import type { Kysely } from 'kysely';

/**
 * The restaurant's tables (src/server/tables/): each one's name, optional area and the version of
 * its code. A table link is signed over the table's id and this version, so raising it (regenerate)
 * ends every code printed before, and deleting the row ends them all.
 */
export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('restaurant_tables')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('area', 'text')
      .addColumn('code_version', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // Two tables called "7" would make a guest's order ambiguous on the board.
    await db.schema.createIndex('restaurant_tables_name').on('restaurant_tables').column('name').unique().execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.dropTable('restaurant_tables').execute();
  };
}
