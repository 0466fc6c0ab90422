import { sql, type Kysely } from 'kysely';
import type { DbKind } from '../database.ts';

export function up(kind: DbKind) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('images')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('bytes', kind === 'postgres' ? sql`bytea` : 'blob', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('byte_size', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('menu_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
      .addColumn('new_price_cents', 'integer', (c) => c.check(sql`new_price_cents > 0`))
      .addColumn('recipe', 'text', (c) => c.notNull())
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('menu_items_category_idx')
      .on('menu_items')
      .columns(['category', 'created_at'])
      .execute();
    await db.schema
      .createIndex('menu_items_order_idx')
      .on('menu_items')
      .columns(['created_at', 'id'])
      .execute();

    await db.schema
      .createTable('reviews')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.dropTable('reviews').execute();
    await db.schema.dropTable('menu_items').execute();
    await db.schema.dropTable('images').execute();
  };
}
