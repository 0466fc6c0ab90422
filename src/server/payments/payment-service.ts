import type { Kysely } from 'kysely';
import { centsToPrice } from '../../shared/money.ts';
import type { FulfilmentRequest, Order } from '../../shared/orders.ts';
import { ACCOUNT_PAYMENT_UNSETTLED_MESSAGE, TERMS_CHANGED_CODE, termsChangedMessage } from '../../shared/payment-constants.ts';
import {
  MAX_AMOUNT_CENTS,
  MIN_AMOUNT_CENTS,
  PAYMENT_CANCELED_MESSAGE,
  PAYMENT_STATUS_PENDING,
  type CreateIntentAnswer,
  type PaymentRecord,
  type SandboxConfirmAnswer,
  type SandboxConfirmBody,
} from '../../shared/payments.ts';
import { scheduledTimeOf } from '../../shared/orders.ts';
import { slotWords } from '../../shared/order-slots.ts';
import { closedProblem, dishTaxRate, fulfilmentProblem, minimumOrderProblem, pickupHoursProblem, postalCodeProblem, taxRateRef, type RestaurantSettings } from '../../shared/restaurant-settings.ts';
import { orderTotals, spreadDiscount, taxSummaryOf, toOrderTaxes, type TaxSummary, type TotalsLine } from '../../shared/order-totals.ts';
import { tipCents, tipOffer, type TipChoice } from '../../shared/tips.ts';
import { deleteCartItems, listPricedCartItems, type PricedCartItemRow } from '../cart/cart-repository.ts';
import { priceEntry, refuseUnavailableEntries } from '../cart/cart-service.ts';
import { commitWithLast, type WorkThenLast } from '../db/commit-with-last.ts';
import type { Database } from '../db/schema.ts';
import { BadRequestError, ConflictError, ForbiddenError, HttpError, NotFoundError, SlotFullError } from '../http/errors.ts';
import { DEFAULT_FULFILMENT } from '../orders/fulfilment.ts';
import type { OrderService, PlacedOrder } from '../orders/order-service.ts';
import type { SlotService } from '../orders/slot-service.ts';
import { PromoRefusedError, type GrantedDiscount, type PromotionsService } from '../promotions/promotions-service.ts';
import { promoCodeKey } from '../../shared/promo-codes.ts';
import { checkTakingOrders, deliveryChargeFor, NO_DELIVERY_CHARGE, type DeliveryCharge } from '../settings/order-rules.ts';
import type { ShopSettings } from '../settings/settings-service.ts';
import type { PaymentProvider } from './payment-provider.ts';
import {
  closeIntent,
  detachOpenIntent,
  findIntent,
  findOpenIntent,
  findOpenIntentStatus,
  findPaidEntries,
  findPaymentByTransaction,
  findSucceededOpenIntentId,
  findUserContact,
  insertOpenIntent,
  insertPaidEntries,
  insertPaymentOnce,
  listPaymentsOfUser,
  listUnsettledIntents,
  listUnsettledIntentsOfUser,
  settleIntent,
  settleIntentForOrder,
  claimForTermsRefund,
  TERMS_REFUND_CLAIM,
  type IntentItem,
  type PaymentIntentRow,
  type PaymentRow,
} from './payment-repository.ts';
import type { SandboxProvider } from './sandbox-provider.ts';
import { newRowId } from '../db/row-ids.ts';
import { say } from '../i18n/wording.ts';

export const CURRENCY = 'usd';

/** Provider statuses in which the browser can still confirm an intent (Stripe's, and the sandbox's first). */
const PAYABLE_STATUSES = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);
/** An open intent nobody paid for a day is abandoned: the periodic check cancels it at the provider. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
/** How many unsettled intents one check reads (oldest first), so a check stays short. */
const CHECK_BATCH = 200;
/** How many times the payment page's call looks again when the cart or a race moved under it. */
const CREATE_ATTEMPTS = 5;

/**
 * The intent succeeded at the provider, but a recorded payment had paid for its dishes already: it
 * was refunded in full (a 409 that says so). The webhook acknowledges it: there is nothing to retry.
 */
export class AlreadyPaidError extends ConflictError {}

/**
 * The intent succeeded, but its prices, delivery fee, minimum, area or the restaurant's rules
 * changed since it was made: no order at the old terms, the charge refunded in full, the cart
 * kept (409 TERMS_CHANGED). The webhook acknowledges it, as it does AlreadyPaidError.
 */
export class TermsChangedError extends HttpError {
  constructor(message: string) {
    super(409, TERMS_CHANGED_CODE, message);
  }
}

/** A charge the shop gave back in full: nothing is left to record or to retry. */
export function isRefundedCharge(error: unknown): boolean {
  return error instanceof AlreadyPaidError || error instanceof TermsChangedError;
}

/** The intent's last_error after a refund for changed terms: what changed follows it. */
const TERMS_REFUND_NOTE = ': terms changed: ';

/** Who pays, when the signed-in customer records their own payment: the caller of the request. */
export interface Buyer {
  id: string;
  name: string;
  email: string;
}

/** Thrown inside the recording transaction to roll it back when an entry was paid by another payment. */
class PaidElsewhere extends Error {}
/** The intent was claimed for a refund of changed terms while its order was being placed. */
class ClaimedForRefund extends Error {}
/** The intent's held place lapsed and its slot filled before the charge was recorded. */
class SlotTaken extends Error {}

/** What changed, for the refund's message: the slot is gone. */
function slotTakenWords(slot: string, timeZone: string): string {
  return `the slot ${slotWords(new Date(slot), new Date(), timeZone)} filled up while the payment was held up`;
}

