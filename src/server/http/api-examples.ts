import { z } from 'zod';
import { changePasswordSchema, captchaByMailRequestSchema, captchaCheckSchema, signInSchema, signUpSchema, socialSignInSchema, tokenRequestSchema, updateUserSchema } from '../../shared/auth.ts';
import {
  changeEmailSchema,
  deleteAccountSchema,
  linkTokenBodySchema,
  preferencesSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  setPasswordSchema,
} from '../../shared/account.ts';
import { addToCartSchema } from '../../shared/cart.ts';
import { itemAvailabilitySchema, itemInputSchema } from '../../shared/menu.ts';
import { reviewVisibilitySchema } from '../../shared/reviews.ts';
import { createIntentBodySchema, refundAskSchema, statusChangeSchema } from '../../shared/orders.ts';
import { paymentBodySchema, sandboxConfirmBodySchema } from '../../shared/payments.ts';
import { busyChangeSchema, orderDelaySchema, restaurantSettingsSchema } from '../../shared/restaurant-settings.ts';
import { printerInputSchema } from '../../shared/printers.ts';
import { savedAddressInputSchema } from '../../shared/saved-addresses.ts';
import { guestBeginSchema, tableInputSchema } from '../../shared/tables.ts';
import { promotionInputSchema, promotionPausedSchema } from '../../shared/promo-codes.ts';
import { registerUserSchema, roleChangeSchema } from '../../shared/users.ts';

const DISH_ID = '0b9d2c4e-6f1a-4e3b-9c8d-7a6b5c4d3e2f';
const IMAGE = '/api/images/5f0c3a1e-2b4d-4c6e-8f9a-0b1c2d3e4f5a.webp';
const LINK_TOKEN = 'kT3mQ9xV2bN7pL4sR8wY1zA6';
const hours = [{ open: '10:00', close: '21:00' }];

/**
 * One example of each request body, shown by the reference (OpenAPI `examples` of the body's
 * schema) and checked against it by Redocly (npm run lint:api) and refusedExamples. The schemas
 * stay in src/shared; test/api-reference.test.ts fails when a body has no example.
 */
