import type { APIRequestContext, Browser } from '@playwright/test';
import { defaultSettings, type RestaurantSettings } from '../src/shared/restaurant-settings.ts';
import { addToCartViaApi, cartPrice, fillCard, menu, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import type { Order } from '../src/shared/orders.ts';
import { boardCard, chooseTable, newAdmin, openInApp, placeOrderViaApi, signInAsNewStaff } from './order-helpers.ts';
import { CATEGORY_LABELS } from '../src/shared/category-list.ts';

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

type Admin = Awaited<ReturnType<typeof newAdmin>>;

async function withAdminApi(browser: Browser, run: (put: (changes: Partial<RestaurantSettings>) => Promise<void>, admin: Admin) => Promise<void>): Promise<void> {
  const admin = await newAdmin(browser);
  try {
    await run((changes) => putSettings(admin.context.request, admin.headers, changes), admin);
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

test('taxes: rates set on the settings page, two rates in one order paid in the browser, shown on the payment and order pages', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  await withAdminApi(browser, async (_put, admin) => {
    const dishes = (await menu(request)).filter((dish) => !dish.options);
    const food = dishes[0]!;
    const drink = dishes.find((dish) => dish.category !== food.category)!;

    // The administrator sets the taxes on the settings page: tax added at checkout, two rates, a default per category.
    const adminPage = await admin.context.newPage();
    await adminPage.goto('/dashboard/settings');
    const taxes = adminPage.getByRole('group', { name: 'Taxes and receipts' });
    await taxes.getByRole('radio', { name: /tax is added at checkout/ }).check();
    await taxes.getByRole('button', { name: 'Add a rate' }).click();
    await taxes.getByTestId('tax-rate').nth(0).getByLabel('Name', { exact: true }).fill('Food 7 %');
    await taxes.getByTestId('tax-rate').nth(0).getByLabel('Percent', { exact: true }).fill('7');
    await taxes.getByRole('button', { name: 'Add a rate' }).click();
    await taxes.getByTestId('tax-rate').nth(1).getByLabel('Name', { exact: true }).fill('Drinks 19 %');
    await taxes.getByTestId('tax-rate').nth(1).getByLabel('Percent', { exact: true }).fill('19');
    await taxes.getByLabel(CATEGORY_LABELS[food.category], { exact: true }).selectOption({ label: 'Food 7 %' });
    await taxes.getByLabel(CATEGORY_LABELS[drink.category], { exact: true }).selectOption({ label: 'Drinks 19 %' });
    await taxes.getByLabel('Legal name on receipts').fill('Raw Roots Kitchen GmbH');
    await taxes.getByLabel('Tax number').fill('DE123456789');
    await expectAccessible(adminPage);
    await adminPage.getByRole('button', { name: 'Save settings' }).click();
    await expect(adminPage.getByTestId('settings-outcome')).toContainText('Saved at');
    const saved = (await (await request.get('/api/settings')).json()) as RestaurantSettings;
    expect(saved.taxMode).toBe('added');
    expect(saved.taxRates.map((rate) => [rate.name, rate.percent])).toEqual([
      ['Food 7 %', 7],
      ['Drinks 19 %', 19],
    ]);

    // The customer pays in the browser: the dishes plus their tax, per rate.
    const foodCents = Math.round(cartPrice(food) * 100);
    const drinkCents = Math.round(cartPrice(drink) * 100);
    const foodTax = Math.round((foodCents * 7) / 100);
    const drinkTax = Math.round((drinkCents * 19) / 100);
    const total = (foodCents + drinkCents + foodTax + drinkTax) / 100;
    await signInAsNew(page, request);
    await addToCartViaApi(page, food._id);
    await addToCartViaApi(page, drink._id);
    await page.goto('/dashboard/payment');
    await chooseTable(page, '4');
    await expect(page.getByTestId('payment-amount')).toHaveText(`$ ${total.toFixed(2)}`);
    await expect(page.getByTestId('order-tax-line')).toHaveText([
      `Food 7 % on $ ${(foodCents / 100).toFixed(2)}$ ${(foodTax / 100).toFixed(2)}`,
      `Drinks 19 % on $ ${(drinkCents / 100).toFixed(2)}$ ${(drinkTax / 100).toFixed(2)}`,
    ]);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
    await expect(page.getByTestId('order-tax-line')).toHaveText([
      `Food 7 % on $ ${(foodCents / 100).toFixed(2)}$ ${(foodTax / 100).toFixed(2)}`,
      `Drinks 19 % on $ ${(drinkCents / 100).toFixed(2)}$ ${(drinkTax / 100).toFixed(2)}`,
    ]);
    await expect(page.getByTestId('order-total')).toHaveText(`$ ${total.toFixed(2)}`);
    await expect(page.getByTestId('seller-details')).toContainText('Raw Roots Kitchen GmbH');
    await expect(page.getByTestId('seller-details')).toContainText('Tax number DE123456789');
    await expectAccessible(page);
    await adminPage.close();
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

// Issue 43, point 4: a delivery's customer reads when it arrives (the ready time plus the ride), not "Ready by".
test('a delivery’s page says when it arrives around, the ride being the setting deliveryMinutes, at 390 px', async ({ page, browser, request }) => {
  await withAdminApi(browser, async (put, admin) => {
    await put({ deliveryMinutes: 35 });
    await page.setViewportSize({ width: 390, height: 844 });
    const [dish] = await menu(request);
    await signInAsNew(page, request);
    await page.goto('/');
    const order = await placeOrderViaApi(page, [dish!._id], {
      type: 'delivery',
      address: { line1: '12 Orchard Lane', city: 'Greenville', postalCode: '10115' },
      phone: '+1 555 0100',
    });
    const move = async (body: object) => {
      const res = await admin.context.request.post(`/api/staff/orders/${order._id}/status`, { headers: admin.headers, data: body });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as Order;
    };
    const accepted = await move({ status: 'accepted', readyInMinutes: 15 });
    await openInApp(page, `/dashboard/my/orders/${order._id}`);
    // On the restaurant's clock, as every time of the order pages.
    const zone = ((await (await request.get('/api/settings')).json()) as RestaurantSettings).timeZone;
    const clock = (ms: number) => page.evaluate(([at, timeZone]) => new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', timeZone }), [ms, zone] as const);
    await expect(page.getByTestId('arrives-around')).toHaveText(`Arrives around ${await clock(Date.parse(accepted.readyBy!) + 35 * 60_000)}`);
    await expect(page.getByText(/Ready by/)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('delivery-arrives-390.png') });

    // Out with the rider: the ride counts from when it left, and the page follows live.
    await move({ status: 'preparing' });
    await move({ status: 'ready' });
    const out = await move({ status: 'out_for_delivery' });
    const left = out.timeline.findLast((entry) => entry.status === 'out_for_delivery')!.at;
    await expect(page.getByTestId('order-status')).toHaveText('Out for delivery');
    await expect(page.getByTestId('arrives-around')).toHaveText(`Arrives around ${await clock(Date.parse(left) + 35 * 60_000)}`);
  });
});

// Issue 43, point 5: what the storefront promises follows the settings, from the server's first drawing on.
test('the storefront says the hours and the ways the settings give, never "24/7" or home delivery against them, at 390 px', async ({ page, browser, request }) => {
  await withAdminApi(browser, async (put) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const lunch = [{ open: '11:00', close: '15:00' }];
    await put({
      hours: { monday: lunch, tuesday: lunch, wednesday: lunch, thursday: lunch, friday: lunch, saturday: [], sunday: [] },
      fulfilments: { table: true, pickup: true, delivery: false },
    });
    const hero = 'Open Mon–Fri 11:00–15:00, at our tables or to take away.';
    // The server's drawing says so before any script runs, and its description too.
    const drawn = await (await request.get('/')).text();
    expect(drawn).toContain(hero);
    expect(drawn).not.toMatch(/24\/7|home delivery/i);

    await page.goto('/');
    await expect(page.getByTestId('hero-facts')).toHaveText(hero);
    const promises = page.getByRole('region', { name: 'What we promise' }).getByRole('heading', { level: 3 });
    await expect(promises).toHaveText(['Opening hours', 'Take away', 'Master chef', 'Safe food']);
    await expect(page.getByText('Open Mon–Fri 11:00–15:00.')).toBeVisible();
    // The line above the header and the hero agree: open within those hours, or closed.
    await expect(page.getByTestId('open-now')).toHaveText(/^(Open now · until 15:00|Closed)/);
    await expect(page.locator('body')).not.toContainText(/24\/7|home delivery|around the clock/i);
    await page.getByRole('heading', { name: 'Opening hours' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('storefront-hours-390.png') });

    await page.goto('/about');
    await expect(page.getByText('5/7', { exact: true })).toBeVisible();
    await expect(page.getByText('days a week open', { exact: true })).toBeVisible();
    await page.goto('/detail_about');
    await expect(page.getByRole('listitem').filter({ hasText: 'Open Mon–Fri 11:00–15:00' })).toHaveText('Open Mon–Fri 11:00–15:00');
    await expect(page.locator('body')).not.toContainText(/24\/7|home delivery|any hour|on our bikes/i);

    // The demo's settings again: the spec's words.
    await put({});
    await page.goto('/');
    await expect(page.getByTestId('hero-facts')).toHaveText('Open 24/7, delivered to your home.');
    await expect(promises).toHaveText(['Open 24/7', 'Home delivery', 'Master chef', 'Safe food']);
  });
});

// Issue 43, point 11: every field saves with a clear confirmation or an error tied to it; the time zone is searched.
test('settings: each wrong field says why, tied to it, nothing saved; fixed, they save with a confirmation; the time zone is searched', async ({ page, browser, request }) => {
  await withAdminApi(browser, async () => {
    await signInAsNew(page, request, { admin: true });
    await openInApp(page, '/dashboard/settings');
    await expect(page.getByRole('heading', { name: 'Restaurant settings' })).toBeVisible();
    const before = (await (await request.get('/api/settings')).json()) as RestaurantSettings;

    // The time zone is chosen from the zones' names, searched by typing (a list the browser filters).
    const zone = page.getByLabel('Time zone');
    const zones = await zone.evaluate((input: HTMLInputElement) => [...(input.list?.options ?? [])].map((option) => option.value));
    expect(zones).toContain('Europe/Berlin');
    expect(zones.length).toBeGreaterThan(300);
    await expect(zone).toHaveAccessibleDescription(/Type a city or region to search the zones/);

    await page.getByLabel('Delivery time (minutes)').fill('500');
    await page.getByLabel('Postal codes delivered to').fill('101*, ab$');
    await zone.fill('Mars/Olympus');
    await page.getByLabel('Monday opens at (1)').fill('12:00');
    await page.getByLabel('Monday closes at (1)').fill('11:00');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('settings-outcome')).toHaveText('Not saved: some settings need a look (the messages in red).');
    // Each field reads its own message, and the first of them has the focus.
    await expect(page.getByLabel('Monday opens at (1)')).toBeFocused();
    await expect(page.getByLabel('Monday opens at (1)')).toHaveAccessibleDescription('The closing time must come after the opening time');
    await expect(page.getByLabel('Delivery time (minutes)')).toHaveAccessibleDescription(/The delivery time is a whole number of minutes from 0 to 180/);
    await expect(page.getByLabel('Postal codes delivered to')).toHaveAccessibleDescription(/Write postal codes with letters, digits, spaces or dashes/);
    await expect(zone).toHaveAccessibleDescription(/Choose a time zone such as Europe\/Berlin/);
    for (const field of [page.getByLabel('Delivery time (minutes)'), page.getByLabel('Postal codes delivered to'), zone]) await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    expect(await (await request.get('/api/settings')).json()).toEqual(before);

    await page.getByLabel('Delivery time (minutes)').fill('35');
    await page.getByLabel('Postal codes delivered to').fill('101*, 10115');
    await zone.fill('');
    await zone.pressSequentially('Europe/Ber');
    await zone.fill('Europe/Berlin');
    await page.getByLabel('Monday opens at (1)').fill('10:00');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('settings-outcome')).toHaveText(/^Saved at \d\d:\d\d\. Customers see the settings within a minute\.$/);
    await expect(page.getByText('Settings saved. Customers see them within a minute.')).toBeVisible();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('settings-saved-1280.png'), fullPage: true });

    const saved = (await (await request.get('/api/settings')).json()) as RestaurantSettings;
    expect(saved).toMatchObject({ deliveryMinutes: 35, postalCodes: ['101*', '10115'], timeZone: 'Europe/Berlin' });
    expect(saved.hours.monday).toEqual([{ open: '10:00', close: '11:00' }]);
    await page.reload();
    await expect(page.getByLabel('Delivery time (minutes)')).toHaveValue('35');
    await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Berlin');
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

test('tips: turned on in the settings, 15 % chosen by keyboard at 390 px, paid, shown on the order page', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  await withAdminApi(browser, async (_put, admin) => {
    const adminPage = await admin.context.newPage();
    await adminPage.goto('/dashboard/settings');
    await adminPage.getByRole('group', { name: 'Tips' }).getByLabel('Customers may leave a tip at checkout').check();
    await adminPage.getByRole('button', { name: 'Save settings' }).click();
    await expect(adminPage.getByTestId('settings-outcome')).toContainText('Saved at');
    await adminPage.close();

    const dish = (await menu(request)).find((item) => !item.options)!;
    const foodCents = Math.round(cartPrice(dish) * 100);
    const tipCents = Math.round((foodCents * 15) / 100);
    const money = (cents: number) => `$ ${(cents / 100).toFixed(2)}`;
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsNew(page, request);
    await addToCartViaApi(page, dish._id);
    await page.goto('/dashboard/payment');
    await chooseTable(page, '4');
    const tips = page.getByRole('group', { name: 'Tip' });
    await expect(tips.getByRole('radio', { name: 'No tip' })).toBeChecked();
    // The keyboard picks a tip: the server's amount shows beside each percentage, then in the total.
    await tips.getByRole('radio', { name: /^15 %/ }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('payment-tip')).toHaveText(`, and a ${money(tipCents)} tip`);
    await expect(page.getByTestId('payment-amount')).toHaveText(money(foodCents + tipCents));
    await expect(tips.getByRole('radio', { name: /^15 %/ })).toBeChecked();
    await expect(tips).toContainText(money(tipCents));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
    await expect(page.getByTestId('order-tip')).toHaveText(money(tipCents));
    await expect(page.getByTestId('order-total')).toHaveText(money(foodCents + tipCents));
  });
});
