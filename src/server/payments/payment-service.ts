import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { centsToPrice } from '../../shared/money.ts';
import type { FulfilmentRequest, Order } from '../../shared/orders.ts';
import {
  MAX_AMOUNT_CENTS,
  MIN_AMOUNT_CENTS,
  PAYMENT_STATUS_PENDING,
  type CreateIntentAnswer,
  type PaymentRecord,
} from '../../shared/payments.ts';
import { deleteCartItems, listCartItems } from '../cart/cart-repository.ts';
import type { Database } from '../db/schema.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../http/errors.ts';
import type { OrderChange, OrderService } from '../orders/order-service.ts';
import type { PaymentProvider } from './payment-provider.ts';
import {
  findIntent,
  findPaymentByTransaction,
  findUserContact,
  insertIntent,
  insertPaymentOnce,
  setIntentStatus,
  type IntentItem,
  type PaymentIntentRow,
  type PaymentRow,
} from './payment-repository.ts';

export const CURRENCY = 'usd';

/** The rules of paying (docs/product.md §13), the same for every provider. */
export class PaymentService {
  private readonly db: Kysely<Database>;
  readonly provider: PaymentProvider;
  private readonly orders: OrderService;

  constructor(db: Kysely<Database>, provider: PaymentProvider, orders: OrderService) {
    this.db = db;
    this.provider = provider;
    this.orders = orders;
  }

  /**
   * Opens an intent for the caller's whole cart. The amount comes from the cart in the database:
   * a price sent by the browser is never trusted. The fulfilment (checked by the caller) is kept
   * with the intent, for the order made when it is paid.
   */
  async createIntent(userId: string, fulfilment: FulfilmentRequest): Promise<CreateIntentAnswer> {
    const cart = await listCartItems(this.db, userId);
    if (cart.length === 0) throw new BadRequestError('Your cart is empty: add something to pay for first');
    const items: IntentItem[] = cart.map((row) => ({
      cartItemId: row.id,
      menuItemId: row.menu_item_id,
      name: row.name,
      priceCents: row.price_cents,
    }));
    const amountCents = items.reduce((sum, item) => sum + item.priceCents, 0);
    if (amountCents < MIN_AMOUNT_CENTS || amountCents > MAX_AMOUNT_CENTS) {
      throw new BadRequestError(
        `A card payment must be between $${centsToPrice(MIN_AMOUNT_CENTS).toFixed(2)} and $${centsToPrice(MAX_AMOUNT_CENTS).toFixed(2)}`,
      );
    }
    const intent = await this.provider.createIntent({ amountCents, currency: CURRENCY, userId });
    const now = new Date().toISOString();
    await insertIntent(this.db, {
      id: intent.id,
      provider: this.provider.name,
      user_id: userId,
      amount_cents: amountCents,
      currency: CURRENCY,
      items: JSON.stringify(items),
      // Only the sandbox keeps the secret: it is the provider. Stripe's stays with Stripe.
      client_secret: this.provider.name === 'sandbox' ? intent.clientSecret : null,
      status: intent.status,
      last_error: null,
      fulfilment: JSON.stringify(fulfilment),
      created_at: now,
      updated_at: now,
    });
    const answer: CreateIntentAnswer = {
      clientSecret: intent.clientSecret,
      intentId: intent.id,
      amount: centsToPrice(amountCents),
      quantity: items.length,
      provider: this.provider.name,
    };
    if (this.provider.publishableKey) answer.publishableKey = this.provider.publishableKey;
    return answer;
  }

  /**
   * Records the payment of an intent: only when the provider says it succeeded with the amount
   * the shop asked, at most once (a repeat answers the same record), and the paid cart entries go
   * and the order is made in the same transaction. `callerId` is the signed-in customer; the
   * webhook passes none. The order is absent only for a payment recorded before orders existed.
   */
  async recordPayment(intentId: string, callerId: string | null): Promise<{ payment: PaymentRecord; order?: Order }> {
    const intent = await findIntent(this.db, intentId);
    if (!intent || intent.provider !== this.provider.name) throw new NotFoundError('No such payment');
    if (callerId !== null && intent.user_id !== callerId) throw new ForbiddenError('This payment is not yours');

    const recorded = await findPaymentByTransaction(this.db, intent.id);
    if (recorded) return this.answer(recorded);

    const fromProvider = await this.provider.retrieveIntent(intent.id);
    if (!fromProvider || fromProvider.status !== 'succeeded') {
      throw new ConflictError('The payment has not succeeded, so nothing was recorded');
    }
    if (fromProvider.amountCents !== intent.amount_cents || fromProvider.currency !== intent.currency) {
      throw new ConflictError('The amount paid does not match the order, so nothing was recorded');
    }

    const buyer = (await findUserContact(this.db, intent.user_id)) ?? { name: 'anonymous', email: 'unknown' };
    const items = JSON.parse(intent.items) as IntentItem[];
    const row: PaymentRow = {
      id: randomUUID(),
      transaction_id: intent.id,
      user_id: intent.user_id,
      name: buyer.name,
      email: buyer.email,
      price_cents: intent.amount_cents,
      quantity: items.length,
      cart_item_ids: JSON.stringify(items.map((i) => i.cartItemId)),
      menu_item_ids: JSON.stringify(items.map((i) => i.menuItemId)),
      item_names: JSON.stringify(items.map((i) => i.name)),
      status: PAYMENT_STATUS_PENDING,
      created_at: new Date().toISOString(),
    };
    const saved = await this.db.transaction().execute(async (trx): Promise<{ row: PaymentRow; placed?: OrderChange }> => {
      if (!(await insertPaymentOnce(trx, row))) {
        // Another call recorded it a moment ago: answer its record, remove nothing more.
        return { row: (await findPaymentByTransaction(trx, intent.id))! };
      }
      await deleteCartItems(trx, intent.user_id, items.map((i) => i.cartItemId));
      await setIntentStatus(trx, intent.id, 'succeeded', null);
      const placed = await this.orders.place(trx, {
        transactionId: intent.id,
        userId: intent.user_id,
        customer: buyer,
        items,
        totalCents: intent.amount_cents,
        fulfilment: intent.fulfilment,
        at: row.created_at,
      });
      return { row, placed };
    });
    if (saved.placed) await this.orders.announce(saved.placed);
    return this.answer(saved.row);
  }

  private async answer(row: PaymentRow): Promise<{ payment: PaymentRecord; order?: Order }> {
    const order = await this.orders.findByTransaction(row.transaction_id);
    return order ? { payment: toPaymentRecord(row), order } : { payment: toPaymentRecord(row) };
  }

  async findOwnIntent(intentId: string, userId: string): Promise<PaymentIntentRow> {
    const intent = await findIntent(this.db, intentId);
    if (!intent || intent.user_id !== userId || intent.provider !== this.provider.name) {
      throw new NotFoundError('No such payment');
    }
    return intent;
  }
}

export function toPaymentRecord(row: PaymentRow): PaymentRecord {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    transactionId: row.transaction_id,
    price: Number(centsToPrice(row.price_cents).toFixed(2)),
    date: row.created_at,
    quantity: row.quantity,
    cartItems: JSON.parse(row.cart_item_ids) as string[],
    menuItems: JSON.parse(row.menu_item_ids) as string[],
    status: row.status,
    itemNames: JSON.parse(row.item_names) as string[],
  };
}
