import { addToCartViaApi, cartPrice, headerCartCount, menu, signInAsNew } from './cart-helpers.ts';
import { createAccount, logIn, newAccount, trackCaptcha } from './auth-helpers.ts';
import { expect, expectAccessible, holdRequests, test } from './fixtures.ts';

test.describe('the cart', () => {
  test('a customer takes three dishes on the table, sees the badge and the total, and deletes one after confirming', async ({
    page,
    request,
  }) => {
    const items = (await menu(request)).filter((i) => i.category === 'offered').slice(0, 3);
    expect(items).toHaveLength(3);
    await signInAsNew(page, request);

    await page.goto('/order/offered');
    for (const [index, item] of items.entries()) {
      await page.getByRole('article').filter({ has: page.getByRole('heading', { name: item.name, exact: true }) })
        .getByRole('button', { name: 'Take on table' })
        .click();
      await expect(page.getByText(`${item.name} is on your table`)).toBeVisible();
      await expect(headerCartCount(page)).toHaveAttribute('data-count', String(index + 1));
    }
    await expect(headerCartCount(page)).toHaveText('3, 3 dishes');

    await page.getByRole('banner').getByRole('link', { name: /Cart/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/my\/cart$/);
    await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
    const total = items.reduce((sum, i) => sum + Math.round(cartPrice(i) * 100), 0) / 100;
    await expect(page.getByText('Total item: 3')).toBeVisible();
    await expect(page.getByText(`Total Price: $ ${total.toFixed(2)}`)).toBeVisible();
    // The spec's columns, and the quantity and line total of each dish.
    await expect(page.getByRole('columnheader')).toHaveText(['Item no', 'Food', 'Name', 'price', 'Quantity', 'Line total', 'action']);
    await expect(page.getByRole('row')).toHaveCount(4);
    // The dashboard menu's badge counts the same entries.
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByTestId('cart-count')).toHaveAttribute('data-count', '3');
    await expectAccessible(page);

    const victim = items[1]!;
    const row = page.getByRole('row').filter({ hasText: victim.name });
    await row.getByRole('button', { name: `Delete ${victim.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(dialog).toContainText("You won't be able to revert this!");
    // The keyboard: Cancel has the focus, Escape closes without deleting.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Delete ${victim.name}` }).click();
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByText('Deleted! Your item has been deleted.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('Total item: 2')).toBeVisible();
    const left = total - cartPrice(victim);
    await expect(page.getByText(`Total Price: $ ${left.toFixed(2)}`)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByTestId('cart-count')).toHaveAttribute('data-count', '2');
    await expect(page.getByRole('link', { name: 'Pay', exact: true })).toHaveAttribute('href', '/dashboard/payment');
  });

  test('the same dish is one line with its quantity: + adds one, − takes one away, the last one after confirming', async ({ page, request }) => {
    const [first, second] = (await menu(request)).filter((i) => i.category === 'juice');
    await signInAsNew(page, request);
    for (const id of [first!._id, second!._id, first!._id]) await addToCartViaApi(page, id);
    await page.goto('/dashboard/my/cart');
    const line = (item: typeof first) => page.getByTestId('cart-line').filter({ has: page.getByRole('cell', { name: item!.name, exact: false }) });
    const cents = (item: typeof first) => Math.round(cartPrice(item!) * 100);
    const money = (c: number) => `$ ${(c / 100).toFixed(2)}`;

    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.getByText('Total item: 3')).toBeVisible();
    await expect(line(first).getByTestId('cart-line-quantity')).toHaveText('Quantity 2');
    await expect(line(first).getByTestId('cart-line-total')).toHaveText(money(2 * cents(first)));
    await expect(line(second).getByTestId('cart-line-quantity')).toHaveText('Quantity 1');
    await expectAccessible(page);

    // + is one more entry (POST /api/cart), − one entry less (DELETE /api/cart/{id}).
    await line(second).getByRole('button', { name: `One more ${second!.name}` }).click();
    await expect(line(second).getByTestId('cart-line-quantity')).toHaveText('Quantity 2');
    await expect(page.getByText('Total item: 4')).toBeVisible();
    await expect(page.getByText(`Total Price: ${money(2 * cents(first) + 2 * cents(second))}`)).toBeVisible();
    await expect(headerOrMenuCount(page)).toHaveAttribute('data-count', '4');

    await line(first).getByRole('button', { name: `One less ${first!.name}` }).click();
    await expect(line(first).getByTestId('cart-line-quantity')).toHaveText('Quantity 1');
    await expect(line(first).getByTestId('cart-line-total')).toHaveText(money(cents(first)));
    await expect(page.getByText('Total item: 3')).toBeVisible();

    // The last one goes like a delete: the spec's confirmation first.
    await line(first).getByRole('button', { name: `One less ${first!.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(line(first)).toHaveCount(1);
    await line(first).getByRole('button', { name: `One less ${first!.name}` }).click();
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(line(first)).toHaveCount(0);
    await expect(page.getByText('Total item: 2')).toBeVisible();
    await expect(page.getByText(`Total Price: ${money(2 * cents(second))}`)).toBeVisible();

    // Delete takes the whole line, all its entries, after confirming.
    await line(second).getByRole('button', { name: `Delete ${second!.name}` }).click();
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByText('Total item: 0')).toBeVisible();
  });

  test('an empty cart says so and its Pay cannot be used', async ({ page, request }) => {
    await signInAsNew(page, request);
    await page.goto('/dashboard/my/cart');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByText('Total item: 0')).toBeVisible();
    await expect(page.getByText('Total Price: $ 0.00')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Pay', exact: true })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a visitor who takes a dish on the table goes to the login, and comes back to the dishes with the dish in the cart', async ({ page, request }) => {
    const account = newAccount();
    await createAccount(request, account);
    const currentCaptcha = trackCaptcha(page);
    await page.goto('/order/juice');
    const name = await page.getByRole('tabpanel').getByRole('article').first().getByRole('heading', { level: 3 }).textContent();
    await page.getByRole('button', { name: 'Take on table' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, account, currentCaptcha);
    await expect(page).toHaveURL(/\/order\/juice$/);
    // The dish the visitor took is added once they are signed in (docs/product.md §21), once.
    await expect(page.getByText(`${name} was added to your cart`)).toBeVisible();
    await expect(headerCartCount(page)).toHaveAttribute('data-count', '1');
    await page.reload();
    await expect(headerCartCount(page)).toHaveAttribute('data-count', '1');
  });

  test('a click on Take on table before the sign-in state has loaded waits for it: the dish goes into the cart', async ({ page, request }) => {
    await signInAsNew(page, request);
    const releaseSession = await holdRequests(page, /\/api\/auth\/get-session/);
    await page.goto('/order/offered');
    const card = page.getByRole('tabpanel').locator('article').first();
    const name = (await card.getByRole('heading').textContent())!;
    await card.hover();
    await card.getByRole('button', { name: 'Take on table' }).click();
    releaseSession();
    await expect(page.getByText(`${name} is on your table`)).toBeVisible();
    await expect(page).toHaveURL(/\/order\/offered$/);
    await expect(headerCartCount(page)).toHaveAttribute('data-count', '1');
  });

  test('a cart that could not be loaded says so, and Try again loads it', async ({ page, request, allowConsoleErrors }) => {
    allowConsoleErrors(/500/);
    const items = await menu(request);
    await signInAsNew(page, request);
    await addToCartViaApi(page, items[0]!._id);
    // Every read fails until the page says so (the query asks again once, and a part of the page
    // that mounts later may ask again too); then the server answers again.
    let failing = true;
    await page.route(/\/api\/cart\?/, (route) => (failing ? route.fulfill({ status: 500, json: { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong' } }) : route.fallback()));
    await page.goto('/dashboard/my/cart');
    const alert = page.getByRole('alert').filter({ hasText: 'Your cart could not be loaded' });
    await expect(alert).toBeVisible();
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toBeHidden();
    await expect(page.getByRole('cell', { name: items[0]!.name, exact: true })).toBeVisible();
  });

  test('works on a 360 px wide phone', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const items = await menu(request);
    await signInAsNew(page, request);
    await addToCartViaApi(page, items[0]!._id);
    await page.goto('/dashboard/my/cart');
    await expect(page.getByText('Total item: 1')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Each entry is a card of labelled lines on a phone: its Delete is reached by scrolling down, never cut off at the side.
    const remove = page.getByRole('button', { name: `Delete ${items[0]!.name}` });
    await remove.scrollIntoViewIfNeeded();
    await expect(remove).toBeInViewport({ ratio: 1 });
  });
});

function headerOrMenuCount(page: Parameters<typeof headerCartCount>[0]) {
  return page.getByRole('navigation', { name: 'Dashboard' }).getByTestId('cart-count');
}
