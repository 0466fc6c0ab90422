import { cartPrice, menu, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { addDishViaApi, newAdmin, openInApp, placeOrderViaApi } from './order-helpers.ts';

test.describe('My Orders', () => {
  test('no orders yet: says so, with the way to the menu', async ({ page, request }) => {
    await signInAsNew(page, request);
    await page.goto('/dashboard/userHome');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL(/\/dashboard\/my\/orders$/);
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    await expect(page.getByText('No orders yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Choose something from the menu' })).toHaveAttribute('href', '/order/offered');
    await expectAccessible(page);
  });

  test('the orders, newest first, ten a page, each with its number, date, status and total', async ({ page, request }) => {
    test.setTimeout(90_000);
    const items = await menu(request);
    await signInAsNew(page, request);
    const placed = [];
    for (let i = 0; i < 11; i++) placed.push(await placeOrderViaApi(page, [items[i]!._id], { type: 'table', table: String(i + 1) }));
    const newest = placed.at(-1)!;
    const oldest = placed[0]!;

    await openInApp(page, '/dashboard/my/orders');
    await expect(page.getByRole('columnheader')).toHaveText(['Order', 'Date', 'Status', 'Total']);
    const rows = page.getByRole('region', { name: 'Your orders' }).getByRole('row');
    await expect(rows).toHaveCount(11); // the header and ten orders
    await expect(rows.nth(1)).toContainText(`#${newest.number}`);
    await expect(rows.nth(1)).toContainText('Placed');
    await expect(rows.nth(1)).toContainText(`$ ${cartPrice(items[10]!).toFixed(2)}`);
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(`#${oldest.number}`);

    await rows.nth(1).getByRole('link', { name: `#${oldest.number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/my/orders/${oldest._id}$`));
    await expect(page.getByRole('heading', { name: `Order #${oldest.number}` })).toBeVisible();
    await expect(page.getByText('Table 1', { exact: true })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Placed' })).toBeVisible();
    await expectAccessible(page);
  });

  test('an unknown order says so', async ({ page, request, allowConsoleErrors }) => {
    allowConsoleErrors(/404/);
    await signInAsNew(page, request);
    await openInApp(page, '/dashboard/my/orders/no-such-order');
    await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to My Orders' })).toBeVisible();
  });

  test('Order again puts the same dishes in the cart at today’s prices and names those no longer on the menu', async ({ page, browser, request }) => {
    const [kept] = (await menu(request)).filter((i) => i.category === 'honey');
    // A dish of its own, ordered and then taken off the menu: the demo menu stays as it is for the other tests.
    const admin = await newAdmin(browser);
    const name = `Seasonal Tart ${Math.random().toString(36).slice(2, 7)}`;
    const goneId = await addDishViaApi(admin, { name, category: 'dessert', price: 6.5, recipe: 'Figs and cashew cream.', image: kept!.image });

    await signInAsNew(page, request);
    const order = await placeOrderViaApi(page, [kept!._id, goneId, kept!._id]);
    expect((await admin.context.request.delete(`/api/items/${goneId}`, { headers: admin.headers })).status()).toBe(200);
    await admin.context.close();

    await openInApp(page, `/dashboard/my/orders/${order._id}`);
    await expect(page.getByRole('listitem').filter({ hasText: `2 × ${kept!.name}` })).toBeVisible();
    await page.getByRole('button', { name: 'Order again' }).click();
    await expect(page.getByText("2 dishes are in your cart at today's prices.")).toBeVisible();
    await expect(page.getByText(`No longer on the menu: ${name}.`)).toBeVisible();
    await page.getByRole('link', { name: 'Open your cart' }).click();
    await expect(page.getByText('Total item: 2')).toBeVisible();
    const line = page.getByTestId('cart-line').filter({ hasText: kept!.name });
    await expect(line.getByTestId('cart-line-quantity')).toHaveText('Quantity 2');
    await expect(page.getByTestId('cart-line').filter({ hasText: name })).toHaveCount(0);
  });
});