const EXAMPLES: ReadonlyArray<[z.ZodType, unknown]> = [
  [signUpSchema, { name: 'Ada Green', email: 'ada@example.com', password: 'sprouted lentils at noon 7' }],
  [signInSchema, { email: 'ada@example.com', password: 'sprouted lentils at noon 7', captchaId: 'c1f3e5a7', captchaAnswer: 'K7P2Q' }],
  [socialSignInSchema, { provider: 'oidc', callbackURL: '/auth/social-done', errorCallbackURL: '/auth/social-done', disableRedirect: true }],
  [updateUserSchema, { name: 'Ada Greenwood' }],
  [printerInputSchema, { name: 'Kitchen', host: '192.168.1.50', port: 9100, printOnAccept: true }],
  [tableInputSchema, { name: '7', area: 'Terrace' }],
  [promotionInputSchema, { code: 'SPROUT10', kind: 'percent', value: 10, minimumOrder: 25, validFrom: '2026-06-01T00:00:00Z', validTo: '2026-09-01T00:00:00Z', maxUses: 100, oncePerCustomer: true, firstOrderOnly: false, paused: false }],
  [promotionPausedSchema, { paused: true }],
  [guestBeginSchema, { name: 'Ada', email: 'ada@example.com' }],
  [savedAddressInputSchema, { address: { line1: '12 Orchard Lane', line2: 'Flat 3', city: 'Springfield', postalCode: '10115' }, phone: '+1 555 0100' }],
  [changePasswordSchema, { currentPassword: 'sprouted lentils at noon 7', newPassword: 'cold-pressed beet juice 9', revokeOtherSessions: true }],
  [captchaCheckSchema, { id: 'c1f3e5a7', answer: 'K7P2Q' }],
  [captchaByMailRequestSchema, { id: 'c1f3e5a7', email: 'ada@example.com' }],
  [tokenRequestSchema, { email: 'ada@example.com' }],
  [requestPasswordResetSchema, { email: 'ada@example.com' }],
  [resetPasswordSchema, { token: LINK_TOKEN, newPassword: 'cold-pressed beet juice 9' }],
  [linkTokenBodySchema, { token: LINK_TOKEN }],
  [changeEmailSchema, { newEmail: 'ada.green@example.org', currentPassword: 'sprouted lentils at noon 7' }],
  [setPasswordSchema, { newPassword: 'cold-pressed beet juice 9' }],
  [preferencesSchema, { orderStatusMails: false }],
  [deleteAccountSchema, { password: 'sprouted lentils at noon 7' }],
  [addToCartSchema, { itemId: DISH_ID }],
  [
    itemInputSchema,
    {
      name: 'Zucchini noodles with pesto',
      category: 'raw-special',
      price: 12.5,
      recipe: 'Spiralized zucchini, basil and cashew pesto, cherry tomatoes.',
      image: IMAGE,
      tags: ['vegan'],
      allergens: ['nuts'],
      taxRateId: null,
      options: [{ name: 'Size', translations: { de: 'Größe' }, min: 1, max: 1, choices: [{ name: 'Regular', translations: { de: 'Normal' }, price: 0 }, { name: 'Large', translations: { de: 'Groß' }, price: 3 }] }],
      translations: { de: { name: 'Zucchininudeln mit Pesto', recipe: 'Zucchini-Spiralen, Basilikum-Cashew-Pesto und Kirschtomaten.' } },
    },
  ],
  [itemAvailabilitySchema, { soldOut: true }],
  [reviewVisibilitySchema, { hidden: true }],
  [createIntentBodySchema, { fulfilment: { type: 'table', table: '12' }, tip: { kind: 'percent', percent: 15 } }],
  [statusChangeSchema, { status: 'accepted', readyInMinutes: 20 }],
  [refundAskSchema, { lines: [{ lineId: 0, quantity: 1 }] }],
  [paymentBodySchema, { transactionId: 'pi_3Q9xV2bN7pL4sR8w' }],
  [
    sandboxConfirmBodySchema,
    { clientSecret: 'pi_3Q9xV2bN7pL4sR8w_secret_a1b2c3', card: { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' }, billingDetails: { email: 'ada@example.com', name: 'Ada Green' } },
  ],
  [registerUserSchema, { name: 'Ada Green', email: 'ada@example.com' }],
  [roleChangeSchema, { role: 'staff' }],
  [busyChangeSchema, { pause: 30, pauseMessage: 'The kitchen is full: back in half an hour', extraMinutes: 10 }],
  [orderDelaySchema, { minutes: 10 }],
  [
    restaurantSettingsSchema,
    {
      name: 'Raw Roots',
      address: '1 Orchard Lane, Springfield',
      phone: '+1 555 0100',
      timeZone: 'America/New_York',
      hours: { monday: hours, tuesday: hours, wednesday: hours, thursday: hours, friday: hours, saturday: hours, sunday: [] },
      closedDays: ['2026-12-25'],
      ordersPaused: false,
      pausedUntil: null,
      pauseMessage: '',
      extraMinutes: 0,
      autoAccept: false,
      preparationMinutes: 20,
      orderAheadDays: 7,
      slotMinutes: 15,
      slotMaxOrders: 0,
      slotMaxDishes: 0,
      scheduledEatHere: false,
      fulfilments: { table: true, pickup: true, delivery: false },
      deliveryMinutes: 20,
      deliveryFee: 0,
      minimumOrder: 0,
      postalCodes: [],
      socialLinks: { facebook: 'https://www.facebook.com/rawroots', instagram: '', youtube: '' },
      taxMode: 'included',
      taxRates: [
        { id: 'food', name: 'Food 7 %', percent: 7 },
        { id: 'drinks', name: 'Drinks 19 %', percent: 19 },
      ],
      categoryTaxRates: { 'raw-special': 'food', juice: 'drinks' },
      legalName: 'Raw Roots Kitchen GmbH',
      taxNumber: 'DE123456789',
      tips: { enabled: true, percents: [10, 15, 20], allowAmount: true, taxRateId: null },
    },
  ],
];

/**
 * The examples their schema refuses, which would teach clients a wrong call: test/api-reference.test.ts
 * expects none (Redocly checks the document's too). Not checked at start, which must not fail on it.
 */
export function refusedExamples(): string[] {
  return EXAMPLES.flatMap(([schema, example]) => {
    const parsed = schema.safeParse(example);
    return parsed.success ? [] : [`${JSON.stringify(example)}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`];
  });
}

/** Registers the examples on the schemas themselves (Zod's global registry), before the routes are documented. */
export function registerBodyExamples(): void {
  for (const [schema, example] of EXAMPLES) schema.register(z.globalRegistry, { ...z.globalRegistry.get(schema), examples: [example] });
}
