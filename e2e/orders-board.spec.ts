import { addToCartViaApi, cartPrice, fillCard, menu, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { boardCard, chooseTable, countChimes, openInApp, oscillatorsStarted, placeOrderViaApi, signInAsNewStaff } from './order-helpers.ts';

test.describe('the order board, live', () => {
  test('a table order reaches the board without reload, is accepted for 15 minutes, then cancelled with a refund on both sides', async ({
    page: customer,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const [first, second] = (await menu(request)).filter((i) => i.category === 'offered');
    const total = (2 * Math.round(cartPrice(first!) * 100) + Math.round(cartPrice(second!) * 100)) / 100;

    // The kitchen's tablet: staff made staff by an administrator, the board open, sound enabled.
    const staffContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    await countChimes(staffContext);
    const board = await staffContext.newPage();
    const consoleErrors: string[] = [];
    board.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(m.text())));
    await signInAsNewStaff(board, request);
    await board.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await board.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Order board' }).click();
    await expect(board).toHaveURL(/\/dashboard\/orders$/);
    await expect(board.getByRole('heading', { name: 'Order board' })).toBeVisible();
    for (const column of ['New', 'Accepted', 'Preparing', 'Ready', 'Out for delivery']) {
      await expect(board.getByRole('heading', { name: new RegExp(`^${column}`), level: 2 })).toBeVisible();
    }
    await expect(board.getByTestId('live-indicator')).toHaveText('Live');
    await board.getByRole('button', { name: 'Enable sound' }).click();
    await expect(board.getByText('Sound on')).toBeVisible();
    await expectAccessible(board);
    const chimesBefore = await oscillatorsStarted(board);

    // The customer pays for a table order.
    await signInAsNew(customer, request);
    for (const id of [first!._id, first!._id, second!._id]) await addToCartViaApi(customer, id);
    await customer.goto('/dashboard/payment');
    await chooseTable(customer, 'Terrace 3', 'Window seat, no onions');
    await fillCard(customer, '4242 4242 4242 4242');
    await customer.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(customer).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
    const heading = customer.getByRole('heading', { name: /^Order #\d+$/ });
    await expect(heading).toBeVisible();
    const number = Number((await heading.textContent())!.replace(/\D/g, ''));
    await expect(customer.getByTestId('order-status')).toHaveText('Placed');
    await expect(customer.getByTestId('live-indicator')).toHaveText('Live');

    // On the board within 2 seconds, without a reload: chime, title count, read out.
    const card = boardCard(board, number);
    await expect(board.getByTestId('column-placed').getByTestId('order-card').filter({ has: board.getByRole('heading', { name: `#${number}` }) })).toBeVisible({
      timeout: 2_000,
    });
    await expect.poll(() => oscillatorsStarted(board), { timeout: 2_000 }).toBeGreaterThan(chimesBefore);
    await expect(board).toHaveTitle(/^\(\d+\) Order board/);
    await expect(board.getByTestId('board-announcement')).toContainText(`New order #${number}: Table Terrace 3, 3 items`);
    await expect(card).toContainText('Table Terrace 3');
    await expect(card).toContainText('2 × ' + first!.name);
    await expect(card).toContainText('1 × ' + second!.name);
    await expect(card).toContainText('Window seat, no onions');
    await expect(card).toContainText(`$ ${total.toFixed(2)}`);
    // Only the moves the workflow allows from 'placed'.
    await expect(card.getByRole('button')).toHaveText(['Accept', 'Reject']);

    // Accept with 15 minutes.
    await card.getByRole('button', { name: 'Accept' }).click();
    const accept = board.getByRole('dialog', { name: `Accept #${number}` });
    await accept.getByRole('button', { name: '30 min', exact: true }).click();
    await expect(accept.getByLabel('Minutes until ready')).toHaveValue('30');
    await accept.getByRole('button', { name: '15 min', exact: true }).click();
    await expect(accept.getByLabel('Minutes until ready')).toHaveValue('15');
    await expect(accept.getByRole('button', { name: '15 min', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(board);
    await accept.getByRole('button', { name: 'Accept, ready in 15 min' }).click();
    await expect(accept).toBeHidden();
    await expect(board.getByTestId('column-accepted').getByRole('heading', { name: `#${number}` })).toBeVisible();
    await expect(card.getByRole('button')).toHaveText(['Start preparing', 'Cancel', 'Push back']);

    // The customer's page follows by itself.
    await expect(customer.getByTestId('order-status')).toHaveText('Accepted');
    await expect(customer.getByTestId('ready-by')).toHaveText(/^Ready by \d{1,2}:\d{2}/);
    await expect(customer.getByRole('listitem').filter({ hasText: 'Accepted' })).toBeVisible();

    // Cancel asks for a reason first; Back leaves the order as it is.
    await card.getByRole('button', { name: 'Cancel' }).click();
    const cancel = board.getByRole('dialog', { name: `Cancel #${number}?` });
    await expect(cancel).toContainText('The customer gets their money back.');
    await cancel.getByRole('button', { name: 'Cancel order' }).click();
    await expect(cancel.getByLabel('Reason (the customer reads it)')).toHaveAccessibleDescription('Enter a reason');
    await cancel.getByRole('button', { name: 'Back' }).click();
    await expect(board.getByTestId('column-accepted').getByRole('heading', { name: `#${number}` })).toBeVisible();
    await card.getByRole('button', { name: 'Cancel' }).click();
    await cancel.getByLabel('Reason (the customer reads it)').fill('We ran out of avocados');
    await cancel.getByRole('button', { name: 'Cancel order' }).click();
    await expect(card).toHaveCount(0);

    // Both sides show the refund.
    const done = board.getByRole('region', { name: 'Orders done today' }).getByRole('row').filter({ hasText: `#${number}` });
    await expect(done).toContainText('Cancelled');
    await expect(done).toContainText(`Refunded $${total.toFixed(2)}`);
    await board.getByLabel('Search by number or name').fill(String(number));
    await expect(board.getByRole('region', { name: 'Orders done today' }).getByRole('row')).toHaveCount(2);
    await expect(customer.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(customer.getByText('We ran out of avocados').first()).toBeVisible();
    await expect(customer.getByTestId('refund')).toHaveText(`Refunded $${total.toFixed(2)}`);
    await expectAccessible(customer);
    expect(consoleErrors).toEqual([]);
    await staffContext.close();
  });

  test('another member of staff was faster: the board says so and shows where the order is', async ({ page, browser, request, allowConsoleErrors }) => {
    allowConsoleErrors(/409|Failed to load resource|ERR_FAILED/);
    const [item] = await menu(request);
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await signInAsNew(customer, customerContext.request);
    const order = await placeOrderViaApi(customer, [item!._id]);
    await customerContext.close();

    // This tablet's live stream is down, so it still shows the order as new when another moves it.
    await page.route('**/api/orders/events**', (route) => route.abort());
    await signInAsNewStaff(page, request);
    await openInApp(page, '/dashboard/orders');
    const card = boardCard(page, order.number);
    await expect(page.getByTestId('column-placed').getByRole('heading', { name: `#${order.number}` })).toBeVisible();
    await expect(page.getByTestId('live-indicator')).toHaveText(/Reconnecting|Connecting/);

    const token = await page.evaluate(() => localStorage.getItem('access-token'));
    const res = await request.post(`/api/staff/orders/${order._id}/status`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: 'rejected', reason: 'Kitchen closed' },
    });
    expect(res.status(), await res.text()).toBe(200);

    await card.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('dialog', { name: `Accept #${order.number}` }).getByRole('button', { name: /^Accept, ready in/ }).click();
    await expect(page.getByRole('alert')).toContainText(`#${order.number} was moved by someone else meanwhile`);
    await expect(page.getByTestId('column-placed').getByRole('heading', { name: `#${order.number}` })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Orders done today' }).getByRole('row').filter({ hasText: `#${order.number}` })).toContainText(
      'Rejected',
    );
  });
});
