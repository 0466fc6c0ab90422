import { addToCartViaApi, cartPrice, fillCard, headerCartCount, menu, myPayments, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { chooseTable } from './order-helpers.ts';

test.describe('paying by card (sandbox)', () => {
  test('a person buys a meal from the home page to the Transaction ID', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsNew(page, request);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Food Order', exact: true }).click();
    await expect(page).toHaveURL(/\/order\/offered$/);
    const card = page.getByRole('article').first();
    const name = (await card.getByRole('heading').textContent())!;
    await card.getByRole('button', { name: 'Take on table' }).click();
    await expect(headerCartCount(page)).toHaveAttribute('data-count', '1');
    await nav.getByRole('link', { name: /Cart/ }).click();
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Pay', exact: true }).click();
    // Pay waits for the client secret, which comes once the customer says how they get the meal.
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
    await chooseTable(page, '4');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByText('Payment success')).toBeVisible();
    // The customer lands on the new order's page.
    await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
    await expect(page.getByText(/^Transaction ID: pi_sandbox_\w+$/)).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  });

  test('a customer pays for three dishes with 4242 4242 4242 4242, sees the Transaction ID and an empty cart', async ({
    page,
    request,
  }) => {
    const items = (await menu(request)).slice(3, 6);
    const total = items.reduce((sum, i) => sum + Math.round(cartPrice(i) * 100), 0) / 100;
    await signInAsNew(page, request);
    for (const item of items) await addToCartViaApi(page, item._id);

    await page.goto('/dashboard/my/cart');
    await expect(page.getByText(`Total Price: $ ${total.toFixed(2)}`)).toBeVisible();
    await page.getByRole('link', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment$/);
    await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
    await expect(page.getByTestId('payment-amount')).toHaveText(`$ ${total.toFixed(2)}`);
    await expectAccessible(page);

    await chooseTable(page, 'Terrace 3');
    await expect(page.getByRole('note')).toContainText('Test mode');
    await expect(page.getByTestId('payment-amount')).toHaveText(`$ ${total.toFixed(2)}`);
    await fillCard(page, '4242424242424242');
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByText('Payment success')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
    const transactionId = page.getByTestId('transaction-id');
    await expect(transactionId).toHaveText(/^pi_sandbox_/);
    await expect(page.getByText(`Transaction ID: ${await transactionId.textContent()}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Order #\d+$/ })).toBeVisible();
    for (const item of items) await expect(page.getByRole('listitem').filter({ hasText: item.name })).toBeVisible();
    await expect(page.getByTestId('order-total')).toHaveText(`$ ${total.toFixed(2)}`);
    await expect(page.getByText('Table Terrace 3')).toBeVisible();
    await expect(headerCartCountOrMenu(page)).toHaveAttribute('data-count', '0');
    // An empty cart shows no number at all (no "+0"), and is read out as empty.
    await expect(headerCartCountOrMenu(page)).toHaveText(', empty');

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: /My cart/ }).click();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
    // The spec's payment record, saved with its status.
    const payments = (await myPayments(page)) as { status: string; transactionId: string }[];
    expect(payments).toHaveLength(1);
    expect(payments[0]!.status).toBe('service pending');
  });

  test('a declined card shows the provider\'s message and records nothing', async ({ page, request }) => {
    const [item] = await menu(request);
    await signInAsNew(page, request);
    await addToCartViaApi(page, item!._id);
    await page.goto('/dashboard/payment');
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await chooseTable(page);
    await expect(pay).toBeEnabled();

    await fillCard(page, '4000 0000 0000 0002');
    await pay.click();
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await fillCard(page, '4000 0000 0000 9995');
    await pay.click();
    await expect(page.getByRole('alert')).toHaveText('Your card has insufficient funds.');
    await expect(page.getByTestId('transaction-id')).toHaveCount(0);
    await expect(page.getByText('Payment success')).toHaveCount(0);
    expect(await myPayments(page)).toEqual([]);
    await page.goto('/dashboard/my/cart');
    await expect(page.getByText('Total item: 1')).toBeVisible();
  });

  test('a failure nobody expected shows the general message and records nothing', async ({ page, request, allowConsoleErrors }) => {
    allowConsoleErrors(/Failed to load resource/);
    const [item] = await menu(request);
    await signInAsNew(page, request);
    await addToCartViaApi(page, item!._id);
    await page.goto('/dashboard/payment');
    await chooseTable(page);
    // The card provider fails in a way nobody expected.
    await page.route('**/api/sandbox/**', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }));
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('An unexpected error occurred. Please try again.');
    expect(await myPayments(page)).toEqual([]);
    // A request that never reached the shop says so, not the general message.
    await page.unroute('**/api/sandbox/**');
    await page.route('**/api/sandbox/**', (route) => route.abort('connectionfailed'));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(/^No internet connection — your cart is kept/);
    expect(await myPayments(page)).toEqual([]);
    // Once it can be reached again, the same page pays.
    await page.unroute('**/api/sandbox/**');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByText('Payment success')).toBeVisible();
    expect(await myPayments(page)).toHaveLength(1);
  });

  test("back from a bank's check that failed: the payment page says why, and the card then pays", async ({ page, request }) => {
    const [item] = await menu(request);
    await signInAsNew(page, request);
    await addToCartViaApi(page, item!._id);
    // Where Stripe sends the browser after a failed 3-D Secure check (the return_url).
    await page.goto('/api/payment/return?payment_intent=pi_unknown&redirect_status=failed');
    await expect(page).toHaveURL(/\/dashboard\/payment\?payment=failed$/);
    await expect(page.getByTestId('payment-return')).toHaveText(
      'Your bank or wallet did not confirm the payment, so nothing was charged. Try again, or use another card.',
    );
    await chooseTable(page);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByText('Payment success')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
  });

  test('Pay stays disabled when the cart is empty', async ({ page, request }) => {
    await signInAsNew(page, request);
    await page.goto('/dashboard/payment');
    await expect(page.getByText('Your cart is empty, so there is nothing to pay.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
  });

  test('the administrator sees the revenue and the order count change', async ({ page, request, browser }) => {
    await signInAsNew(page, request, { admin: true });
    await page.goto('/dashboard/adminHome');
    const orders = page.getByTestId('stat-total-orders');
    const revenue = page.getByTestId('stat-revenue');
    await expect(orders).toHaveText(/^\d+$/);
    // The spec's placeholder captions are real figures now.
    await expect(page.getByText('From January 1st to February 1st')).toHaveCount(0);
    for (const label of ['Customer', 'Total Items', 'Revenue', 'Total Orders']) {
      await expect(page.getByRole('listitem').filter({ hasText: label })).toBeVisible();
    }
    await expectAccessible(page);
    const ordersBefore = Number(await orders.textContent());
    const revenueBefore = Number((await revenue.textContent())!.replace(/[^\d.]/g, ''));

    // Meanwhile a customer pays in another browser.
    const context = await browser.newContext();
    const customer = await context.newPage();
    const [item] = await menu(request);
    await signInAsNew(customer, context.request);
    await addToCartViaApi(customer, item!._id);
    await customer.goto('/dashboard/payment');
    await chooseTable(customer);
    await fillCard(customer, '4242 4242 4242 4242');
    await customer.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(customer.getByText('Payment success')).toBeVisible();
    await context.close();

    await page.reload();
    // At least this payment: the browser tests share one shop, and another test's payment may land
    // meanwhile (a confirmed payment is also recorded at its customer's next cart read).
    await expect(orders).toHaveText(/^\d+$/);
    expect(Number(await orders.textContent())).toBeGreaterThanOrEqual(ordersBefore + 1);
    // "$ 1,234.50": the statistics mark thousands.
    await expect(revenue).toHaveText(/^\$ [\d,]+\.\d\d$/);
    expect(Number((await revenue.textContent())!.replace(/[^\d.]/g, ''))).toBeGreaterThanOrEqual(revenueBefore + cartPrice(item!) - 0.005);
  });
});

function headerCartCountOrMenu(page: Parameters<typeof headerCartCount>[0]) {
  return page.getByRole('navigation', { name: 'Dashboard' }).getByTestId('cart-count');
}