interface Logger {
  info(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

/**
 * The rules of paying (docs/product.md §13), the same for every provider, and one charge per cart
 * (docs/decisions/0021-one-charge-per-cart.md): a customer has at most one open intent, reused
 * while their cart and fulfilment stay the same and cancelled when they change; a cart entry is
 * paid at most once; money a provider took is always recorded, or refunded when its dishes were
 * paid already.
 */
export class PaymentService {
  private readonly db: Kysely<Database>;
  readonly provider: PaymentProvider;
  private readonly orders: OrderService;
  private readonly settings: ShopSettings;
  private readonly log: Logger;
  private readonly slots: SlotService;
  private readonly promotions: PromotionsService;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<unknown> | undefined;

  constructor(db: Kysely<Database>, provider: PaymentProvider, orders: OrderService, settings: ShopSettings, log: Logger, slots: SlotService, promotions: PromotionsService) {
    this.slots = slots;
    this.promotions = promotions;
    this.db = db;
    this.provider = provider;
    this.orders = orders;
    this.settings = settings;
    this.log = log;
  }

  /**
   * The payment page's intent for the caller's whole cart, priced from today's menu: a price sent
   * by the browser, or the one an entry was added at, is never what is charged. The customer's open
   * intent is answered again (same id and secret) while the cart, its prices and the fulfilment are
   * unchanged; otherwise it is cancelled at the provider and a new one opened. The unique open
   * intent per customer is the database's to decide: of two calls at once, the one whose insert
   * loses cancels its fresh intent and answers the winner's.
   */
  async createIntent(userId: string, fulfilment: FulfilmentRequest, delivery: DeliveryCharge = NO_DELIVERY_CHARGE, tip: TipChoice = NO_TIP, promoCode?: string): Promise<CreateIntentAnswer> {
    const wanted = JSON.stringify(fulfilment);
    const slot = scheduledTimeOf(fulfilment);
    if (promoCode) await this.checkNewCode(userId, promoCode);
    for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
      const open = await findOpenIntent(this.db, userId);
      if (open) {
        const cart = await this.pricedCart(userId);
        checkDeliveryMinimum(cart, delivery);
        // The open intent's granted discount, if it has the same code: its use is already taken.
        const charge = chargeFor(cart, delivery, this.settings.current(), tipFor(tip, cart, this.settings.current()), open.discount_cents);
        const reused = await this.reuseOrRetire(open, cart, wanted, delivery.feeCents, charge, promoCode);
        if (reused) {
          // Reopened: its place held again, or the intent cancelled before a browser could charge it.
          if (slot) await this.holdOrRetire(open, slot, cart.length);
          return reused;
        }
        // Retired, or recorded (which emptied part of the cart): look again.
        continue;
      }

      const items = await this.pricedCart(userId);
      if (items.length === 0) throw new BadRequestError(say('error.payment.cartEmpty'));
      checkDeliveryMinimum(items, delivery);
      // A full slot is not offered: refused before an intent is made.
      if (slot) await this.slots.checkFree(slot, items.length, new Date());
      // promo41: the code is checked here, its use taken once the intent exists (below).
      const granted = promoCode ? await this.promotions.quote(userId, promoCode, dishesCents(items)) : undefined;
      const charge = chargeFor(items, delivery, this.settings.current(), tipFor(tip, items, this.settings.current()), granted?.discountCents);
      const amountCents = charge.amountCents;
      if (amountCents < MIN_AMOUNT_CENTS || amountCents > MAX_AMOUNT_CENTS) {
        throw new BadRequestError(
          say('error.payment.amountRange', { min: `$${centsToPrice(MIN_AMOUNT_CENTS).toFixed(2)}`, max: `$${centsToPrice(MAX_AMOUNT_CENTS).toFixed(2)}` }),
        );
      }
      const intent = await this.provider.createIntent({ amountCents, currency: CURRENCY, userId });
      const now = new Date().toISOString();
      const inserted = await insertOpenIntent(this.db, {
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
        fulfilment: wanted,
        delivery_fee_cents: delivery.feeCents,
        taxes: JSON.stringify(charge.taxes),
        tip_cents: charge.tipCents,
        discount_cents: charge.discountCents,
        promo_code: granted?.code ?? null,
        open_for_user: userId,
        settled_at: null,
        created_at: now,
        updated_at: now,
      });
      if (!inserted) {
        // Another call opened the customer's intent a moment ago: this one is never shown.
        await this.cancelUnrecorded(intent.id);
        continue;
      }
      // The slot's place is held from the intent's opening (a browser may charge it with the
      // provider directly): of many customers for the last place, only one gets an intent to pay.
      if (slot) await this.holdOrRetire((await findIntent(this.db, intent.id))!, slot, items.length);
      if (granted) await this.claimOrRetire((await findIntent(this.db, intent.id))!, granted, items);
      // A cart change that committed while this intent was being made may not have seen it (its
      // own look for the open intent ran before the insert): if the cart moved, go round again,
      // which retires this intent.
      if (sameItems(items, await this.pricedCart(userId))) return this.answerFor(intent.id, intent.clientSecret, amountCents, items.length, delivery.feeCents, charge, tipAnswer(charge, items, this.settings.current()), granted?.code);
    }
    throw new ConflictError(say('error.payment.cartChangedWhilePreparing'));
  }

  /** The open intent again, if it still fits the cart and can be paid; else it is settled or retired. */
  private async reuseOrRetire(open: PaymentIntentRow, cart: IntentItem[], fulfilment: string, deliveryFeeCents: number, charge: Charge, promoCode?: string): Promise<CreateIntentAnswer | undefined> {
    if (open.provider !== this.provider.name) {
      // Opened with the other provider (the shop's setting changed): it cannot be asked about here.
      await closeIntent(this.db, open.id);
      return undefined;
    }
    const atProvider = await this.provider.retrieveWithSecret(open.id);
    if (!atProvider || atProvider.status === 'canceled') {
      await this.settleCanceled(open.id);
      return undefined;
    }
    if (atProvider.status === 'succeeded') {
      // Paid but never recorded (the answer was lost): recorded now, before anything else.
      await this.settleSucceeded(open);
      return undefined;
    }
    if (!PAYABLE_STATUSES.has(atProvider.status)) {
      throw new ConflictError(say('error.payment.stillProcessing'));
    }
    const items = JSON.parse(open.items) as IntentItem[];
    // A fee changed by the restaurant since the intent was opened makes a new intent, like a price.
    const sameFee = open.delivery_fee_cents === deliveryFeeCents;
    // So do changed tax rates or pricing mode: the order keeps the taxes its intent was made with.
    const sameTaxes = open.taxes === JSON.stringify(charge.taxes) && open.amount_cents === charge.amountCents;
    // And another tip: the customer's choice is part of what the intent charges.
    const sameTip = open.tip_cents === charge.tipCents;
    // Another code (or none now) makes a new intent; the retired one gives its use back.
    const sameCode = (open.promo_code ? promoCodeKey(open.promo_code) : null) === (promoCode ? promoCodeKey(promoCode) : null);
    if (sameItems(items, cart) && open.fulfilment === fulfilment && sameFee && sameTaxes && sameTip && sameCode && atProvider.amountCents === open.amount_cents) {
      return this.answerFor(open.id, atProvider.clientSecret, open.amount_cents, items.length, open.delivery_fee_cents, charge, tipAnswer(charge, items, this.settings.current()), open.promo_code);
    }
    await this.retire(open);
    return undefined;
  }

  /** Holds the open intent's place; a slot filled meanwhile cancels the intent at the provider and answers 409 SLOT_FULL. */
  private async holdOrRetire(intent: PaymentIntentRow, slot: string, dishes: number): Promise<void> {
    try {
      await this.slots.hold(intent.id, slot, dishes, new Date());
    } catch (error) {
      if (error instanceof SlotFullError) await this.retire(intent);
      throw error;
    }
  }

  /**
   * A code the open intent does not already carry is checked before anything is retired: a
   * refused code (409 with its reason) leaves the customer's open payment as it was.
   */
  private async checkNewCode(userId: string, promoCode: string): Promise<void> {
    const open = await findOpenIntent(this.db, userId);
    if (open?.promo_code && promoCodeKey(open.promo_code) === promoCodeKey(promoCode)) return;
    await this.promotions.quote(userId, promoCode, dishesCents(await this.pricedCart(userId)));
  }

  /**
   * Takes the code's use for the new intent; when other payments took the last use (or this
   * customer's) first, the intent is cancelled before anyone can charge it and the reason given.
   */
  private async claimOrRetire(intent: PaymentIntentRow, granted: GrantedDiscount, items: IntentItem[]): Promise<void> {
    if (await this.promotions.claim(granted, intent.user_id, intent.id)) return;
    await this.retire(intent);
    // The reason as it stands now; a code that looks fine again lost the race for its last use.
    await this.promotions.quote(intent.user_id, granted.code, dishesCents(items));
    throw new PromoRefusedError('usedUp');
  }

  private answerFor(intentId: string, clientSecret: string, amountCents: number, quantity: number, deliveryFeeCents: number, charge: Charge, tips: TipAnswer, promoCode?: string | null): CreateIntentAnswer {
    const answer: CreateIntentAnswer = {
      clientSecret,
      intentId,
      amount: centsToPrice(amountCents),
      quantity,
      provider: this.provider.name,
    };
    if (deliveryFeeCents > 0) answer.deliveryFee = centsToPrice(deliveryFeeCents);
    const orderTaxes = toOrderTaxes(charge.taxes);
    if (orderTaxes) answer.taxes = orderTaxes;
    Object.assign(answer, tips);
    if (promoCode) {
      answer.promoCode = promoCode;
      answer.discount = centsToPrice(charge.discountCents);
    }
    if (this.provider.publishableKey) answer.publishableKey = this.provider.publishableKey;
    return answer;
  }

  /**
   * The caller's cart as an intent would pay it: each entry at its dish's price today with its
   * options at today's prices. An entry whose options no longer fit the dish stops the payment
   * (409 with the entry's reason): it cannot be priced as the customer chose it.
   */
  private async pricedCart(userId: string): Promise<IntentItem[]> {
    const rows = await listPricedCartItems(this.db, userId);
    refuseUnavailableEntries(rows);
    return rows.map((row) => {
      const priced = priceEntry(row);
      if (priced.problem) throw new ConflictError(priced.problem);
      const item: IntentItem = { cartItemId: row.id, menuItemId: row.menu_item_id, name: row.name, priceCents: priced.priceCents };
      if (priced.chosen.length > 0) item.options = priced.chosen;
      // The dish's rate now, for the intent's taxes (chargeFor); the order keeps them as computed then.
      const rate = dishTaxRate(this.settings.current(), { taxRateId: row.menu_tax_rate_id, category: row.menu_category });
      if (rate) item.taxRate = rate;
      return item;
    });
  }

  /**
   * After a change of the customer's cart (an entry added or deleted): their open intent no longer
   * pays for the cart, so it is taken off and cancelled at the provider, and a tab still showing it
   * cannot pay it. If the provider had taken the money already, the payment is recorded instead;
   * one the shop knew had succeeded was not taken off, and is recorded now.
   */
  async cartChanged(userId: string): Promise<void> {
    // Most changes find no open intent (the last payment closed it): one lookup in the unique index.
    const open = await findOpenIntentStatus(this.db, userId);
    if (!open) return;
    if (open.status !== 'succeeded') {
      for (const intent of await detachOpenIntent(this.db, userId)) await this.cancelAtProvider(intent);
    }
    await this.reconcileOwn(userId);
  }

  /**
   * The per-request check of GET /api/cart and after a cart change: the customer's open intent, one
   * lookup in the unique index. Only when the shop knows it succeeded (the sandbox's confirmation
   * landed, the record did not) is it recorded. A Stripe intent's success is Stripe's to report
   * (the webhook, the payment page's call, the periodic check), not worth a call on every read.
   */
  async reconcileOwn(userId: string): Promise<void> {
    const id = await findSucceededOpenIntentId(this.db, userId);
    const intent = id ? await findIntent(this.db, id) : undefined;
    if (intent) await this.settleSucceeded(intent);
  }

  /** Takes one open intent off (if still the open one) and cancels it at the provider. */
  private async retire(intent: PaymentIntentRow): Promise<void> {
    const [detached] = await detachOpenIntent(this.db, intent.user_id, intent.id);
    if (detached) await this.cancelAtProvider(detached);
  }

  /**
   * Asks the provider to cancel an intent taken off the page, and settles it by the answer: cancelled,
   * or recorded when the money was taken first. A provider that cannot be reached leaves it
   * 'canceling' for the periodic check to finish.
   */
  private async cancelAtProvider(intent: PaymentIntentRow): Promise<void> {
    let answer;
    try {
      answer = await this.provider.cancel(intent.id);
    } catch (error) {
      this.log.warn({ err: error, intent: intent.id }, 'payment intent not cancelled at the provider yet: the periodic check will');
      return;
    }
    if (!answer || answer.status === 'canceled') await this.settleCanceled(intent.id);
    else if (answer.status === 'succeeded') await this.settleSucceeded(intent);
    else this.log.warn({ intent: intent.id, status: answer.status }, 'payment intent not cancellable yet: the periodic check will come back to it');
  }

  /** A cancelled intent is settled and its slot's place, if it held one, goes back at once. */
  private async settleCanceled(intentId: string): Promise<void> {
    await settleIntent(this.db, intentId, 'canceled');
    await this.slots.release(intentId);
    // Never charged: the promo code's use goes back (docs/product.md, "Promo codes").
    await this.promotions.giveBack(intentId);
  }

  /** A fresh intent that lost the race to be the open one: nobody has its secret, so it is only cancelled. */
  private async cancelUnrecorded(intentId: string): Promise<void> {
    try {
      await this.provider.cancel(intentId);
    } catch (error) {
      this.log.warn({ err: error, intent: intentId }, 'an unused payment intent could not be cancelled');
    }
  }

  /**
   * Records an intent the provider says succeeded, and never throws: a refund for dishes paid
   * already has settled it; anything else (an amount that does not match) is logged as an error
   * every time a check meets it, and the intent no longer blocks the customer's payment page.
   */
  private async settleSucceeded(intent: PaymentIntentRow): Promise<void> {
    try {
      await this.recordPayment(intent.id, null);
    } catch (error) {
      if (isRefundedCharge(error)) return;
      this.log.error({ err: error, intent: intent.id }, 'the provider took a payment the shop could not record');
      await closeIntent(this.db, intent.id);
    }
  }

  /**
   * Records an intent's payment once, only when the provider says it succeeded with the amount
   * asked; the paid cart entries go and the order is made in the same transaction. `caller`: the
   * signed-in customer, none for the webhook and the checks. Money taken is never left unrecorded;
   * only a cart entry paid already makes the payment refunded in full instead (AlreadyPaidError).
   */
  async recordPayment(intentId: string, caller: Buyer | null): Promise<{ payment: PaymentRecord; order?: Order }> {
    const intent = await findIntent(this.db, intentId);
    if (!intent || intent.provider !== this.provider.name) throw new NotFoundError(say('error.payment.notFound'));
    if (caller !== null && intent.user_id !== caller.id) throw new ForbiddenError(say('error.payment.notYours'));

    // A payment is recorded in the transaction that settles its intent: only a settled intent can
    // have one to answer again (and the insert below answers the record it meets anyway).
    if (intent.settled_at !== null) {
      const recorded = await findPaymentByTransaction(this.db, intent.id);
      if (recorded) return this.answer(recorded);
      // Refunded for changed terms already: the same answer again, and no second refund.
      const note = intent.last_error?.indexOf(TERMS_REFUND_NOTE) ?? -1;
      if (note >= 0) throw new TermsChangedError(termsChangedMessage(intent.last_error!.slice(note + TERMS_REFUND_NOTE.length), 'refunded', dollars(intent.amount_cents)));
    }

    // The sandbox's word is the row just read; any other provider is asked.
    const fromProvider = this.provider.intentFromRow ? this.provider.intentFromRow(intent) : await this.provider.retrieveIntent(intent.id);
    if (!fromProvider || fromProvider.status !== 'succeeded') {
      if (fromProvider?.status === 'canceled') throw new ConflictError(PAYMENT_CANCELED_MESSAGE);
      throw new ConflictError(say('error.payment.notSucceeded'));
    }
    if (fromProvider.amountCents !== intent.amount_cents || fromProvider.currency !== intent.currency) {
      throw new ConflictError(say('error.payment.amountMismatch'));
    }
    // Claimed for a refund already (a call that died, or one a moment ago): refunded, whatever the terms now.
    if (intent.last_error?.startsWith(TERMS_REFUND_CLAIM)) return this.refundForChangedTerms(intent, intent.last_error.slice(TERMS_REFUND_CLAIM.length));
    // Today's terms, whichever path records it (the page, the return, the webhook, the checks).
    const changed = await this.termsChange(intent, new Date());
    if (changed) return this.refundForChangedTerms(intent, changed);

    // The signed-in buyer's name and address are the caller's (read with the session, forgotten at
    // any change of a user); the webhook and the checks read them.
    const buyer = caller
      ? { name: caller.name, email: caller.email }
      : ((await findUserContact(this.db, intent.user_id)) ?? { name: 'anonymous', email: 'unknown' });
    const items = JSON.parse(intent.items) as IntentItem[];
    const entryIds = items.map((i) => i.cartItemId);
    const slot = intent.fulfilment ? scheduledTimeOf(JSON.parse(intent.fulfilment) as FulfilmentRequest) : undefined;
    const row: PaymentRow = {
      id: newRowId(),
      transaction_id: intent.id,
      user_id: intent.user_id,
      name: buyer.name,
      email: buyer.email,
      price_cents: intent.amount_cents,
      quantity: items.length,
      cart_item_ids: JSON.stringify(entryIds),
      menu_item_ids: JSON.stringify(items.map((i) => i.menuItemId)),
      item_names: JSON.stringify(items.map((i) => i.name)),
      status: PAYMENT_STATUS_PENDING,
      created_at: new Date().toISOString(),
    };
    let saved: { value: PaymentRow; last?: PlacedOrder };
    try {
      // The order's placement is the last statement: it takes the order counters' row, which every
      // payment takes, so on PostgreSQL it goes with the COMMIT (commit-with-last.ts).
      saved = await commitWithLast(this.db, async (trx): Promise<WorkThenLast<PaymentRow, PlacedOrder>> => {
        if (!(await insertPaymentOnce(trx, row))) {
          // Another call recorded it a moment ago: answer its record, remove nothing more.
          return { value: (await findPaymentByTransaction(trx, intent.id))! };
        }
        // Each entry is paid once: if another payment has any of them, none of this is kept.
        if ((await insertPaidEntries(trx, intent.id, entryIds)) < entryIds.length) throw new PaidElsewhere();
        await deleteCartItems(trx, intent.user_id, entryIds);
        if (!(await settleIntentForOrder(trx, intent.id))) throw new ClaimedForRefund();
        // The order's place in its slot, for good (held from the intent's opening); a hold that
        // lapsed while a slot filled places nothing, and the charge goes back.
        if (slot && !(await this.slots.placeTaken(trx, intent.id, slot, items.length, new Date()))) throw new SlotTaken();
        const placement = {
          transactionId: intent.id,
          userId: intent.user_id,
          customer: buyer,
          items,
          totalCents: intent.amount_cents,
          deliveryFeeCents: intent.delivery_fee_cents,
          taxes: intent.taxes,
          tipCents: intent.tip_cents,
          discountCents: intent.discount_cents,
          promoCode: intent.promo_code,
          fulfilment: intent.fulfilment,
          at: row.created_at,
        };
        return { value: row, last: () => this.orders.place(trx, placement) };
      });
    } catch (error) {
      if (error instanceof PaidElsewhere) return this.refundSecondPayment(intent, entryIds);
      if (error instanceof ClaimedForRefund) return this.recordPayment(intentId, caller);
      if (error instanceof SlotTaken) return this.refundForChangedTerms(intent, slotTakenWords(slot!, this.settings.timeZone()));
      throw error;
    }
    const placed = saved.last;
    if (!placed) return this.answer(saved.value);
    if (!placed.announced) await this.orders.announce(placed.change);
    // Busy mode's auto-accept, after the placement's commit, as a move of its own (mailed and announced like staff's).
    const accepted = await this.orders.acceptOnPlacement(placed.order);
    // The order as it was placed, as its customer sees it: no need to read back what was just written.
    return { payment: toPaymentRecord(saved.value), order: accepted ?? placed.order };
  }

  /**
   * What changed since the intent was made, in the customer's words, or undefined: its entries at
   * today's prices, today's delivery fee and minimum, and the restaurant's rules now (hours, pause,
   * ways of fulfilment, pickup hours, delivery area). Entries gone from the cart are not terms:
   * the recording's own checks (paid elsewhere) answer for them. `cart`: the customer's cart as the
   * caller has just read it (one statement fewer on the payment's path), else read here.
   */
  async termsChange(intent: PaymentIntentRow, now: Date, cart?: PricedCartItemRow[]): Promise<string | undefined> {
    const settings = this.settings.current();
    const fulfilment = intent.fulfilment ? (JSON.parse(intent.fulfilment) as FulfilmentRequest) : DEFAULT_FULFILMENT;
    const slot = scheduledTimeOf(fulfilment);
    // An order for a later slot is taken while closed; its slot must still be within the hours.
    const rule =
      (slot === undefined ? closedProblem(settings, now) : pickupHoursProblem(settings, new Date(slot))) ??
      fulfilmentProblem(settings, fulfilment.type) ??
      (fulfilment.type === 'delivery' ? postalCodeProblem(settings, fulfilment.address.postalCode) : undefined);
    if (rule) return rule;

    const items = JSON.parse(intent.items) as IntentItem[];
    const today = new Map((cart ?? (await listPricedCartItems(this.db, intent.user_id))).map((row) => [row.id, priceEntry(row)]));
    for (const item of items) {
      const priced = today.get(item.cartItemId);
      if (priced && !priced.problem && priced.priceCents !== item.priceCents) {
        return `the price of ${item.name} went from ${dollars(item.priceCents)} to ${dollars(priced.priceCents)}`;
      }
    }
    const delivery = deliveryChargeFor(this.settings, fulfilment);
    if (delivery.feeCents !== intent.delivery_fee_cents) {
      return `the delivery fee went from ${dollars(intent.delivery_fee_cents)} to ${dollars(delivery.feeCents)}`;
    }
    return minimumOrderProblem(delivery.minimumOrderCents, dishesCents(items));
  }

  /**
   * The one place a charge made under old terms is given back (the durable refund worker takes
   * this call over): the whole amount through the provider, the outcome noted on the intent, which
   * is settled; the cart is not touched. A provider that cannot be reached leaves the intent
   * unsettled, so the periodic check comes back to it.
   */
  private async refundForChangedTerms(intent: PaymentIntentRow, what: string): Promise<{ payment: PaymentRecord }> {
    const amount = dollars(intent.amount_cents);
    // The claim first: an order placed for this intent by a call racing this one is then refused.
    if (!intent.last_error?.startsWith(TERMS_REFUND_CLAIM) && !(await claimForTermsRefund(this.db, intent.id, what))) {
      // Settled meanwhile by another call: its outcome is the answer.
      const recorded = await findPaymentByTransaction(this.db, intent.id);
      if (recorded) return this.answer(recorded);
      if ((await findIntent(this.db, intent.id))?.last_error?.includes(TERMS_REFUND_NOTE)) throw new TermsChangedError(termsChangedMessage(what, 'refunded', amount));
      throw new ConflictError(say('error.payment.settledMeanwhile'));
    }
    let refund;
    try {
      refund = await this.refundUnplaced(intent.id, intent.amount_cents);
    } catch (error) {
      this.log.error({ err: error, intent: intent.id, changed: what }, 'a payment made under old terms could not be refunded yet');
      throw new ConflictError(termsChangedMessage(what, 'refund-pending', amount));
    }
    await settleIntent(this.db, intent.id, 'succeeded', `refunded ${refund.id}${TERMS_REFUND_NOTE}${what}`);
    await this.slots.release(intent.id);
    this.log.warn({ intent: intent.id, refund: refund.id, refundStatus: refund.status, changed: what }, 'refunded a payment made under old terms');
    throw new TermsChangedError(termsChangedMessage(what, 'refunded', amount));
  }

  /**
   * A charge that no order will ever stand for, given back in full: changed terms, or a webhook's
   * intent the shop has no record of. No order holds it, so no refund request: the key is the
   * intent's, so asking again (the periodic check, a webhook's repeat) gets the same refund.
   */
  private refundUnplaced(intentId: string, amountCents: number) {
    return this.provider.refund(intentId, amountCents, `refund-${intentId}`);
  }

  /**
   * The webhook's succeeded intent that the shop has no row of, made by this shop (its metadata
   * names a customer) for an account deleted since: refunded in full rather than acknowledged as
   * nobody's. Answers false for an intent that is not the shop's to refund (another shop's).
   */
  async refundUnknownCharge(intentId: string, amountCents: number, customerId: string | undefined): Promise<boolean> {
    if (!customerId || (await findIntent(this.db, intentId)) || (await findUserContact(this.db, customerId))) return false;
    if (await findPaymentByTransaction(this.db, intentId)) return false;
    const refund = await this.refundUnplaced(intentId, amountCents);
    this.log.error({ intent: intentId, refund: refund.id, refundStatus: refund.status, customer: customerId }, 'refunded a charge the shop had no record of');
    return true;
  }

  /**
   * Before an account is deleted (its intents go with it): every intent that may still take money
   * is settled with the provider, recorded when it succeeded (an order then keeps the account
   * until it is done), cancelled otherwise. One the provider cannot settle now refuses the
   * deletion (409), so no charge outlives the shop's record of it.
   */
  async settleBeforeErase(userId: string): Promise<void> {
    const now = new Date();
    for (const intent of await listUnsettledIntentsOfUser(this.db, userId)) {
      if (intent.provider !== this.provider.name) continue;
      try {
        if (intent.status === 'succeeded') await this.settleSucceeded(intent);
        else if (intent.open_for_user !== null) await this.retire(intent);
        else await this.settle(intent, now);
      } catch (error) {
        this.log.warn({ err: error, intent: intent.id }, 'payment intent not settled before the account deletion');
      }
    }
    if ((await listUnsettledIntentsOfUser(this.db, userId)).length > 0) throw new ConflictError(ACCOUNT_PAYMENT_UNSETTLED_MESSAGE);
  }

  /**
   * A payment for dishes another recorded payment paid for (two tabs, before the shop refused the
   * second): the whole amount goes back through the provider (its key is the intent's, so a repeat
   * asks for the same refund), and the caller hears why. No order holds it: no refund request.
   */
  private async refundSecondPayment(intent: PaymentIntentRow, entryIds: string[]): Promise<never> {
    const paidBy = [...new Set((await findPaidEntries(this.db, entryIds)).map((entry) => entry.transaction_id))];
    const amount = `$${centsToPrice(intent.amount_cents).toFixed(2)}`;
    let refund;
    try {
      refund = await this.provider.refund(intent.id, intent.amount_cents, `refund-${intent.id}`);
    } catch (error) {
      // Left unsettled: the periodic check asks for the refund again.
      this.log.error({ err: error, intent: intent.id, paidBy }, 'a second payment for dishes already paid could not be refunded');
      await closeIntent(this.db, intent.id);
      throw new ConflictError(
        say('error.payment.paidTwiceRefundPending', { amount }),
      );
    }
    await settleIntent(this.db, intent.id, 'succeeded', `refunded ${refund.id}: its dishes were paid by ${paidBy.join(', ')}`);
    await this.slots.release(intent.id);
    this.log.warn({ intent: intent.id, refund: refund.id, refundStatus: refund.status, paidBy }, 'refunded a second payment for dishes already paid');
    throw new AlreadyPaidError(`These dishes were already paid by another payment, so this payment of ${amount} was refunded in full.`);
  }

  /**
   * The sandbox's confirmation, after the shop's own rules: the intent's entries must all still be
   * in the cart, and none paid by another payment (409, nothing changed). The sandbox then checks
   * the card and refuses an intent that was cancelled.
   */
  async confirmSandbox(sandbox: SandboxProvider, intentId: string, userId: string, body: SandboxConfirmBody): Promise<SandboxConfirmAnswer> {
    const intent = await this.findOwnIntent(intentId, userId);
    const fulfilment = intent.fulfilment ? (JSON.parse(intent.fulfilment) as FulfilmentRequest) : DEFAULT_FULFILMENT;
    // A payment page left open past closing time (or when orders were paused) charges nothing, unless it is for a later slot.
    checkTakingOrders(this.settings.current(), new Date(), fulfilment);
    const slot = scheduledTimeOf(fulfilment);
    let held = false;
    if (intent.status !== 'succeeded' && intent.open_for_user !== null) {
      const entryIds = (JSON.parse(intent.items) as IntentItem[]).map((i) => i.cartItemId);
      // The whole cart in one read (an entry goes with its dish, so the join keeps every entry).
      const cart = await listPricedCartItems(this.db, userId);
      const inCart = new Set(cart.map((row) => row.id));
      const missing = entryIds.filter((id) => !inCart.has(id));
      if (missing.length > 0) {
        if ((await findPaidEntries(this.db, missing)).length > 0) {
          throw new ConflictError(say('error.payment.paidTwiceNotCharged'));
        }
        throw new ConflictError(say('error.payment.cartChangedNotCharged'));
      }
      // A dish sold out or hidden since the payment was prepared is not charged for.
      const paying = new Set(entryIds);
      refuseUnavailableEntries(cart.filter((row) => paying.has(row.id)));
      // Re-priced before the card is charged: an intent of old terms is refused, the page asks for a new one.
      const changed = await this.termsChange(intent, new Date(), cart);
      if (changed) throw new HttpError(409, TERMS_CHANGED_CODE, termsChangedMessage(changed, 'not-charged', dollars(intent.amount_cents)));
      // The slot's place, held before the card is charged: a slot filled meanwhile is a 409 with the next free ones.
      if (slot) held = await this.slots.hold(intent.id, slot, entryIds.length, new Date());
    }
    const answer = await sandbox.confirm(intent, body);
    if (held) await ('error' in answer ? this.slots.release(intent.id) : this.slots.keep(intent.id));
    return answer;
  }

  /**
   * The check at start-up and every PAYMENT_CHECK_INTERVAL_MS: every intent that might still take
   * money without the shop knowing, asked of the provider. Succeeded: recorded (the webhook or the
   * browser's call was lost). Cancelled or unknown: settled. Taken off a page but not yet cancelled,
   * open on nobody's page (from before the shop kept one per customer), or open and abandoned for
   * a day: cancelled. Open and recent: left for its customer.
   */
  async reconcileAll(now = new Date()): Promise<{ checked: number }> {
    const intents = await listUnsettledIntents(this.db, this.provider.name, CHECK_BATCH);
    for (const intent of intents) {
      try {
        await this.settle(intent, now);
      } catch (error) {
        this.log.warn({ err: error, intent: intent.id }, 'payment intent not checked');
      }
    }
    return { checked: intents.length };
  }

  private async settle(intent: PaymentIntentRow, now: Date): Promise<void> {
    if (intent.status === 'canceling') return this.cancelAtProvider(intent);
    const atProvider = await this.provider.retrieveIntent(intent.id);
    if (!atProvider || atProvider.status === 'canceled') return this.settleCanceled(intent.id);
    if (atProvider.status === 'succeeded') return this.settleSucceeded(intent);
    if (intent.open_for_user === null) return this.cancelAtProvider(intent);
    if (now.getTime() - Date.parse(intent.created_at) > ABANDONED_AFTER_MS) return this.retire(intent);
    // Its slot's place lapsed: cancelled, so a page left open cannot charge for a place it no longer holds.
    if (await this.slots.holdLapsed(intent.id, now)) return this.retire(intent);
  }

  /**
   * Runs the check now and then every `everyMs` (0: only now). The first run is awaited for at
   * most `startBudgetMs`, so an unreachable provider delays no start; it goes on in the background.
   */
  async startChecking(everyMs: number, startBudgetMs = 5000): Promise<void> {
    const first = this.check();
    await Promise.race([first, new Promise((resolve) => setTimeout(resolve, startBudgetMs).unref())]);
    if (everyMs > 0) this.timer = setInterval(() => void this.check(), everyMs).unref();
  }

  /** One check at a time: a slow provider never piles them up. */
  private check(): Promise<unknown> {
    this.checking ??= this.reconcileAll()
      .then(({ checked }) => {
        if (checked > 0) this.log.info({ checked }, 'payment intents checked with the provider');
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'payment check failed'))
      .finally(() => (this.checking = undefined));
    return this.checking;
  }

  /** Stops the periodic check and waits for a running one (the app is closing). */
  async stopChecking(): Promise<void> {
    clearInterval(this.timer);
    await this.checking;
  }

  /** The customer's own payments (GET /api/payments, the account's export). */
  async listOwn(userId: string): Promise<PaymentRecord[]> {
    return (await listPaymentsOfUser(this.db, userId)).map(toPaymentRecord);
  }

  private async answer(row: PaymentRow): Promise<{ payment: PaymentRecord; order?: Order }> {
    const order = await this.orders.findByTransaction(row.transaction_id);
    return order ? { payment: toPaymentRecord(row), order } : { payment: toPaymentRecord(row) };
  }

  async findOwnIntent(intentId: string, userId: string): Promise<PaymentIntentRow> {
    const intent = await findIntent(this.db, intentId);
    if (!intent || intent.user_id !== userId || intent.provider !== this.provider.name) {
      throw new NotFoundError(say('error.payment.notFound'));
    }
    return intent;
  }
}

function dollars(cents: number): string {
  return `$${centsToPrice(cents).toFixed(2)}`;
}

/** What the cart's dishes cost, before anything the way of fulfilment adds. */
function dishesCents(items: IntentItem[]): number {
  return items.reduce((sum, item) => sum + item.priceCents, 0);
}

/** What an intent charges, and the taxes and tip its order keeps. */
interface Charge {
  amountCents: number;
  taxes: TaxSummary;
  /** The tip inside amountCents, before any tax on it. */
  tipCents: number;
  /** The promo code's discount off the dishes (never more than the dishes). */
  discountCents: number;
}

/** No tip: what a call without a choice (the spec's `{ price }`, older pages) leaves. */
const NO_TIP: TipChoice = { kind: 'none' };

/**
 * The tip of the customer's choice on this cart's food (the dishes at today's prices), under the
 * restaurant's tip settings (src/shared/tips.ts): a choice not offered or out of bounds is a 400 at
 * the `tip` field, and nothing is opened.
 */
function tipFor(choice: TipChoice, items: IntentItem[], settings: Pick<RestaurantSettings, 'tips'>): number {
  const result = tipCents(choice, dishesCents(items), settings.tips);
  if (!result.ok) throw new BadRequestError(result.message, { tip: [result.message] });
  return result.cents;
}

type TipAnswer = Pick<CreateIntentAnswer, 'tip' | 'tipOffer'>;

/** The answer's tip (inside `amount`) and what the page may offer next, both computed here. */
function tipAnswer(charge: Charge, items: IntentItem[], settings: Pick<RestaurantSettings, 'tips'>): TipAnswer {
  const offer = tipOffer(dishesCents(items), settings.tips);
  return { ...(charge.tipCents > 0 && { tip: centsToPrice(charge.tipCents) }), ...(offer && { tipOffer: offer }) };
}

/**
 * The intent's amount, in one place (src/shared/order-totals.ts): the dishes at today's prices,
 * less a promo code's discount (before tax, spread over the dishes), with tax added when the
 * restaurant prices without it, the delivery fee and the tip, all read on the server (never from
 * the browser). With prices that include tax, no code and no tip it is the dishes plus the fee.
 */
export function chargeFor(items: IntentItem[], delivery: DeliveryCharge, settings: Pick<RestaurantSettings, 'taxMode' | 'taxRates' | 'tips'>, tip = 0, discountCents = 0): Charge {
  // The discount is spread over the dishes only, with order-totals' own rule, so a taxed tip line
  // (below) never takes part of it; each dish's tax is then on what is left of it.
  const shares = spreadDiscount(items.map((item) => item.priceCents), discountCents);
  const lines: TotalsLine[] = items.map((item, i) => ({ unitCents: item.priceCents - shares[i]!, quantity: 1, rate: item.taxRate ?? null }));
  // A tip is untaxed unless the settings name its rate: then it is one more line at that rate.
  const tipRate = tip > 0 ? taxRateRef(settings, settings.tips.taxRateId) : null;
  if (tipRate) lines.push({ unitCents: tip, quantity: 1, rate: tipRate });
  const totals = orderTotals({ mode: settings.taxMode, lines, deliveryFeeCents: delivery.feeCents, tipCents: tipRate ? 0 : tip });
  const discounted = shares.reduce((sum, share) => sum + share, 0);
  return { amountCents: totals.totalCents, taxes: taxSummaryOf(totals, settings.taxMode), tipCents: tip, discountCents: discounted };
}

/** A delivery's dishes must reach the restaurant's minimum (409 with how much is missing). */
function checkDeliveryMinimum(items: IntentItem[], delivery: DeliveryCharge): void {
  if (items.length === 0) return;
  const problem = minimumOrderProblem(delivery.minimumOrderCents, dishesCents(items));
  if (problem) throw new ConflictError(problem);
}

/** The same entries at the same prices and options, in the same order: what an intent pays is what the cart holds. */
function sameItems(a: IntentItem[], b: IntentItem[]): boolean {
  return (
    a.length === b.length &&
    a.every((item, i) => item.cartItemId === b[i]!.cartItemId && item.priceCents === b[i]!.priceCents && JSON.stringify(item.options) === JSON.stringify(b[i]!.options))
  );
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
