import { sql, type Kysely } from 'kysely';

/**
 * Order lines for the statistics (decision 0019), written with their order and carrying its time,
 * so a period's dish sums come from `order_lines_created_idx` alone instead of parsing JSON.
 * `orders_created_number_idx` replaces `orders_created_idx`: the export pages by (created_at,
 * number) from the index, and the trailing columns let period sums skip the wide order rows.
 */
const BATCH = 500;

interface LineJson {
  itemId: string;
  name: string;
  priceCents: number;
  quantity: number;
}

export function up() {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable('order_lines')
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('item_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('unit_cents', 'integer', (c) => c.notNull().check(sql`unit_cents >= 0`))
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'position'])
      .execute();

    const orders = db as unknown as Kysely<{ orders: { id: string; lines: string; created_at: string }; order_lines: Record<string, unknown> }>;
    let after = '';
    for (;;) {
      const batch = await orders.selectFrom('orders').select(['id', 'lines', 'created_at']).where('id', '>', after).orderBy('id').limit(BATCH).execute();
      if (batch.length === 0) break;
      const rows = batch.flatMap((order) =>
        (JSON.parse(order.lines) as LineJson[]).map((line, position) => ({
          order_id: order.id,
          position,
          item_id: line.itemId,
          name: line.name,
          unit_cents: line.priceCents,
          quantity: line.quantity,
          created_at: order.created_at,
        })),
      );
      // Within both engines' limits of bound parameters (7 a row).
      for (let i = 0; i < rows.length; i += 1000) await orders.insertInto('order_lines').values(rows.slice(i, i + 1000)).execute();
      after = batch.at(-1)!.id;
    }

    await db.schema
      .createIndex('order_lines_created_idx')
      .on('order_lines')
      .columns(['created_at', 'item_id', 'quantity', 'unit_cents', 'name'])
      .execute();
    await db.schema
      .createIndex('orders_created_number_idx')
      .on('orders')
      .columns(['created_at', 'number', 'fulfilment_type', 'total_cents', 'refund_status', 'refund_cents'])
      .execute();
    await db.schema.dropIndex('orders_created_idx').execute();
  };
}

export function down() {
  return async (db: Kysely<unknown>) => {
    await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
    await db.schema.dropIndex('orders_created_number_idx').execute();
    await db.schema.dropTable('order_lines').execute();
  };
}
