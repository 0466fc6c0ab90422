/**
 * One settings schema, with its messages, for the administrator's form and the server (decision
 * 0024); the hours' rules live in src/shared/opening-hours.ts, the delivery's here.
 */
import { z } from 'zod';
import { centsToPrice, formatPrice } from './money.ts';
import { minutesOf, WEEKDAYS, type OpeningRules, type Weekday } from './opening-hours.ts';
import { BUSY_TEXTS, DEFAULT_PREPARATION_MINUTES, DELAY_MINUTES, EXTRA_MINUTES, PAUSE_MINUTES } from './busy-mode.ts';
import { FULFILMENT_LABELS, FULFILMENT_TYPES, READY_IN_MAX, READY_IN_MIN, type FulfilmentType } from './order-workflow.ts';
import { PRODUCT_NAME } from './product.ts';
import { ORDER_AHEAD_MAX, SLOT_MINUTES_CHOICES } from './order-slots.ts';
import { isTimeZone } from './shop-time.ts';
import { NO_SOCIAL_LINKS, SOCIAL_NETWORKS, type SocialNetwork } from './social-links.ts';
import { TAX_MODES, type TaxRateRef } from './order-totals.ts';
import { CATEGORIES, CATEGORY_LABELS } from './category-list.ts';
import { DEFAULT_TIP_SETTINGS, TIP_TEXTS, tipSettingsSchema } from './tips.ts';

export * from './opening-hours.ts';
export * from './busy-mode.ts';
export * from './order-slots.ts';

const CLOCK = /^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/;
const clock = z.string().regex(CLOCK, 'Write the time as HH:MM, for example 11:00');

export const timeRangeSchema = z
  .object({ open: clock, close: clock })
  .refine((range) => minutesOf(range.open) < minutesOf(range.close), { message: 'The closing time must come after the opening time', path: ['close'] });

/** A day with a break is two stretches. */
const dayHoursSchema = z
  .array(timeRangeSchema)
  .max(4, 'At most four opening times a day')
  .superRefine((ranges, ctx) => {
    const sorted = [...ranges].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
    for (let i = 1; i < sorted.length; i++) {
      if (minutesOf(sorted[i]!.open) < minutesOf(sorted[i - 1]!.close)) {
        ctx.addIssue({ code: 'custom', message: 'Opening times of one day must not overlap' });
        return;
      }
    }
  });

export const DEFAULT_DELIVERY_MINUTES = 20;
const DELIVERY_MINUTES_MIN = 0;
const DELIVERY_MINUTES_MAX = 180;
const DELIVERY_MINUTES_TEXT = `The delivery time is a whole number of minutes from ${DELIVERY_MINUTES_MIN} to ${DELIVERY_MINUTES_MAX}`;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const dollars = (what: string) =>
  z
    .number({ message: `Enter the ${what} in dollars` })
    .min(0, `The ${what} cannot be negative`)
    .max(1000, `The ${what} is at most $1000`)
    .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Use whole cents');

/** A trailing * is a prefix: "101*". */
const postalCodePattern = z
  .string()
  .trim()
  .min(1, 'Remove the empty postal code')
  .max(20, 'A postal code has at most 20 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*\*?$/, 'Write postal codes with letters, digits, spaces or dashes (a * at the end for a prefix)');

/** 0 is no limit (the settings page sends an empty field as 0). */
const slotLimit = (what: string) =>
  z.number({ message: `Enter the most ${what} per slot as a number` }).int(`Use a whole number of ${what}`).min(0, 'At least 0 (0: no limit)').max(10_000, 'At most 10000');

/** The address's host is the network's site or one of its subdomains (www., m.). */
function onSite(address: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return hosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

const socialAddress = ({ label, hosts, example }: (typeof SOCIAL_NETWORKS)[number]) =>
  z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(300, 'At most 300 characters')
      .refine((address) => onSite(address, hosts), `Enter the restaurant's ${label} address, starting with https:// (for example ${example}), or leave it empty`),
  ]);

export const socialLinksSchema = z.object(
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network.key, socialAddress(network)])) as Record<SocialNetwork, ReturnType<typeof socialAddress>>,
);

/** A named tax rate of the settings ("Food 7 %"): its percent with at most three decimals (8.875). */
export const taxRateSchema = z.object({
  /** Chosen by the settings page when the rate is added; dishes and categories refer to it. */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'A rate id has letters, digits, - or _'),
  name: text(40).min(1, 'Name the rate, for example Food 7 %'),
  percent: z
    .number({ message: 'Enter the rate as a percent, for example 7' })
    .min(0, 'A rate cannot be negative')
    .max(100, 'A rate is at most 100 %')
    .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, 'Use at most three decimals'),
});
export type TaxRate = z.infer<typeof taxRateSchema>;
export const TAX_RATES_MAX = 20;

