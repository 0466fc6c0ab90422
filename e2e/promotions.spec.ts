import type { APIRequestContext, Browser } from '@playwright/test';
import { defaultSettings, type RestaurantSettings } from '../src/shared/restaurant-settings.ts';
import { PROMO_TEXTS } from '../src/shared/promo-codes.ts';
import { DEFAULT_TIP_SETTINGS } from '../src/shared/tips.ts';
import { mailTo, signInThroughApi } from './auth-helpers.ts';
import { addToCartViaApi, cartPrice, fillCard, menu, signInAsNew } from './cart-helpers.ts';
import { parseCsv } from '../test/stats-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { chooseTable, newAdmin } from './order-helpers.ts';

/**
 * Promo codes (docs/product.md §30) in the browser: an administrator adds a code on
 * /dashboard/promotions, a customer applies it on the payment page of an order with two tax rates,
 * pays, and the order page shows the discount and the taxes. It sets tax rates for the whole shop,
 * so it runs in the restaurant settings' project, after every other browser test (playwright.config.ts).
 */

type Dish = Awaited<ReturnType<typeof menu>>[number];

/**
 * Runs `body` with two tax rates ("Food 7 %" for one dish's category, "Drinks 19 %" for
 * another's) and `extra` settings for the whole shop, then puts the default settings back.
 */
async function withTaxedShop(
  browser: Browser,
  request: APIRequestContext,
  extra: Partial<RestaurantSettings>,
  body: (shop: { admin: Awaited<ReturnType<typeof newAdmin>>; food: Dish; drink: Dish }) => Promise<void>,
): Promise<void> {
  const admin = await newAdmin(browser);
  const putSettings = async (changes: Partial<RestaurantSettings>) => {
    const current = (await (await request.get('/api/settings')).json()) as RestaurantSettings;
    const res = await admin.context.request.put('/api/settings', { headers: admin.headers, data: { ...defaultSettings(current.timeZone), ...changes } });
    expect(res.status(), await res.text()).toBe(200);
  };
  try {
    const dishes = (await menu(request)).filter((dish) => !dish.options);
    const food = dishes[0]!;
    const drink = dishes.find((dish) => dish.category !== food.category)!;
    await putSettings({
      taxRates: [
        { id: 'food', name: 'Food 7 %', percent: 7 },
        { id: 'drinks', name: 'Drinks 19 %', percent: 19 },
      ],
      categoryTaxRates: { [food.category]: 'food', [drink.category]: 'drinks' },
      ...extra,
    });
    await body({ admin, food, drink });
  } finally {
    await putSettings({});
    await admin.context.close();
  }
}

test('an administrator adds a code; a customer applies it to a taxed order, pays, and sees the discount and the taxes', async ({ page, browser, request, allowConsoleErrors }) => {
  // Two pages, two accounts and a payment: the settings' tests' budget, with room for a busy machine.
  test.setTimeout(120_000);
  // The refused code's answer, which the browser logs.
  allowConsoleErrors(/409/);
  await withTaxedShop(browser, request, {}, async ({ admin, food, drink }) => {

    // The administrator finds Promotions in the menu, is told at the field what is wrong, then adds the code.
    const code = `SPRING${Date.now() % 100_000}`;
    const adminPage = await admin.context.newPage();
    await signInThroughApi(adminPage, admin.account);
    await adminPage.goto('/dashboard/adminHome');
    await adminPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Promotions' }).click();
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    const form = adminPage.getByRole('form', { name: 'Add a promo code' });
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Percent off (1–100)').fill('150');
    await form.getByRole('button', { name: 'Add code' }).click();
    await expect(form.getByLabel('Percent off (1–100)')).toHaveAccessibleDescription('A percentage is a whole number from 1 to 100');
    await expect(form.getByLabel('Percent off (1–100)')).toBeFocused();
    await form.getByLabel('Percent off (1–100)').fill('10');
    await form.getByRole('button', { name: 'Add code' }).click();
    const row = adminPage.getByTestId('promotion').filter({ hasText: code });
    await expect(row).toContainText('10 % off');
    await expect(row.getByRole('cell', { name: '0', exact: true })).toBeVisible();
    await expectAccessible(adminPage);
    // On a phone the list turns into cards: nothing wider than the screen.
    await adminPage.setViewportSize({ width: 390, height: 800 });
    await expect(row).toBeVisible();
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The customer: a wrong code is refused with the server's reason, the right one shows the discount and the new total.
    const foodCents = Math.round(cartPrice(food) * 100);
    const drinkCents = Math.round(cartPrice(drink) * 100);
    const discount = Math.round((foodCents + drinkCents) / 10) / 100;
    const total = ((foodCents + drinkCents) / 100 - discount).toFixed(2);
    await signInAsNew(page, request);
    await addToCartViaApi(page, food._id);
    await addToCartViaApi(page, drink._id);
    await page.goto('/dashboard/payment');
    await chooseTable(page, '4');
    const before = await page.getByTestId('order-tax-line').allTextContents();
    expect(before).toHaveLength(2);
    await page.getByLabel(PROMO_TEXTS.field).fill('NOT-A-CODE');
    await page.getByRole('button', { name: PROMO_TEXTS.apply }).click();
    await expect(page.getByLabel(PROMO_TEXTS.field)).toHaveAccessibleDescription(PROMO_TEXTS.refusals.unknown);
    await page.getByLabel(PROMO_TEXTS.field).fill(code.toLowerCase());
    await page.getByRole('button', { name: PROMO_TEXTS.apply }).click();
    await expect(page.getByTestId('payment-discount')).toHaveText(`−$ ${discount.toFixed(2)}`);
    await expect(page.getByText(PROMO_TEXTS.discountLine(code))).toBeVisible();
    await expect(page.getByTestId('payment-amount')).toHaveText(`$ ${total}`);
    // The taxes are the server's for the discounted lines: lower than before the code.
    await expect(page.getByTestId('order-tax-line')).not.toHaveText(before);
    const taxed = await page.getByTestId('order-tax-line').allTextContents();
    await expectAccessible(page);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
    await expect(page.getByTestId('order-discount')).toHaveText(`−$ ${discount.toFixed(2)}`);
    await expect(page.getByTestId('order-tax-line')).toHaveText(taxed);
    await expect(page.getByTestId('order-total')).toHaveText(`$ ${total}`);

    // Its use counted on the administrator's page.
    await adminPage.reload();
    await expect(adminPage.getByTestId('promotion').filter({ hasText: code }).getByRole('cell', { name: '1', exact: true })).toBeVisible();
    await adminPage.close();
  });
});

