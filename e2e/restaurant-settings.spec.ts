import type { APIRequestContext, Browser } from '@playwright/test';
import { defaultSettings, type RestaurantSettings } from '../src/shared/restaurant-settings.ts';
import { addToCartViaApi, cartPrice, fillCard, menu, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import type { Order } from '../src/shared/orders.ts';
import { boardCard, newAdmin, openInApp, placeOrderViaApi, signInAsNewStaff } from './order-helpers.ts';

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
    // Issue 43, point 11: the switch acts when flipped, with the message typed beside it; no "Save settings".
    await page.getByLabel('Message while paused').fill(message);
    await page.getByRole('switch', { name: /Pause orders/ }).check();
    await expect(page.getByText('Orders are paused now.')).toBeVisible();
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

    // Still paused after a reload: it was saved when flipped.
    await page.reload();
    await expect(page.getByRole('switch', { name: /Pause orders/ })).toBeChecked();

    // Taken back with the switch alone; the public line says so.
    await page.getByRole('switch', { name: /Pause orders/ }).uncheck();
    await expect(page.getByText('Orders are taken again.')).toBeVisible();
    await expect(page.getByTestId('settings-preview')).toHaveText('Open now · around the clock');
    expect(((await (await request.get('/api/settings')).json()) as RestaurantSettings).ordersPaused).toBe(false);
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
    // Closed now, and orders for later are taken: the line says from when (orderAheadDays, default 7).
    await expect(page.getByTestId('open-now')).toHaveText(`Closed now · order ahead for ${weekday} from 11:00`);
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

test('busy mode from the board, as staff: a pause for 30 minutes, extra time, auto-accept and a pushed-back order', async ({ browser, request }) => {
  test.setTimeout(90_000);
  await withAdminApi(browser, async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const board = await context.newPage();
    await signInAsNewStaff(board, request);
    await openInApp(board, '/dashboard/orders');
    const controls = board.getByTestId('busy-controls');

    // Pause for 30 minutes: the board says until when, customers are refused, then resumed.
    await controls.getByRole('button', { name: '30 min', exact: true }).click();
    await expect(controls.getByTestId('busy-paused')).toHaveText(/New orders paused until \d{1,2}:\d{2}/);
    const paused = (await (await request.get('/api/settings')).json()) as RestaurantSettings;
    expect(paused.ordersPaused).toBe(true);
    expect(Math.round((Date.parse(paused.pausedUntil!) - Date.now()) / 60_000)).toBe(30);
    await expectAccessible(board);
    await controls.getByRole('button', { name: 'Resume orders' }).click();
    await expect(controls.getByRole('button', { name: 'Until resumed' })).toBeVisible();

    // Twenty extra minutes and auto-accept: a new order arrives accepted, its time with the extra.
    await controls.getByRole('button', { name: '+20 minutes' }).click();
    await expect(controls.getByRole('button', { name: '+20 minutes' })).toHaveAttribute('aria-pressed', 'true');
    await controls.getByRole('switch', { name: /Auto-accept/ }).check();
    await expect(controls.getByRole('switch', { name: /Auto-accept/ })).toBeChecked();
    await expect(controls).toContainText('(40 min)');

    const customer = await browser.newPage();
    let order: Order;
    try {
      const [dish] = await menu(request);
      await signInAsNew(customer, customer.context().request);
      await customer.goto('/');
      order = await placeOrderViaApi(customer, [dish!._id], { type: 'pickup' });
      expect(order.status).toBe('accepted');
      expect(Math.round((Date.parse(order.readyBy!) - Date.now()) / 60_000)).toBe(40);

      // On the board, live, in the Accepted lane; pushed back by 10 minutes.
      const card = boardCard(board, order.number);
      await expect(board.getByTestId('column-accepted').getByRole('heading', { name: `#${order.number}` })).toBeVisible();
      await expect(card).toContainText(/Ready by [^·]+ · in (39|40|41) min/);
      await card.getByRole('button', { name: 'Push back' }).click();
      const dialog = board.getByRole('dialog', { name: `Push back #${order.number}` });
      await dialog.getByRole('button', { name: '+10 min' }).click();
      await dialog.getByRole('button', { name: /^Push back to / }).click();
      await expect(dialog).toBeHidden();
      await expect(card).toContainText(/Ready by [^·]+ · in (49|50|51) min/);

      // The customer's page has the new time too (the same words as the board's, in the same browser).
      const later = (await card.getByTestId('order-due').textContent())!.match(/Ready by ([^·]+?)\s*·/)![1]!;
      await customer.goto(`/dashboard/my/orders/${order._id}`);
      await expect(customer.getByText(`Ready by ${later}`)).toBeVisible();
    } finally {
      await customer.close();
      await context.close();
    }
  });
});

