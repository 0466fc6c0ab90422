/**
 * Promo codes (docs/product.md, "Promo codes"): the administrator's promotions, the one rule that
 * says what a code takes off the food, and why a code does not apply. Both sides read this file;
 * the server decides, the pages show its answer.
 */
import { z } from 'zod';
import { centsToPrice, priceToCents } from './money.ts';

export const PROMO_CODE_MAX = 30;
/** Letters, digits, dashes and underscores: a code a guest can read out and type on a phone. */
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Codes are compared case-insensitively: "summer10" and "SUMMER10" are one code. */
export const promoCodeKey = (code: string): string => code.trim().toUpperCase();

const codeSchema = z
  .string()
  .trim()
  .min(1, 'Enter the code')
  .max(PROMO_CODE_MAX, `At most ${PROMO_CODE_MAX} characters`)
  .regex(CODE_PATTERN, 'Letters, digits, - and _ only');

/** Whole cents: 4.5 and 4.55 are amounts, 4.555 is not. */
const inWholeCents = (value: number): boolean => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

export const promotionInputSchema = z
  .object({
    code: codeSchema,
    /** "percent": `value` percent off the food (1–100); "fixed": `value` dollars off the food. */
    kind: z.enum(['percent', 'fixed'], { message: 'Choose percentage or fixed amount' }),
    value: z.number({ message: 'Enter the discount as a number' }).positive('The discount is more than 0').max(10_000, 'The discount is at most 10000'),
    /** The food's total at least, in dollars; 0 for none. */
    minimumOrder: z.number({ message: 'Enter the minimum order as a number' }).min(0, 'The minimum order is 0 or more').max(100_000, 'The minimum order is at most 100000').default(0),
    validFrom: z.iso.datetime({ offset: true, message: 'Enter a date and time' }).nullable().default(null),
    validTo: z.iso.datetime({ offset: true, message: 'Enter a date and time' }).nullable().default(null),
    /** In all, over every customer; null for no limit. */
    maxUses: z.number({ message: 'Enter the uses as a number' }).int('Enter a whole number').min(1, 'At least 1 use').max(1_000_000, 'At most 1000000 uses').nullable().default(null),
    oncePerCustomer: z.boolean().default(true),
    firstOrderOnly: z.boolean().default(false),
    paused: z.boolean().default(false),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && (!Number.isInteger(input.value) || input.value > 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage is a whole number from 1 to 100' });
    }
    if (input.kind === 'fixed' && !inWholeCents(input.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'An amount has at most two decimals' });
    }
    if (!inWholeCents(input.minimumOrder)) {
      ctx.addIssue({ code: 'custom', path: ['minimumOrder'], message: 'An amount has at most two decimals' });
    }
    if (input.validFrom && input.validTo && Date.parse(input.validTo) <= Date.parse(input.validFrom)) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'The end comes after the start' });
    }
  });
export type PromotionInput = z.infer<typeof promotionInputSchema>;

export const promotionSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number(),
  minimumOrder: z.number(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  /** Orders that got the discount so far (a use given back is not counted). */
  uses: z.number().int(),
  oncePerCustomer: z.boolean(),
  firstOrderOnly: z.boolean(),
  paused: z.boolean(),
  createdAt: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const promotionIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const promotionPausedSchema = z.object({ paused: z.boolean() }).strict();

/** What a promotion's rule needs, in cents: the server's rows and the tests both give this. */
export interface PromotionRule {
  kind: 'percent' | 'fixed';
  /** Percent (1–100) or cents off. */
  amount: number;
  minimumOrderCents: number;
  validFrom: string | null;
  validTo: string | null;
  maxUses: number | null;
  uses: number;
  oncePerCustomer: boolean;
  firstOrderOnly: boolean;
  paused: boolean;
}

/** What the customer already did with the code and the shop: the server reads it from the database. */
export interface PromotionCustomerFacts {
  usedThisCode: boolean;
  hasOrderedBefore: boolean;
}

export type PromoRefusal = 'unknown' | 'paused' | 'notYet' | 'expired' | 'minimumNotMet' | 'usedUp' | 'alreadyUsed' | 'firstOrderOnly';

/**
 * The discount in cents of a code on food worth `foodCents`: a percentage rounds half away from
 * zero to the cent, and no discount is more than the food (the delivery fee is never discounted).
 */
export function promotionDiscountCents(rule: Pick<PromotionRule, 'kind' | 'amount'>, foodCents: number): number {
  if (foodCents <= 0) return 0;
  const off = rule.kind === 'percent' ? Math.round((foodCents * rule.amount) / 100) : rule.amount;
  return Math.min(off, foodCents);
}

/** Why the code does not apply now, or null when it does; checked in this order, the first reason wins. */
export function promotionRefusal(rule: PromotionRule, foodCents: number, customer: PromotionCustomerFacts, now: Date): PromoRefusal | null {
  if (rule.paused) return 'paused';
  if (rule.validFrom && now.getTime() < Date.parse(rule.validFrom)) return 'notYet';
  if (rule.validTo && now.getTime() >= Date.parse(rule.validTo)) return 'expired';
  if (rule.maxUses !== null && rule.uses >= rule.maxUses) return 'usedUp';
  if (rule.oncePerCustomer && customer.usedThisCode) return 'alreadyUsed';
  if (rule.firstOrderOnly && customer.hasOrderedBefore) return 'firstOrderOnly';
  if (foodCents < rule.minimumOrderCents) return 'minimumNotMet';
  return null;
}

/** A promotion's input as the rule stores it (cents), and back for the API (dollars). */
export const inputAmountCents = (input: Pick<PromotionInput, 'kind' | 'value'>): number => (input.kind === 'percent' ? input.value : priceToCents(input.value));
export const ruleValue = (kind: 'percent' | 'fixed', amount: number): number => (kind === 'percent' ? amount : centsToPrice(amount));

export const PROMO_TEXTS = {
  noSuchPromotion: 'No such promotion',
  codeTaken: 'Another promotion already has this code',
  /**
   * The payment page's field and button are the catalogue's `payment.promo.field` and `.apply`
   * (src/web/payments/components/promo-code-field.tsx); their English here is the browser tests'.
   */
  field: 'Promo code',
  apply: 'Apply',
  /** The discount's row on the order page, the ticket and the receipt mail. */
  discountLine: (code: string) => `Discount (${code})`,
  refusals: {
    unknown: 'This code is not known: check its spelling',
    paused: 'This code is paused at the moment',
    notYet: 'This code is not valid yet',
    expired: 'This code has expired',
    minimumNotMet: 'Your order does not reach this code’s minimum yet',
    usedUp: 'This code has been used up',
    alreadyUsed: 'You have already used this code',
    firstOrderOnly: 'This code is for a first order only',
  } satisfies Record<PromoRefusal, string>,
} as const;
