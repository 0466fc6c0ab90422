import type { Kysely } from 'kysely';
import {
  PROMO_TEXTS,
  inputAmountCents,
  promoCodeKey,
  promotionDiscountCents,
  promotionRefusal,
  ruleValue,
  type PromoRefusal,
  type Promotion,
  type PromotionInput,
} from '../../shared/promo-codes.ts';
import { priceToCents, centsToPrice } from '../../shared/money.ts';
import { newRowId } from '../db/row-ids.ts';
import type { Database } from '../db/schema.ts';
import { ConflictError, HttpError, NotFoundError } from '../http/errors.ts';
import {
  claimPromotionUse,
  deletePromotion,
  hasOrdered,
  hasUsedPromotion,
  releasePromotionUse,
  findPromotion,
  findPromotionByKey,
  insertPromotion,
  listPromotions,
  updatePromotion,
  type PromotionRow,
  type PromotionValues,
} from './promotions-repository.ts';

/** A code's discount as the server granted it: what the payment takes off and keeps. */
export interface GrantedDiscount {
  promotionId: string;
  /** The code as the administrator wrote it, shown on the order. */
  code: string;
  discountCents: number;
}

/** The answer to a code that does not apply: 409 PROMO_NOT_APPLICABLE with the reason in words. */
export class PromoRefusedError extends HttpError {
  readonly reason: PromoRefusal;
  constructor(reason: PromoRefusal) {
    super(409, 'PROMO_NOT_APPLICABLE', PROMO_TEXTS.refusals[reason]);
    this.reason = reason;
  }
}

/** The administrator's promotions (docs/product.md, "Promo codes"). */
export class PromotionsService {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async list(): Promise<Promotion[]> {
    return (await listPromotions(this.db)).map(toPromotion);
  }

  async add(input: PromotionInput, now = new Date()): Promise<Promotion> {
    const values = toValues(input);
    await this.refuseTakenCode(values.code_key);
    const id = newRowId();
    try {
      await insertPromotion(this.db, id, values, now.toISOString());
    } catch (error) {
      // Two adds of one code at once: the unique index lets one in, the other is told why.
      if (await findPromotionByKey(this.db, values.code_key)) throw new ConflictError(PROMO_TEXTS.codeTaken);
      throw error;
    }
    return toPromotion((await findPromotion(this.db, id))!);
  }

  /** Changes the rules; the uses so far stay, so lowering "at most N uses" below them ends the code. */
  async update(id: string, input: PromotionInput): Promise<Promotion> {
    if (!(await findPromotion(this.db, id))) throw new NotFoundError(PROMO_TEXTS.noSuchPromotion);
    const values = toValues(input);
    await this.refuseTakenCode(values.code_key, id);
    let updated: number;
    try {
      updated = await updatePromotion(this.db, id, values);
    } catch (error) {
      const other = await findPromotionByKey(this.db, values.code_key);
      if (other && other.id !== id) throw new ConflictError(PROMO_TEXTS.codeTaken);
      throw error;
    }
    if (updated === 0) throw new NotFoundError(PROMO_TEXTS.noSuchPromotion);
    return toPromotion((await findPromotion(this.db, id))!);
  }

  async setPaused(id: string, paused: boolean): Promise<Promotion> {
    if ((await updatePromotion(this.db, id, { paused: paused ? 1 : 0 })) === 0) throw new NotFoundError(PROMO_TEXTS.noSuchPromotion);
    return toPromotion((await findPromotion(this.db, id))!);
  }

  /** Orders that used the code keep their discount and its code: they are copied onto the order. */
  async remove(id: string): Promise<void> {
    if ((await deletePromotion(this.db, id)) === 0) throw new NotFoundError(PROMO_TEXTS.noSuchPromotion);
  }

  /**
   * What `code` takes off food worth `foodCents` for this customer now, or PromoRefusedError
   * saying why not. A quote only: the use is taken by `claim` when the payment is opened.
   */
  async quote(userId: string, code: string, foodCents: number, now = new Date()): Promise<GrantedDiscount> {
    const row = await findPromotionByKey(this.db, promoCodeKey(code));
    if (!row) throw new PromoRefusedError('unknown');
    const refusal = promotionRefusal(
      {
        kind: row.kind,
        amount: row.amount,
        minimumOrderCents: row.minimum_order_cents,
        validFrom: row.valid_from,
        validTo: row.valid_to,
        maxUses: row.max_uses,
        uses: Number(row.uses),
        oncePerCustomer: row.once_per_customer === 1,
        firstOrderOnly: row.first_order_only === 1,
        paused: row.paused === 1,
      },
      foodCents,
      { usedThisCode: await hasUsedPromotion(this.db, row.id, userId), hasOrderedBefore: await hasOrdered(this.db, userId) },
      now,
    );
    if (refusal) throw new PromoRefusedError(refusal);
    return { promotionId: row.id, code: row.code, discountCents: promotionDiscountCents({ kind: row.kind, amount: row.amount }, foodCents) };
  }

  /** Takes the use for the payment `intentId`; false when another payment took the last one (or this customer's) first. */
  async claim(granted: GrantedDiscount, userId: string, intentId: string, now = new Date()): Promise<boolean> {
    return claimPromotionUse(this.db, granted.promotionId, userId, intentId, now.toISOString());
  }

  /** A payment cancelled before it was charged gives its use back (docs/product.md, "Promo codes"). */
  async giveBack(intentId: string): Promise<void> {
    await releasePromotionUse(this.db, intentId);
  }

  private async refuseTakenCode(codeKey: string, ownId?: string): Promise<void> {
    const other = await findPromotionByKey(this.db, codeKey);
    if (other && other.id !== ownId) throw new ConflictError(PROMO_TEXTS.codeTaken);
  }
}

function toValues(input: PromotionInput): PromotionValues {
  return {
    code: input.code,
    code_key: promoCodeKey(input.code),
    kind: input.kind,
    amount: inputAmountCents(input),
    minimum_order_cents: priceToCents(input.minimumOrder),
    // Kept as UTC instants so every engine compares them the same way.
    valid_from: input.validFrom ? new Date(input.validFrom).toISOString() : null,
    valid_to: input.validTo ? new Date(input.validTo).toISOString() : null,
    max_uses: input.maxUses,
    once_per_customer: input.oncePerCustomer ? 1 : 0,
    first_order_only: input.firstOrderOnly ? 1 : 0,
    paused: input.paused ? 1 : 0,
  };
}

function toPromotion(row: PromotionRow): Promotion {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: ruleValue(row.kind, row.amount),
    minimumOrder: centsToPrice(row.minimum_order_cents),
    validFrom: row.valid_from,
    validTo: row.valid_to,
    maxUses: row.max_uses,
    uses: Number(row.uses),
    oncePerCustomer: row.once_per_customer === 1,
    firstOrderOnly: row.first_order_only === 1,
    paused: row.paused === 1,
    createdAt: row.created_at,
  };
}
