import { sql, type Kysely } from 'kysely';

/**
 * The statistics (docs/decisions/0019-statistics.md): one row per order line, written with the
 * order in the same transaction, so that a period's dishes are summed by the database from one
 * index on both engines instead of parsing every order's JSON lines. Each line carries its order's
 * time: the period's lines are one range of `order_lines_created_idx`, whose columns answer the
 * sums without reading the table. Existing orders are copied in, a batch at a time.
 *
 * `orders_created_number_idx` replaces `orders_created_idx`. The export reads orders in
 * (created_at, number) order a batch at a time, and each batch must start from the index, not
 * from a sort of everything after it; the columns after those two are the ones the statistics
 * sum, so that a period's sums are read from the index alone (an order row is wide: its lines
 * and fulfilment as JSON). Figures in docs/performance.md.
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
