import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FulfilmentRequest } from '../src/shared/orders.ts';

export interface PastOrder {
  /** When it was placed (ISO instant). */
  at: string;
  items: Array<{ id: string; name: string; cents: number; quantity: number }>;
  fulfilment?: FulfilmentRequest['type'];
  userId?: string | null;
  /** What became of it afterwards: a status, and a refund's state and cents. */
  status?: string;
  refund?: { status: string; cents: number };
}

/**
 * An order placed at a chosen time in the past, through the real placement (OrderService.place,
 * the same call the payment makes, which writes its lines), after the spec's payment record it
 * belongs to. A refund is written as the provider's answer would leave it.
 */
export async function insertPastOrder(app: FastifyInstance, order: PastOrder): Promise<string> {
  const transactionId = `pi_past_${randomUUID()}`;
  const totalCents = order.items.reduce((sum, item) => sum + item.cents * item.quantity, 0);
  const cartItems = order.items.flatMap((item) => Array.from({ length: item.quantity }, () => ({ menuItemId: item.id, name: item.name, priceCents: item.cents })));
  const fulfilment = order.fulfilment ?? 'table';
  const request: FulfilmentRequest =
    fulfilment === 'table'
      ? { type: 'table', table: '3' }
      : fulfilment === 'pickup'
        ? { type: 'pickup' }
        : { type: 'delivery', address: { line1: '1 Main St', city: 'Town', postalCode: '12345' }, phone: '+1 555 0100' };
  const change = await app.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('payments')
      .values({
        id: randomUUID(),
        transaction_id: transactionId,
        user_id: order.userId ?? null,
        name: 'Past Customer',
        email: 'past@example.test',
        price_cents: totalCents,
        quantity: cartItems.length,
        cart_item_ids: '[]',
        menu_item_ids: JSON.stringify(cartItems.map((i) => i.menuItemId)),
        item_names: JSON.stringify(cartItems.map((i) => i.name)),
        status: 'service pending',
        created_at: order.at,
      })
      .execute();
    return (await app.orders.place(trx, {
      transactionId,
      userId: order.userId ?? null,
      customer: { name: 'Past Customer', email: 'past@example.test' },
      items: cartItems,
      totalCents,
      fulfilment: JSON.stringify(request),
      at: order.at,
    })).change;
  });
  if (order.status || order.refund) {
    await app.db
      .updateTable('orders')
      .set({
        ...(order.status ? { status: order.status } : {}),
        // As orders/order-refunds.ts leaves it: what the provider confirmed, summed and counted.
        ...(order.refund
          ? {
              refund_status: order.refund.status,
              refund_cents: order.refund.cents,
              refunded_cents: order.refund.status === 'succeeded' ? order.refund.cents : 0,
              refunds_made: order.refund.status === 'succeeded' ? 1 : 0,
            }
          : {}),
      })
      .where('id', '=', change.orderId)
      .execute();
  }
  return change.orderId;
}

/** Sets when a user signed up (Better Auth's created_at), to place customers in a period. */
export async function setSignedUpAt(app: FastifyInstance, userId: string, at: string): Promise<void> {
  await app.db.updateTable('users').set({ created_at: at }).where('id', '=', userId).execute();
}

/** Parses CSV text (quoted cells, CRLF rows) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
