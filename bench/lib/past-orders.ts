import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';

/**
 * Past orders written straight into a shop's database, as placement writes them (the spec's
 * payment record, the order, its lines): for bench:stats and the dashboard's screenshots.
 */
export interface Dish {
  id: string;
  name: string;
  cents: number;
}

/** A small deterministic generator, so both engines get the same orders. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Rows of `orders` past orders of three lines each over the last `days` days, a batch at a time
 * (memory stays small): mostly around lunch and dinner, 3 % cancelled and refunded.
 */
export function* orderBatches(dishes: Dish[], shape: { orders: number; days: number }, batchSize: number) {
  const next = random(42);
  const now = Date.now();
  const fulfilments = ['table', 'pickup', 'delivery'] as const;
  for (let start = 0; start < shape.orders; start += batchSize) {
    const payments: unknown[][] = [];
    const orders: unknown[][] = [];
    const lines: unknown[][] = [];
    for (let i = start; i < Math.min(shape.orders, start + batchSize); i++) {
      // A day in the last year, and an hour around lunch (12–14) or dinner (18–21) mostly.
      const day = Math.floor(next() * shape.days);
      const peak = next() < 0.5 ? 12 : 18;
      const hour = next() < 0.8 ? peak + Math.floor(next() * 3) : 8 + Math.floor(next() * 15);
      const at = new Date(now - day * 86_400_000 - ((now % 86_400_000) - hour * 3_600_000) - Math.floor(next() * 3_600_000));
      // An hour still to come today goes to an earlier day of the period.
      const createdAt = new Date(at.getTime() > now ? at.getTime() - 86_400_000 * (1 + Math.floor(next() * (shape.days - 1))) : at.getTime()).toISOString();
      const id = randomUUID();
      const transactionId = `pi_bench_${i}`;
      const picked = Array.from({ length: 3 }, () => dishes[Math.floor(next() * dishes.length)]!);
      const quantities = picked.map(() => 1 + Math.floor(next() * 3));
      const lineJson = picked.map((d, n) => ({ itemId: d.id, name: d.name, priceCents: d.cents, quantity: quantities[n]! }));
      const total = lineJson.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
      const refunded = next() < 0.03;
      const type = fulfilments[i % 3]!;
      payments.push([randomUUID(), transactionId, `Customer ${i % 5000}`, `customer-${i % 5000}@example.test`, total, 3, createdAt]);
      orders.push([
        id, 1001 + i, transactionId, `Customer ${i % 5000}`, `customer-${i % 5000}@example.test`, refunded ? 'cancelled' : 'completed', type,
        JSON.stringify(type === 'table' ? { type, table: '4' } : { type }), JSON.stringify(lineJson), total,
        refunded ? 'succeeded' : null, refunded ? total : null, refunded ? total : 0, refunded ? 1 : 0, createdAt, createdAt,
      ]);
      lineJson.forEach((l, n) => lines.push([id, n, l.itemId, l.name, l.priceCents, l.quantity, createdAt]));
    }
    yield { payments, orders, lines };
  }
}

export const PAYMENT_COLUMNS = `(id, transaction_id, user_id, name, email, price_cents, quantity, cart_item_ids, menu_item_ids, item_names, status, created_at)`;
export const paymentValues = (p: (n: number) => string) => `(${p(1)}, ${p(2)}, null, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, '[]', '[]', '[]', 'service pending', ${p(7)})`;
export const ORDER_COLUMNS = `(id, number, transaction_id, user_id, customer_name, customer_email, status, fulfilment_type, fulfilment, note, lines, total_cents, ready_by, reason, refund_status, refund_cents, refunded_cents, refunds_made, created_at, updated_at)`;
export const orderValues = (p: (n: number) => string) =>
  `(${p(1)}, ${p(2)}, ${p(3)}, null, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, null, ${p(9)}, ${p(10)}, null, null, ${p(11)}, ${p(12)}, ${p(13)}, ${p(14)}, ${p(15)}, ${p(16)})`;
export const LINE_COLUMNS = `(order_id, position, item_id, name, unit_cents, quantity, created_at)`;
export const lineValues = (p: (n: number) => string) => `(${[1, 2, 3, 4, 5, 6, 7].map(p).join(', ')})`;

/** Inserts past orders into the SQLite database `file` in one transaction. */
export function insertPastOrdersSqlite(file: string, shape: { orders: number; days: number }): void {
  const db = new DatabaseSync(file);
  try {
    const dishes = db.prepare('select id, name, coalesce(new_price_cents, price_cents) as cents from menu_items').all() as unknown as Dish[];
    db.exec('begin');
    const payment = db.prepare(`insert into payments ${PAYMENT_COLUMNS} values ${paymentValues(() => '?')}`);
    const order = db.prepare(`insert into orders ${ORDER_COLUMNS} values ${orderValues(() => '?')}`);
    const line = db.prepare(`insert into order_lines ${LINE_COLUMNS} values ${lineValues(() => '?')}`);
    for (const batch of orderBatches(dishes, shape, 1000)) {
      for (const row of batch.payments) payment.run(...(row as never[]));
      for (const row of batch.orders) order.run(...(row as never[]));
      for (const row of batch.lines) line.run(...(row as never[]));
    }
    db.exec("update order_counters set value = (select max(number) from orders) where name = 'order_number'");
    db.exec('commit');
  } finally {
    db.close();
  }
}
