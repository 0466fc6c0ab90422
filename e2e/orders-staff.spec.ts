import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { menu, signInAsNew } from './cart-helpers.ts';
import { createAccount, dataDir, newAccount } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { boardCard, openInApp, placeOrderViaApi, signIn, signInAsNewStaff } from './order-helpers.ts';

test.describe('staff', () => {
  test('Manage Users: an administrator makes a customer staff and takes it back; staff get the board', async ({ page, browser, request }) => {
    const helper = newAccount('helper');
    await createAccount(request, helper);
    await signInAsNew(page, request, { admin: true });
    await page.goto('/dashboard/all/users');
    // The list is paged: the new account found by its e-mail.
    await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(helper.email);
    const row = page.getByRole('row').filter({ hasText: helper.email });
    const role = row.getByRole('cell').nth(3);
    await expect(role.getByRole('button', { name: `Make admin: ${helper.name}` })).toBeVisible();
    await role.getByRole('button', { name: `Make staff: ${helper.name}` }).click();
    await page.getByRole('dialog', { name: `Make ${helper.name} staff?` }).getByRole('button', { name: 'Make staff' }).click();
    await expect(page.getByText(`${helper.name} is staff now`)).toBeVisible();
    await expect(role.getByText('staff', { exact: true })).toBeVisible();
    // The spec's promote button stays for anyone not an administrator.
    await expect(role.getByRole('button', { name: `Make admin: ${helper.name}` })).toBeVisible();
    await expect(role.getByRole('button', { name: `Remove staff: ${helper.name}` })).toHaveText('Remove staff');
    await expectAccessible(page);
    // The administrator's own menu has the board too.
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Order board' })).toHaveAttribute('href', '/dashboard/orders');

    // The new member of staff sees the board and their own customer pages, not the administrator's.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await signIn(staff, helper);
    await staff.goto('/dashboard');
    await expect(staff).toHaveURL(/\/dashboard\/orders$/);
    const menuLinks = staff.getByRole('navigation', { name: 'Dashboard' });
    for (const name of ['Order board', 'User Home', 'My cart', 'Payment', 'My Orders']) {
      await expect(menuLinks.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await expect(menuLinks.getByRole('link', { name: 'Manage Users' })).toHaveCount(0);
    // Issue 43, point 6: the menu leads with what staff use.
    await expect(menuLinks.getByRole('link').first()).toHaveText('Order board');
    await staff.goto('/dashboard/all/users');
    await expect(staff).toHaveURL(/\/$/);

    // Taken back: the board sends them away.
    await role.getByRole('button', { name: `Remove staff: ${helper.name}` }).click();
    await page.getByRole('dialog', { name: `Remove ${helper.name} from staff?` }).getByRole('button', { name: 'Remove staff' }).click();
    await expect(role.getByText('staff', { exact: true })).toHaveCount(0);
    await expect(role.getByRole('button', { name: `Make staff: ${helper.name}` })).toBeVisible();
    await staffContext.close();
    const again = await browser.newContext();
    const customer = await again.newPage();
    await signIn(customer, helper);
    await openInApp(customer, '/dashboard/orders');
    await expect(customer).toHaveURL(/\/$/);
    await again.close();
  });

  test('a customer cannot open the board or a ticket', async ({ page, request }) => {
    await signInAsNew(page, request);
    await openInApp(page, '/dashboard/orders');
    await expect(page).toHaveURL(/\/$/);
    await openInApp(page, '/dashboard/orders/ticket/any-order');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard/userHome');
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Order board' })).toHaveCount(0);
  });

  test("the kitchen ticket: the order's number, way, dishes and note, and a Print button", async ({ page, browser, request }) => {
    const [first, second] = await menu(request);
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await signInAsNew(customer, customerContext.request);
    const order = await placeOrderViaApi(customer, [first!._id, second!._id, second!._id], {
      type: 'delivery',
      address: { line1: '5 Mill Road', city: 'Springfield', postalCode: '62701' },
      phone: '+1 555 0199',
      note: 'Ring twice',
    });
    await customerContext.close();

    await signInAsNewStaff(page, request);
    await openInApp(page, '/dashboard/orders');
    const card = boardCard(page, order.number);
    await expect(card.getByRole('link', { name: '5 Mill Road, 62701 Springfield (map, opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/search?query=5%20Mill%20Road%2C%2062701%20Springfield',
    );
    await expect(card.getByRole('link', { name: '+1 555 0199' })).toHaveAttribute('href', 'tel:+15550199');
    const [ticket] = await Promise.all([page.waitForEvent('popup'), card.getByRole('link', { name: /^Ticket/ }).click()]);
    await ticket.waitForLoadState();
    await expect(ticket).toHaveURL(new RegExp(`/dashboard/orders/ticket/${order._id}$`));
    await expect(ticket.getByRole('heading', { name: `#${order.number}`, level: 1 })).toBeVisible();
    await expect(ticket.getByText('Delivery', { exact: true })).toBeVisible();
    await expect(ticket.getByRole('listitem')).toHaveText([`1×${first!.name}`, `2×${second!.name}`]);
    await expect(ticket.getByText('NOTE: Ring twice')).toBeVisible();
    await expect(ticket.getByText('5 Mill Road, 62701 Springfield')).toBeVisible();
    // No dashboard frame on paper; the buttons do not print.
    await expect(ticket.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
    await ticket.emulateMedia({ media: 'print' });
    await expect(ticket.getByRole('button', { name: 'Print' })).toBeHidden();
    await ticket.emulateMedia({ media: 'screen' });
    await expect(ticket.getByRole('button', { name: 'Print' })).toBeVisible();
    await expectAccessible(ticket);
    // Print opens the browser's print dialog.
    await ticket.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await ticket.getByRole('button', { name: 'Print' }).click();
    expect(await ticket.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  });

  test('a refund the provider refused: staff press "Retry refund" and it goes through', async ({ page, browser, request }) => {
    const [first] = await menu(request);
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await signInAsNew(customer, customerContext.request);
    const order = await placeOrderViaApi(customer, [first!._id]);
    await customerContext.close();
    // The sandbox refuses to refund a payment it does not count as succeeded (as a disputed charge):
    // set in the e2e server's own database, the only way to make the provider say no.
    const setIntent = (status: string) => {
      const db = new DatabaseSync(path.join(dataDir(), 'shop.sqlite'), { timeout: 5_000 });
      try {
        db.prepare('update payment_intents set status = ? where id = (select transaction_id from orders where id = ?)').run(status, order._id);
      } finally {
        db.close();
      }
    };
    setIntent('requires_payment_method');

    await signInAsNewStaff(page, request);
    await openInApp(page, '/dashboard/orders');
    await expect(boardCard(page, order.number)).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('access-token'));
    const res = await request.post(`/api/staff/orders/${order._id}/status`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: 'rejected', reason: 'Kitchen closed' },
    });
    expect(res.status(), await res.text()).toBe(200);
    const row = page.getByRole('region', { name: 'Orders done today' }).getByRole('row').filter({ hasText: `#${order.number}` });
    const amount = `$${order.total.toFixed(2)}`;
    await expect(row).toContainText(`The refund of ${amount} did not go through yet`);
    const retry = row.getByRole('button', { name: `Retry refund of #${order.number}` });
    await expect(retry).toHaveText('Retry refund');
    await expectAccessible(page);

    setIntent('succeeded');
    await retry.click();
    await expect(row.getByRole('status')).toHaveText(`The refund of #${order.number} went through`);
    await expect(row).toContainText(`Refunded ${amount}`);
    await expect(retry).toHaveCount(0);
  });

  test('the board on a 390 px phone: one column, nothing sideways', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsNewStaff(page, request);
    await openInApp(page, '/dashboard/orders');
    await expect(page.getByRole('heading', { name: 'Order board' })).toBeVisible();
    await expect(page.getByTestId('column-placed')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
