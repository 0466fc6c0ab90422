import { defaultSettings, type RestaurantSettings } from '../src/shared/restaurant-settings.ts';
import { PROMO_TEXTS } from '../src/shared/promo-codes.ts';
import { signInThroughApi } from './auth-helpers.ts';
import { addToCartViaApi, cartPrice, fillCard, menu, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { chooseTable, newAdmin } from './order-helpers.ts';

/**
 * Promo codes (docs/product.md §30) in the browser: an administrator adds a code on
 * /dashboard/promotions, a customer applies it on the payment page of an order with two tax rates,
 * pays, and the order page shows the discount and the taxes. It sets tax rates for the whole shop,
 * so it runs in the restaurant settings' project, after every other browser test (playwright.config.ts).
 */
test('an administrator adds a code; a customer applies it to a taxed order, pays, and sees the discount and the taxes', async ({ page, browser, request, allowConsoleErrors }) => {
  // Two pages, two accounts and a payment: the settings' tests' budget, with room for a busy machine.
  test.setTimeout(120_000);
  // The refused code's answer, which the browser logs.
  allowConsoleErrors(/409/);
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
    });

    // The administrator finds Promotions in the menu, is told at the field what is wrong, then adds the code.
    const code = `SPRING${Date.now() % 100_000}`;
    const adminPage = await admin.context.newPage();
    await signInThroughApi(adminPage, admin.account);
    await adminPage.goto('/dashboard/adminHome');
    await adminPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Promotions' }).click();
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    const form = adminPage.getByRole('form', { name: PROMO_TEXTS.add });
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
  } finally {
    await putSettings({});
    await admin.context.close();
  }
});
