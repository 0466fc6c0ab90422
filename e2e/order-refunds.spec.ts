import { menu, signInAsNew } from './cart-helpers.ts';
import { cartPrice } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { openInApp, placeOrderViaApi } from './order-helpers.ts';

test.describe('refunds of part of an order', () => {
  test('an administrator refunds one line of a completed order at 390 px, by keyboard; the customer sees it', async ({ page, browser, request }) => {
    const [first, second] = await menu(request);
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await signInAsNew(customer, customerContext.request);
    const order = await placeOrderViaApi(customer, [first!._id, first!._id, second!._id]);

    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsNew(page, request, { admin: true });
    // The kitchen takes the order to completed (an administrator may move it as staff do).
    const token = await page.evaluate(() => localStorage.getItem('access-token'));
    for (const data of [{ status: 'accepted', readyInMinutes: 10 }, { status: 'preparing' }, { status: 'ready' }, { status: 'completed' }]) {
      const res = await request.post(`/api/staff/orders/${order._id}/status`, { headers: { authorization: `Bearer ${token}` }, data });
      expect(res.status(), await res.text()).toBe(200);
    }

    // From the board's orders done today to the order's page, where an administrator refunds.
    await openInApp(page, '/dashboard/orders');
    const row = page.getByRole('region', { name: 'Orders done today' }).getByRole('row').filter({ hasText: `#${order.number}` });
    await row.getByRole('link', { name: `Refund #${order.number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/my/orders/${order._id}$`));
    const open = page.getByRole('button', { name: 'Refund', exact: true });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Refund order #${order.number}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('refund-left')).toHaveText(`Left to refund: $${order.total.toFixed(2)}`);
    await expect(dialog.getByRole('radio', { name: 'Dishes' })).toBeFocused();
    await expectAccessible(page);

    // Asking for nothing says why; then one of the first dish.
    await dialog.getByRole('button', { name: 'Review refund' }).press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Choose at least one dish and how many');
    await dialog.getByLabel(new RegExp(`^${first!.name}`)).fill('1');
    await dialog.getByRole('button', { name: 'Review refund' }).press('Enter');
    const amount = `$${cartPrice(first!).toFixed(2)}`;
    await expect(dialog.getByText(`Refund ${amount} to the customer's card?`)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: `Refund ${amount}` }).press('Enter');
    await expect(dialog).toHaveCount(0);

    const list = page.getByTestId('refund-list');
    await expect(list).toContainText(`${amount} · Refunded`);
    await expect(list).toContainText(`1 × ${first!.name}`);

    // The customer's own page lists it too, the order still completed.
    await openInApp(customer, `/dashboard/my/orders/${order._id}`);
    await expect(customer.getByTestId('refund-list')).toContainText(`${amount} · Refunded`);
    await expect(customer.getByTestId('refund-list')).toContainText(`1 × ${first!.name}`);
    await expect(customer.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
    await customerContext.close();
  });
});
