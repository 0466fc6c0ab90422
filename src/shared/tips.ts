/**
 * Tips (issue 41): the choices the restaurant offers and the one function that turns a customer's
 * choice into cents. The server computes the tip from the choice, never from an amount it has not
 * bounded; a tip is a share of the food only (no delivery fee) and carries no tax.
 */
import { z } from 'zod';
import { centsToPrice, priceToCents } from './money.ts';

/** The percentages offered when the administrator has not chosen others. */
export const DEFAULT_TIP_PERCENTS = [10, 15, 20] as const;
/** At most this many percentages are offered, each a whole number in this range. */
export const TIP_PERCENT_MIN = 1;
export const TIP_PERCENT_MAX = 30;
export const TIP_PERCENTS_AT_MOST = 4;
/** A typed-in tip is at most this share of the food and this many cents: a slip of the finger, not a gift. */
export const TIP_AMOUNT_MAX_SHARE = 0.5;
export const TIP_AMOUNT_MAX_CENTS = 50_000;

export const TIP_TEXTS = {
  off: 'This restaurant does not take tips online.',
  notOffered: 'That tip is not one the restaurant offers.',
  negative: 'A tip cannot be negative.',
  tooLarge: (maxDollars: string) => `A tip can be at most $ ${maxDollars} for this order.`,
  percentRange: `Each tip percentage is a whole number from ${TIP_PERCENT_MIN} to ${TIP_PERCENT_MAX}.`,
  percentsUnique: 'Each tip percentage once.',
  percentsAtMost: `At most ${TIP_PERCENTS_AT_MOST} tip percentages.`,
  percentsNeeded: 'Offer at least one percentage or let customers type an amount.',
  taxRate: 'Choose one of the tax rates above for tips, or untaxed.',
} as const;

export const tipSettingsSchema = z.object({
  enabled: z.boolean(),
  percents: z
    .array(z.number().int(TIP_TEXTS.percentRange).min(TIP_PERCENT_MIN, TIP_TEXTS.percentRange).max(TIP_PERCENT_MAX, TIP_TEXTS.percentRange))
    .max(TIP_PERCENTS_AT_MOST, TIP_TEXTS.percentsAtMost)
    .refine((list) => new Set(list).size === list.length, TIP_TEXTS.percentsUnique),
  /** Whether the customer may type an amount of their own besides the percentages. */
  allowAmount: z.boolean(),
  /** The tax rate a tip is taxed at (an id of the settings' taxRates); null: untaxed, the default. */
  taxRateId: z.string().max(64).nullable().default(null),
});
export type TipSettings = z.infer<typeof tipSettingsSchema>;

/** Tips are off until the administrator turns them on. */
export const DEFAULT_TIP_SETTINGS: TipSettings = { enabled: false, percents: [...DEFAULT_TIP_PERCENTS], allowAmount: true, taxRateId: null };

/** What the customer picked: no tip, one of the offered percentages, or an amount in dollars. */
export const tipChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('percent'), percent: z.number().int() }),
  z.object({ kind: z.literal('amount'), amount: z.number().finite() }),
]).describe("The customer's tip: none, one of the offered percentages of the food, or an amount in dollars; the server computes and bounds the cents");
export type TipChoice = z.infer<typeof tipChoiceSchema>;

export type TipResult = { ok: true; cents: number } | { ok: false; message: string };

/** A percentage of the food, half a cent rounded up (the food is never negative). */
function percentTipCents(foodCents: number, percent: number): number {
  return Math.round((foodCents * percent) / 100);
}

/** The most a typed-in tip may be on food of `foodCents`. */
export function maxTipCents(foodCents: number): number {
  return Math.min(TIP_AMOUNT_MAX_CENTS, Math.floor(foodCents * TIP_AMOUNT_MAX_SHARE));
}

/**
 * The tip in cents of a choice on food of `foodCents`, under the restaurant's settings: a
 * percentage rounded half away from zero to the cent (the rounding of src/shared/order-totals.ts),
 * an amount only within maxTipCents; anything not offered is refused with a message.
 */
export function tipCents(choice: TipChoice, foodCents: number, settings: TipSettings): TipResult {
  if (choice.kind === 'none') return { ok: true, cents: 0 };
  if (!settings.enabled) return { ok: false, message: TIP_TEXTS.off };
  if (choice.kind === 'percent') {
    if (!settings.percents.includes(choice.percent)) return { ok: false, message: TIP_TEXTS.notOffered };
    return { ok: true, cents: percentTipCents(foodCents, choice.percent) };
  }
  if (!settings.allowAmount) return { ok: false, message: TIP_TEXTS.notOffered };
  const cents = priceToCents(choice.amount);
  if (cents < 0) return { ok: false, message: TIP_TEXTS.negative };
  const max = maxTipCents(foodCents);
  if (cents > max) return { ok: false, message: TIP_TEXTS.tooLarge((max / 100).toFixed(2)) };
  return { ok: true, cents };
}

/**
 * What the payment page offers, as the server computed it for this cart (dollars): each offered
 * percentage with its amount, and the most a typed amount may be. The page shows these figures
 * and never works a tip out itself.
 */
export const tipOfferSchema = z
  .object({
    percents: z.array(z.object({ percent: z.number().int(), amount: z.number() })),
    /** Absent when the restaurant offers percentages only. */
    maxAmount: z.number().optional(),
  })
  .describe('The tips the restaurant offers on this cart (absent when tips are off), each percentage of the food with its amount in dollars');
export type TipOffer = z.infer<typeof tipOfferSchema>;

/** The offer of the settings on food of `foodCents`; undefined while tips are off. */
export function tipOffer(foodCents: number, settings: TipSettings): TipOffer | undefined {
  if (!settings.enabled) return undefined;
  const percents = settings.percents.map((percent) => ({ percent, amount: centsToPrice(percentTipCents(foodCents, percent)) }));
  return settings.allowAmount ? { percents, maxAmount: centsToPrice(maxTipCents(foodCents)) } : { percents };
}

/** The payment page's words for the tip. */
export const TIP_PAGE_TEXTS = {
  /** The order page's, board's, ticket's and mail's row. */
  row: 'Tip',
} as const;
