import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  PAYMENT_CANCELED_MESSAGE,
  SANDBOX_TEST_CARDS,
  type SandboxConfirmBody,
  type SandboxConfirmAnswer,
} from '../../shared/payments.ts';
import type { Database } from '../db/schema.ts';
import type { CreatedIntent, CreateIntentInput, PaymentProvider, ProviderIntent, ProviderRefund } from './payment-provider.ts';
import { RefundRefusedError } from '../orders/order-types.ts';
import {
  findIntent,
  findSandboxRefund,
  insertSandboxRefundOnce,
  markIntentCanceled,
  markIntentSucceeded,
  recordDecline,
  type PaymentIntentRow,
  type SandboxRefundRow,
} from './payment-repository.ts';
import { newRowId } from '../db/row-ids.ts';

/**
 * The test-mode provider inside the shop. Its intents are rows of payment_intents (so every
 * process of the shop sees them); it accepts Stripe's public test cards with Stripe's outcomes
 * and never stores or logs card data: a card is checked and forgotten.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    // Time-ordered like the shop's own rows: the intent's id is a key of the intents, payments and orders.
    const id = `pi_sandbox_${newRowId().replaceAll('-', '')}`;
    return {
      id,
      clientSecret: `${id}_secret_${randomBytes(16).toString('base64url')}`,
      status: 'requires_payment_method',
      amountCents: input.amountCents,
      currency: input.currency,
    };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | undefined> {
    const row = await findIntent(this.db, id);
    if (!row || row.provider !== 'sandbox') return undefined;
    return this.intentFromRow(row);
  }

  /** The sandbox's intents are the shop's rows: the row just read is its word. */
  intentFromRow(row: PaymentIntentRow): ProviderIntent {
    return { id: row.id, status: sandboxStatus(row.status), amountCents: row.amount_cents, currency: row.currency };
  }

  async retrieveWithSecret(id: string): Promise<CreatedIntent | undefined> {
    const row = await findIntent(this.db, id);
    if (!row || row.provider !== 'sandbox' || !row.client_secret) return undefined;
    return { id: row.id, status: sandboxStatus(row.status), amountCents: row.amount_cents, currency: row.currency, clientSecret: row.client_secret };
  }

  /** Cancelled at once (the sandbox is the provider); one that has succeeded stays succeeded. */
  async cancel(id: string): Promise<ProviderIntent | undefined> {
    await markIntentCanceled(this.db, id);
    return this.retrieveIntent(id);
  }

  /**
   * Like Stripe's refund of a card payment, without the wait: recorded at once and succeeded. Only
   * a succeeded intent, and its refunds together at most its amount. The ledger remembers each
   * idempotency key in the database: asked again with one, it answers that refund, from any process.
   */
  async refund(intentId: string, amountCents: number, idempotencyKey: string): Promise<ProviderRefund> {
    const intent = await findIntent(this.db, intentId);
    if (!intent || intent.provider !== 'sandbox') throw new RefundRefusedError(`No sandbox payment ${intentId} to refund`);
    if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > intent.amount_cents) {
      throw new RefundRefusedError(`A refund of ${amountCents} cents does not fit the payment of ${intent.amount_cents}`);
    }
    const seen = await findSandboxRefund(this.db, idempotencyKey);
    if (seen) return sameRequest(seen, intentId, amountCents);
    if (intent.status !== 'succeeded') throw new RefundRefusedError(`The sandbox payment ${intentId} has not succeeded: nothing to refund`);
    const row = await insertSandboxRefundOnce(
      this.db,
      {
        id: `re_sandbox_${randomUUID().replaceAll('-', '')}`,
        intent_id: intentId,
        amount_cents: amountCents,
        idempotency_key: idempotencyKey,
        created_at: new Date().toISOString(),
      },
      intent.amount_cents,
    );
    if (!row) throw new RefundRefusedError(`The sandbox payment ${intentId} has less than ${amountCents} cents left to refund`);
    return sameRequest(row, intentId, amountCents);
  }

  /**
   * Like Stripe's confirmPayment: the intent succeeds, or the answer carries the card's error.
   * A cancelled intent is refused as Stripe refuses one; of two confirmations at once, one moves
   * the intent and the other finds it succeeded (one charge).
   */
  async confirm(intent: PaymentIntentRow, body: SandboxConfirmBody, now = new Date()): Promise<SandboxConfirmAnswer> {
    if (!intent.client_secret || !sameSecret(intent.client_secret, body.clientSecret)) {
      return { error: { code: 'invalid_client_secret', message: 'This payment could not be found. Reload the page.' } };
    }
    if (intent.status === 'succeeded') return { paymentIntent: { id: intent.id, status: 'succeeded' } };
    const problem = checkTestCard(body.card, now);
    if (problem) {
      await recordDecline(this.db, intent.id, problem.code);
      return { error: problem };
    }
    if (!(await markIntentSucceeded(this.db, intent.id))) {
      const current = await this.retrieveIntent(intent.id);
      if (current?.status !== 'succeeded') return { error: { code: 'payment_intent_unexpected_state', message: PAYMENT_CANCELED_MESSAGE } };
    }
    return { paymentIntent: { id: intent.id, status: 'succeeded' } };
  }
}

/** A key's refund answers only the same request: as Stripe, a key reused for another refund is refused. */
function sameRequest(row: SandboxRefundRow, intentId: string, amountCents: number): ProviderRefund {
  if (row.intent_id !== intentId || row.amount_cents !== amountCents) {
    throw new RefundRefusedError(`The idempotency key ${row.idempotency_key} was used for another refund`);
  }
  return { id: row.id, status: 'succeeded', amountCents: row.amount_cents };
}

/** The shop's 'canceling' (taken off the page, not yet cancelled) is the sandbox's 'canceled': it cannot be paid. */
function sandboxStatus(status: string): string {
  return status === 'canceling' ? 'canceled' : status;
}

function sameSecret(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The card checks of test mode, with Stripe's messages for each outcome. */
export function checkTestCard(
  card: SandboxConfirmBody['card'],
  now: Date,
): { code: string; message: string } | undefined {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    return { code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) {
    return { code: 'invalid_expiry', message: "Your card's expiration date is incomplete." };
  }
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // A card is valid through the last day of its expiry month.
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    return { code: 'expired_card', message: "Your card's expiration date is in the past." };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) {
    return { code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  }
  if (number === SANDBOX_TEST_CARDS.success) return undefined;
  if (number === SANDBOX_TEST_CARDS.declined) return { code: 'card_declined', message: 'Your card was declined.' };
  if (number === SANDBOX_TEST_CARDS.insufficientFunds) {
    return { code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
  }
  return {
    code: 'card_declined',
    message: 'Your card was declined. This shop is in test mode: use a test card such as 4242 4242 4242 4242.',
  };
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