const rateId = z.string().max(64);

export const restaurantSettingsSchema = z
  .object({
    name: text(100).min(1, "Enter the restaurant's name"),
    address: text(300),
    phone: z.union([z.literal(''), z.string().trim().regex(/^\+?[0-9 ()./-]{6,30}$/, 'Enter a valid phone number')]),
    timeZone: z.string().refine(isTimeZone, 'Choose a time zone such as Europe/Berlin'),
    hours: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema])) as Record<Weekday, typeof dayHoursSchema>),
    closedDays: z.array(z.iso.date('Write closed days as YYYY-MM-DD')).max(366, 'At most 366 closed days'),
    ordersPaused: z.boolean(),
    /** A pause for some minutes ends by itself at this instant; null: until someone resumes. */
    pausedUntil: z.iso.datetime({ offset: true, message: 'Write the end of the pause as an ISO time' }).nullable(),
    pauseMessage: text(200),
    /** Busy mode: minutes added to every ready time the kitchen quotes. */
    extraMinutes: z.literal(EXTRA_MINUTES, { message: BUSY_TEXTS.extraMinutes }),
    /** New orders are accepted on payment with preparationMinutes (plus extraMinutes). */
    autoAccept: z.boolean(),
    preparationMinutes: z
      .number({ message: BUSY_TEXTS.preparationMinutes })
      .int(BUSY_TEXTS.preparationMinutes)
      .min(READY_IN_MIN, BUSY_TEXTS.preparationMinutes)
      .max(READY_IN_MAX, BUSY_TEXTS.preparationMinutes),
    fulfilments: z.object({ table: z.boolean(), pickup: z.boolean(), delivery: z.boolean() }),
    /** The rider's ride after the kitchen: a delivery "arrives around" its ready time plus this. */
    deliveryMinutes: z
      .number({ message: DELIVERY_MINUTES_TEXT })
      .int(DELIVERY_MINUTES_TEXT)
      .min(DELIVERY_MINUTES_MIN, DELIVERY_MINUTES_TEXT)
      .max(DELIVERY_MINUTES_MAX, DELIVERY_MINUTES_TEXT),
    /** Dollars, as the API speaks; stored in cents. */
    deliveryFee: dollars('delivery fee'),
    /** On the dishes, before the fee. */
    minimumOrder: dollars('minimum order'),
    /** Empty: deliveries go anywhere. */
    postalCodes: z.array(postalCodePattern).max(500, 'At most 500 postal codes'),
    /** Days after today a customer may order for (0: today only). */
    orderAheadDays: z.number({ message: 'Enter the days ahead as a number' }).int('Use whole days').min(0, 'At least 0 days').max(ORDER_AHEAD_MAX, `At most ${ORDER_AHEAD_MAX} days ahead`),
    slotMinutes: z.union(SLOT_MINUTES_CHOICES.map((m) => z.literal(m)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>], {
      message: `Choose slots of ${SLOT_MINUTES_CHOICES.join(', ')} minutes`,
    }),
    /** 0 (or empty): no limit. */
    slotMaxOrders: slotLimit('orders'),
    slotMaxDishes: slotLimit('dishes'),
    /** Eat-here orders for a later time (a table booked with the meal). */
    scheduledEatHere: z.boolean(),
    /** The footer's social icons (src/shared/social-links.ts); empty ones are not shown. */
    socialLinks: socialLinksSchema,
    /** Taxes (docs/product.md §28): prices include tax (the default) or tax is added at checkout. */
    taxMode: z.enum(TAX_MODES, { message: 'Choose whether prices include tax or tax is added at checkout' }).default('included'),
    taxRates: z.array(taxRateSchema).max(TAX_RATES_MAX, `At most ${TAX_RATES_MAX} tax rates`).default([]),
    /** The rate of a category's dishes that have none of their own; a category left out is untaxed. */
    categoryTaxRates: z.partialRecord(z.enum(CATEGORIES), rateId).default({}),
    /** On receipts: the legal name (empty: the restaurant's name) and the tax number. */
    legalName: text(200).default(''),
    taxNumber: text(50).default(''),
    /** Tips at checkout (src/shared/tips.ts): off until turned on. */
    tips: tipSettingsSchema.default(DEFAULT_TIP_SETTINGS),
  })
  .superRefine((settings, ctx) => {
    taxRateProblems(settings, ctx);
    tipProblems(settings, ctx);
    if (settings.ordersPaused && settings.pauseMessage === '') {
      ctx.addIssue({ code: 'custom', path: ['pauseMessage'], message: 'Tell customers why orders are paused' });
    }
    if (!FULFILMENT_TYPES.some((type) => settings.fulfilments[type])) {
      ctx.addIssue({ code: 'custom', path: ['fulfilments'], message: 'Offer at least one of table, pickup or delivery' });
    }
  });