test('while closed, a customer orders for tomorrow and the board keeps the order in Later', async ({ page, browser, request }) => {
  await withAdminApi(browser, async (put) => {
    const zone = ((await (await request.get('/api/settings')).json()) as RestaurantSettings).timeZone;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const lunch = [{ open: '11:00', close: '15:00' }];
    await put({ hours: { monday: lunch, tuesday: lunch, wednesday: lunch, thursday: lunch, friday: lunch, saturday: lunch, sunday: lunch }, closedDays: [today] });

    const [dish] = await menu(request);
    await signInAsNew(page, request);
    await expect(page.getByTestId('open-now')).toHaveText('Closed now · order ahead for tomorrow from 11:00');
    await addToCartViaApi(page, dish!._id);
    await page.goto('/dashboard/payment');
    await expect(page.getByTestId('checkout-closed')).toContainText('You can order ahead');
    await page.getByRole('radio', { name: /Pickup/ }).check();
    const time = page.getByLabel('Pickup time');
    // No "as soon as possible" while closed.
    await expect(time.getByRole('option').first()).toHaveText('Choose a time');
    await time.selectOption({ label: 'Tomorrow at 11:30' });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText('Tomorrow at 11:30')).toBeVisible();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
    await expect(page.getByTestId('scheduled-time')).toHaveText('Tomorrow at 11:30');
    const number = (await page.getByRole('heading', { level: 1 }).textContent())!.match(/#(\d+)/)![1]!;

    const board = await browser.newPage();
    try {
      await signInAsNewStaff(board, board.context().request);
      await openInApp(board, '/dashboard/orders');
      const later = board.getByTestId('column-later');
      await expect(later.getByRole('heading', { name: `#${number}` })).toBeVisible();
      await expect(later.getByTestId('scheduled-time')).toContainText('Tomorrow at 11:30');
      await expect(board.getByTestId('column-placed').getByRole('heading', { name: `#${number}` })).toHaveCount(0);
    } finally {
      await board.close();
    }
  });
});

test('the footer links to the social pages the administrator enters, only those; a bad address is refused at its field', async ({ page, browser, request }) => {
  await withAdminApi(browser, async () => {
    await signInAsNew(page, request, { admin: true });
    await page.goto('/dashboard/settings');
    await expect(page.getByRole('heading', { name: 'Restaurant settings' })).toBeVisible();
    // Another site under Facebook's name: refused before it is saved, at its field.
    await page.getByLabel('Facebook page').fill('https://facebook.com.evil.example/rawroots');
    await page.getByLabel('Instagram page').fill('https://www.instagram.com/rawroots.demo');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByLabel('Facebook page')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/^Enter the restaurant's Facebook address, starting with https:\/\//)).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Facebook page').fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.', { exact: false })).toBeVisible();

    // A context of its own: axe needs one (not browser.newPage's).
    const context = await browser.newContext();
    const visitor = await context.newPage();
    try {
      await visitor.goto('/');
      const footer = visitor.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://www.instagram.com/rawroots.demo');
      await expect(footer.getByText('Follow us')).toBeVisible();
      await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveCount(0);
      await expect(footer.getByRole('link', { name: 'YouTube' })).toHaveCount(0);
      await expectAccessible(visitor);
    } finally {
      await context.close();
    }
  });
});
