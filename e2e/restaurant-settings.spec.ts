import type { APIRequestContext, Browser } from '@playwright/test';
import { defaultSettings, type RestaurantSettings } from '../src/shared/restaurant-settings.ts';
import { addToCartViaApi, cartPrice, fillCard, menu, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { newAdmin } from './order-helpers.ts';

/**
 * The restaurant's settings change the whole shop (a pause stops every payment), so this file runs
 * in its own Playwright project after all the others (playwright.config.ts), one test at a time,
 * and puts the fresh shop's settings back at the end of each test. Naming this file runs the
 * others first; alone: `npm run test:e2e -- e2e/restaurant-settings.spec.ts --project=restaurant-settings --no-deps`.
 */
test.describe.configure({ mode: 'serial' });

async function putSettings(request: APIRequestContext, headers: Record<string, string>, changes: Partial<RestaurantSettings>): Promise<void> {
  const current = (await (await request.get('/api/settings')).json()) as RestaurantSettings;
  const res = await request.put('/api/settings', { headers, data: { ...defaultSettings(current.timeZone), ...changes } });
  expect(res.status(), await res.text()).toBe(200);
}

async function withAdminApi(browser: Browser, run: (put: (changes: Partial<RestaurantSettings>) => Promise<void>) => Promise<void>): Promise<void> {
  const admin = await newAdmin(browser);
  try {
    await run((changes) => putSettings(admin.context.request, admin.headers, changes));
  } finally {
    await putSettings(admin.context.request, admin.headers, {});
    await admin.context.close();
  }
}

test('an administrator pauses orders with a message; a customer’s checkout shows it and cannot pay', async ({ page, browser, request }) => {
  const message = `Back at 19:00, the oven is being fixed (${Date.now()})`;
  await withAdminApi(browser, async () => {
    await signInAsNew(page, request, { admin: true });
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Restaurant settings' }).click();
    await expect(page.getByRole('heading', { name: 'Restaurant settings' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('switch', { name: /Pause orders/ }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    // A pause needs its message: the form says so at the field.
    await expect(page.getByText('Tell customers why orders are paused')).toBeVisible();
    await page.getByLabel('Message while paused').fill(message);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect(page.getByTestId('settings-preview')).toHaveText(`Orders paused: ${message}`);

    const customer = await browser.newPage();
    try {
      const [dish] = await menu(request);
      await signInAsNew(customer, customer.context().request);
      // The public pages' line, worked out in the browser.
      await expect(customer.getByTestId('open-now')).toHaveText(`Orders paused: ${message}`);
      await addToCartViaApi(customer, dish!._id);
      await customer.goto('/dashboard/payment');
      await expect(customer.getByTestId('checkout-closed')).toContainText(message);
      await customer.getByRole('radio', { name: /Eat here/ }).check();
      await customer.getByLabel('Table', { exact: true }).fill('5');
      await customer.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(customer.getByRole('alert')).toHaveText(`The payment could not be prepared: ${message}`);
      await expect(customer.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
    } finally {
      await customer.close();
    }

    // Taken back in the form; the public line says so.
    await page.getByRole('switch', { name: /Pause orders/ }).uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('settings-preview')).toHaveText('Open now · around the clock');
    await page.goto('/');
    await expect(page.getByTestId('open-now')).toHaveText('Open now · around the clock');
  });
});

test('the header’s line says when a closed restaurant opens, and a delivery shows and charges its fee', async ({ page, browser, request }) => {
  await withAdminApi(browser, async (put) => {
    const zone = ((await (await request.get('/api/settings')).json()) as RestaurantSettings).timeZone;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const opens = new Date(Date.parse(`${today}T12:00:00Z`) + 2 * 86_400_000);
    const weekday = opens.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
    const lunch = [{ open: '11:00', close: '15:00' }];
    await put({
      hours: { monday: lunch, tuesday: lunch, wednesday: lunch, thursday: lunch, friday: lunch, saturday: lunch, sunday: lunch },
      closedDays: [today, tomorrow],
    });
    // The server's drawing of the page holds no time; the browser says it once it runs.
    await page.goto('/about');
    await expect(page.getByTestId('open-now')).toHaveText(`Closed · opens ${weekday} 11:00`);
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(page.getByTestId('open-now')).toBeVisible();

    await put({ deliveryFee: 2.5 });
    await page.setViewportSize({ width: 1280, height: 900 });
    const [dish] = await menu(request);
    await signInAsNew(page, request);
    await expect(page.getByTestId('open-now')).toHaveText('Open now · around the clock');
    await addToCartViaApi(page, dish!._id);
    await page.goto('/dashboard/payment');
    await page.getByRole('radio', { name: /Delivery/ }).check();
    await expect(page.getByTestId('delivery-terms')).toHaveText('A delivery fee of $2.50 is added to your dishes.');
    await page.getByLabel('Street and number').fill('12 Orchard Lane');
    await page.getByLabel('City').fill('Greenville');
    await page.getByLabel('ZIP code').fill('10115');
    await page.getByLabel('Contact number').fill('+1 555 0100');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const total = (Math.round(cartPrice(dish!) * 100) + 250) / 100;
    await expect(page.getByTestId('payment-amount')).toHaveText(`$ ${total.toFixed(2)}`);
    await expect(page.getByTestId('payment-delivery-fee')).toContainText('$ 2.50 for delivery');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
    await expect(page.getByTestId('order-delivery-fee')).toHaveText('$ 2.50');
    await expect(page.getByTestId('order-total')).toHaveText(`$ ${total.toFixed(2)}`);
  });
});