export type RestaurantSettings = z.infer<typeof restaurantSettingsSchema>;

const ALL_DAY: Record<Weekday, { open: string; close: string }[]> = Object.fromEntries(WEEKDAYS.map((day) => [day, [{ open: '00:00', close: '24:00' }]])) as Record<
  Weekday,
  { open: string; close: string }[]
>;

/**
 * Busy mode's change by staff (PATCH /api/staff/busy): a pause of some minutes, until resumed, or
 * its end; minutes added to quotes; auto-accept. Only what is sent changes.
 */
export const busyChangeSchema = z
  // Strict: a field of the administrator's (the name, the fees) is refused, not quietly dropped.
  .strictObject({
    pause: z.literal([...PAUSE_MINUTES, 'untilResumed', 'resume'], { message: BUSY_TEXTS.pause }).optional(),
    pauseMessage: text(200).optional(),
    extraMinutes: z.literal(EXTRA_MINUTES, { message: BUSY_TEXTS.extraMinutes }).optional(),
    autoAccept: z.boolean({ message: 'autoAccept is true or false' }).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), { message: BUSY_TEXTS.nothing });
export type BusyChange = z.infer<typeof busyChangeSchema>;

/** Pushing one accepted order's ready time back (POST /api/staff/orders/:id/delay). */
export const orderDelaySchema = z.object({
  minutes: z.literal(DELAY_MINUTES, { message: BUSY_TEXTS.delay }),
});
export type OrderDelay = z.infer<typeof orderDelaySchema>;

function taxRateProblems(settings: Pick<RestaurantSettings, 'taxRates' | 'categoryTaxRates'>, ctx: z.RefinementCtx): void {
  const ids = new Set<string>();
  const names = new Set<string>();
  settings.taxRates.forEach((rate, i) => {
    if (ids.has(rate.id)) ctx.addIssue({ code: 'custom', path: ['taxRates', i, 'id'], message: 'Two rates have the same id' });
    if (names.has(rate.name.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['taxRates', i, 'name'], message: 'Two rates have the same name' });
    ids.add(rate.id);
    names.add(rate.name.toLowerCase());
  });
  for (const [category, id] of Object.entries(settings.categoryTaxRates)) {
    if (!ids.has(id)) ctx.addIssue({ code: 'custom', path: ['categoryTaxRates', category], message: `Choose one of the tax rates for ${CATEGORY_LABELS[category as keyof typeof CATEGORY_LABELS]}` });
  }
}

function tipProblems(settings: Pick<RestaurantSettings, 'taxRates' | 'tips'>, ctx: z.RefinementCtx): void {
  const { tips } = settings;
  if (tips.enabled && tips.percents.length === 0 && !tips.allowAmount) ctx.addIssue({ code: 'custom', path: ['tips', 'percents'], message: TIP_TEXTS.percentsNeeded });
  if (tips.taxRateId !== null && !settings.taxRates.some((rate) => rate.id === tips.taxRateId)) ctx.addIssue({ code: 'custom', path: ['tips', 'taxRateId'], message: TIP_TEXTS.taxRate });
}

/** The rate as orders keep it (its size in thousandths of a percent), or null for no rate. */
export function taxRateRef(settings: Pick<RestaurantSettings, 'taxRates'>, id: string | null | undefined): TaxRateRef | null {
  const rate = id ? settings.taxRates.find((r) => r.id === id) : undefined;
  return rate ? { id: rate.id, name: rate.name, milliPercent: Math.round(rate.percent * 1000) } : null;
}

/** A dish's rate: its own, else its category's default, else none. */
export function dishTaxRate(settings: Pick<RestaurantSettings, 'taxRates' | 'categoryTaxRates'>, dish: { taxRateId?: string | null; category: string }): TaxRateRef | null {
  return taxRateRef(settings, dish.taxRateId ?? settings.categoryTaxRates[dish.category as keyof RestaurantSettings['categoryTaxRates']]);
}

/**
 * The seller as receipts name them: the legal name (else the restaurant's), address, phone and tax
 * number; all empty while none of them is set, so an unconfigured shop's receipts stay as they were.
 */
export function receiptSeller(settings: Pick<RestaurantSettings, 'name' | 'legalName' | 'address' | 'phone' | 'taxNumber'>) {
  const given = [settings.legalName, settings.address, settings.phone, settings.taxNumber].some(Boolean);
  return { legalName: given ? settings.legalName || settings.name : '', address: settings.address, phone: settings.phone, taxNumber: settings.taxNumber };
}