/**
 * Issue 41's whole order: two tax rates, a 15 % tip and a promo code, paid in the browser; the
 * payment page, the order page, the staff's board card, the ticket, the receipt mail and the
 * orders CSV all show the server's same figures.
 */
test('an order with two tax rates, a tip and a code shows the same figures on every receipt', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await withTaxedShop(browser, request, { tips: { ...DEFAULT_TIP_SETTINGS, enabled: true } }, async ({ admin, food, drink }) => {
    const code = `WHOLE${Date.now() % 100_000}`;
    const added = await admin.context.request.post('/api/admin/promotions', {
      headers: admin.headers,
      data: { code, kind: 'percent', value: 10, minimumOrder: 0, validFrom: null, validTo: null, maxUses: null, oncePerCustomer: true, firstOrderOnly: false, paused: false },
    });
    expect(added.status(), await added.text()).toBe(201);

    const customer = await signInAsNew(page, request);
    await addToCartViaApi(page, food._id);
    await addToCartViaApi(page, drink._id);
    await page.goto('/dashboard/payment');
    await chooseTable(page, '4');
    await page.getByLabel(PROMO_TEXTS.field).fill(code);
    await page.getByRole('button', { name: PROMO_TEXTS.apply }).click();
    await expect(page.getByTestId('payment-discount')).toBeVisible();
    await page.getByRole('group', { name: 'Tip' }).getByRole('radio', { name: /^15 %/ }).check();
    await expect(page.getByTestId('payment-tip')).toBeVisible();
    const discount = (await page.getByTestId('payment-discount').textContent())!;
    const total = (await page.getByTestId('payment-amount').textContent())!;
    const taxes = await page.getByTestId('order-tax-line').allTextContents();
    expect(taxes).toHaveLength(2);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    // The order page.
    await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
    await expect(page.getByTestId('order-discount')).toHaveText(discount);
    await expect(page.getByTestId('order-tax-line')).toHaveText(taxes);
    await expect(page.getByTestId('order-total')).toHaveText(total);
    const tip = (await page.getByTestId('order-tip').textContent())!;
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const order = await page.evaluate(async (id) => {
      const response = await fetch(`/api/orders/${id}`, { headers: { authorization: `Bearer ${localStorage.getItem('access-token')}` } });
      return (await response.json()) as { number: number };
    }, orderId);

    // The staff's board card and the ticket.
    const staffPage = await admin.context.newPage();
    await signInThroughApi(staffPage, admin.account);
    await staffPage.goto('/dashboard/orders');
    const card = staffPage.getByTestId('order-card').filter({ has: staffPage.getByRole('heading', { name: `#${order.number}` }) });
    await expect(card.getByTestId('order-discount')).toHaveText(discount);
    await expect(card.getByTestId('order-tip')).toHaveText(tip);
    await expect(card.getByTestId('order-tax-line')).toHaveText(taxes);
    await expect(card.getByTestId('order-total')).toHaveText(total);
    await staffPage.goto(`/dashboard/orders/ticket/${orderId}`);
    await expect(staffPage.getByTestId('ticket-discount')).toContainText(discount.replace('−', ''));
    await expect(staffPage.getByTestId('ticket-tip')).toContainText(tip);
    for (const line of taxes) await expect(staffPage.getByTestId('ticket-taxes')).toContainText(line.match(/\$ [\d.]+$/)![0]);
    await expect(staffPage.locator('article footer')).toContainText(total);
    await staffPage.close();

    // The receipt mail.
    const mail = await mailTo(customer.email, new RegExp(`Your receipt for order #${order.number}`));
    for (const figure of [discount.replace('−', ''), tip, total]) expect(mail.text).toContain(figure);

    // The orders CSV's row of the order: its tip and discount in cents as the server keeps them.
    const csv = await (await admin.context.request.get('/api/admin/orders.csv?period=today', { headers: admin.headers })).text();
    const [header, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ''));
    const row = rows.find((cells) => cells[header!.indexOf('Order')]?.replace('#', '') === String(order.number))!;
    expect(row, `the CSV row of order #${order.number}`).toBeDefined();
    const cell = (name: string) => row[header!.indexOf(name)]!;
    const dollars = (text: string) => text.replace(/[^0-9.]/g, '');
    expect(cell('Tip (as paid, before refunds)')).toBe(dollars(tip));
    expect(cell('Order discount')).toBe(dollars(discount));
    expect(cell('Discount code')).toBe(code);
    expect(cell('Order total (gross, incl. tax)')).toBe(dollars(total));
  });
});