/** Permissive defaults (always open, everything offered, no fee), so a shop without a settings row works unconfigured. */
export function defaultSettings(timeZone: string): RestaurantSettings {
  return {
    name: PRODUCT_NAME,
    address: '',
    phone: '',
    timeZone,
    hours: ALL_DAY,
    closedDays: [],
    ordersPaused: false,
    pausedUntil: null,
    pauseMessage: '',
    extraMinutes: 0,
    autoAccept: false,
    preparationMinutes: DEFAULT_PREPARATION_MINUTES,
    fulfilments: { table: true, pickup: true, delivery: true },
    deliveryMinutes: DEFAULT_DELIVERY_MINUTES,
    deliveryFee: 0,
    minimumOrder: 0,
    postalCodes: [],
    orderAheadDays: 7,
    slotMinutes: 15,
    slotMaxOrders: 0,
    slotMaxDishes: 0,
    scheduledEatHere: false,
    socialLinks: NO_SOCIAL_LINKS,
    taxMode: 'included',
    taxRates: [],
    categoryTaxRates: {},
    legalName: '',
    taxNumber: '',
    tips: DEFAULT_TIP_SETTINGS,
  };
}

export function openingRules(settings: RestaurantSettings): OpeningRules {
  return settings;
}

export function fulfilmentProblem(settings: RestaurantSettings, type: FulfilmentType): string | undefined {
  if (settings.fulfilments[type]) return undefined;
  const offered = FULFILMENT_TYPES.filter((t) => settings.fulfilments[t]).map((t) => FULFILMENT_LABELS[t].toLowerCase());
  return `${FULFILMENT_LABELS[type]} is not offered at the moment: choose ${offered.join(' or ')}`;
}

const normalPostalCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

/** Compared without case, spaces or dashes. */
export function deliversTo(settings: RestaurantSettings, postalCode: string): boolean {
  if (settings.postalCodes.length === 0) return true;
  const code = normalPostalCode(postalCode);
  return settings.postalCodes.some((pattern) =>
    pattern.endsWith('*') ? code.startsWith(normalPostalCode(pattern.slice(0, -1))) : code === normalPostalCode(pattern),
  );
}

/**
 * Where deliveries go, in words for customers: "We deliver to postal codes starting 123 and to
 * 10115"; undefined when they go anywhere. The checkout and its tests read this one sentence.
 */
export function deliveryAreaWords(postalCodes: readonly string[]): string | undefined {
  const list = (items: string[], type: 'conjunction' | 'disjunction') => new Intl.ListFormat('en-GB', { style: 'long', type }).format(items);
  const prefixes = postalCodes.filter((code) => code.endsWith('*')).map((code) => code.slice(0, -1).trim());
  const exact = postalCodes.filter((code) => !code.endsWith('*')).map((code) => code.trim());
  const parts = [prefixes.length > 0 ? `postal codes starting ${list(prefixes, 'disjunction')}` : '', exact.length > 0 ? list(exact, 'conjunction') : ''].filter(Boolean);
  return parts.length > 0 ? `We deliver to ${parts.join(' and to ')}` : undefined;
}

/** The delivery's terms before any address is typed: the fee, the minimum on the dishes, the area. */
export function deliveryTermsWords(settings: Pick<RestaurantSettings, 'deliveryFee' | 'minimumOrder' | 'postalCodes'>): string[] {
  const area = deliveryAreaWords(settings.postalCodes);
  return [
    settings.deliveryFee > 0 ? `A delivery fee of $${formatPrice(settings.deliveryFee)} is added to your dishes.` : 'Delivery is free.',
    settings.minimumOrder > 0 ? `Minimum order $${formatPrice(settings.minimumOrder)}.` : '',
    area ? `${area}.` : '',
  ].filter(Boolean);
}

export function postalCodeProblem(settings: RestaurantSettings, postalCode: string): string | undefined {
  return deliversTo(settings, postalCode) ? undefined : `We do not deliver to ${postalCode.trim()}`;
}

export function minimumOrderProblem(minimumOrderCents: number, dishesCents: number): string | undefined {
  if (dishesCents >= minimumOrderCents) return undefined;
  return `The minimum order for delivery is $${formatPrice(centsToPrice(minimumOrderCents))}: add $${formatPrice(centsToPrice(minimumOrderCents - dishesCents))} more`;
}

/** The settings page's words for taxes and receipts, and the item form's rate choice. */
export const TAX_TEXTS = {
  dishRate: 'Tax rate',
  dishRateDefault: 'The category’s default',
} as const;
