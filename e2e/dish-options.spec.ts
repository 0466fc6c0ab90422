import sharp from 'sharp';
import { fillCard, headerCartCount, menu, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { boardCard, chooseTable, openInApp } from './order-helpers.ts';

/**
 * Dish options (docs/decisions/0023-dish-options.md), as people meet them: the administrator gives
 * a new dish a size and extras in Add item, a customer chooses a large one with avocado in the
 * dialog with the keyboard, pays, and the options are on their order page and on the board.
 */
test.describe('dish options', () => {
  test('the administrator adds a dish with options; a customer chooses large with avocado, pays, and both see the options', async ({
    page,
    request,
    browser,
    allowConsoleErrors,
  }) => {
    test.slow(); // an administrator and a customer, from the Add form to the board
    // Playwright's trace recorder fetches the preview's blob: URL, which the shop's CSP rightly blocks.
    allowConsoleErrors(/Connecting to 'blob:/);
    const name = `Green Bowl ${Math.random().toString(36).slice(2, 7)}`;

    // ---- The administrator: Add item with two option groups ----
    await signInAsNew(page, request, { admin: true });
    await page.goto('/dashboard/add/item');
    await page.getByLabel('Recipe Name').fill(name);
    await page.getByLabel('Category').selectOption({ label: 'Raw Special' });
    await page.getByLabel('Price').fill('12');
    await page.getByLabel('Recipe Details').fill('Leaves, sprouts and seeds with a lemon dressing.');
    const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#4d7c0f' } }).jpeg().toBuffer();
    await page.getByLabel('Item Image').setInputFiles({ name: 'bowl.jpg', mimeType: 'image/jpeg', buffer: picture });

    await page.getByRole('button', { name: '+ Add an option group' }).click();
    const size = page.getByRole('group', { name: 'Option group 1' });
    await size.getByLabel('Group name').fill('Size');
    await expect(size.getByText('Customers see: Choose one')).toBeVisible();
    await size.getByLabel('Choice 1 of Size').fill('Small');
    await size.getByLabel('Choice 2 of Size').fill('Large');
    await size.getByLabel('Extra price of Large').fill('2');

    await page.getByRole('button', { name: '+ Add an option group' }).click();
    const extras = page.getByRole('group', { name: 'Option group 2' });
    await extras.getByLabel('Group name').fill('Extras');
    await extras.getByLabel('At least').fill('0');
    await extras.getByLabel('At most').fill('3');
    await extras.getByLabel('Choice 1 of Extras').fill('Avocado');
    await extras.getByLabel('Extra price of Avocado').fill('1.50');
    await extras.getByLabel('Choice 2 of Extras').fill('Sesame');
    await extras.getByLabel('Extra price of Sesame').fill('0.50');
    // Three at most of two choices: refused beside the field, and the field gets the focus.
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(extras.getByLabel('At most')).toHaveAccessibleDescription(/At most cannot be more than the 2 choices/);
    await expect(extras.getByLabel('At most')).toBeFocused();
    await extras.getByRole('button', { name: '+ Add a choice' }).click();
    await extras.getByLabel('Choice 3 of Extras').fill('Hemp seeds');
    await extras.getByLabel('Extra price of Hemp seeds').fill('1');
    await expect(extras.getByText('Customers see: Optional, up to 3')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(page).toHaveURL(/\/dashboard\/manage\/item$/, { timeout: 20_000 });
    const dish = (await menu(request)).find((item) => item.name === name)!;
    expect(dish.options!.map((group) => [group.name, group.min, group.max, group.choices.map((c) => `${c.name} ${c.price}`)])).toEqual([
      ['Size', 1, 1, ['Small 0', 'Large 2']],
      ['Extras', 0, 3, ['Avocado 1.5', 'Sesame 0.5', 'Hemp seeds 1']],
    ]);

    // ---- A customer: the dialog, by keyboard ----
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await signInAsNew(customer, request);
    await openInApp(customer, '/order/raw-special');
    const card = customer.getByRole('tabpanel').locator('article', { has: customer.getByRole('heading', { name, exact: true }) });
    await expect(card.getByText('Choose size, extras')).toBeVisible();
    const take = card.getByRole('button', { name: 'Take on table' });
    await take.focus();
    await customer.keyboard.press('Enter');
    const dialog = customer.getByRole('dialog', { name: `Choose your ${name}` });
    await expect(dialog).toBeVisible();
    // The default: the first size, no extras, at the dish's price.
    await expect(dialog.getByRole('group', { name: 'Size' }).getByRole('radio', { name: 'Small' })).toBeChecked();
    await expect(dialog.getByTestId('options-price')).toHaveText('$12.00');
    await expectAccessible(customer);

    // The focus starts on the first choice, inside the dialog.
    await expect(dialog.getByRole('radio', { name: 'Small' })).toBeFocused();
    await customer.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name: /Large/ })).toBeChecked();
    await expect(dialog.getByTestId('options-price')).toHaveText('$14.00');
    await customer.keyboard.press('Tab');
    await expect(dialog.getByRole('checkbox', { name: /Avocado/ })).toBeFocused();
    await customer.keyboard.press('Space');
    await expect(dialog.getByTestId('options-price')).toHaveText('$15.50');
    await expect(dialog.getByRole('group', { name: 'Extras' })).toHaveAccessibleDescription('Optional, up to 3');

    // Escape closes without adding and gives the focus back; the second time it is added.
    await customer.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(take).toBeFocused();
    await customer.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: /Large/ }).check();
    await dialog.getByRole('checkbox', { name: /Avocado/ }).check();
    await dialog.getByRole('button', { name: 'Take on table · $15.50' }).click();
    await expect(dialog).toBeHidden();
    await expect(customer.getByText(`${name} is on your table`)).toBeVisible();
    await expect(take).toBeFocused();
    await expect(headerCartCount(customer)).toHaveAttribute('data-count', '1');

    // ---- The cart: the line with its options; + adds the same again ----
    await customer.goto('/dashboard/my/cart');
    const line = customer.getByTestId('cart-line').filter({ hasText: name });
    await expect(line.getByTestId('cart-line-options')).toHaveText(['Size: Large (+$2.00)', 'Extras: Avocado (+$1.50)'].join(''));
    await line.getByRole('button', { name: `One more ${name}` }).click();
    await expect(line.getByTestId('cart-line-quantity')).toHaveText('Quantity 2');
    await expect(line.getByTestId('cart-line-total')).toHaveText('$ 31.00');
    await expect(customer.getByTestId('cart-total-price')).toHaveText('$ 31.00');

    // ---- Pay with the test card; the order page shows the options ----
    await customer.getByRole('link', { name: 'Pay', exact: true }).click();
    await chooseTable(customer, '5');
    await expect(customer.getByTestId('payment-amount')).toHaveText('$ 31.00');
    await fillCard(customer, '4242 4242 4242 4242');
    await customer.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(customer).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
    const number = Number((await customer.getByRole('heading', { name: /^Order #\d+$/ }).textContent())!.replace(/\D/g, ''));
    const orderLine = customer.getByRole('listitem').filter({ hasText: name });
    await expect(orderLine).toContainText('2 ×');
    await expect(orderLine.getByTestId('order-line-options')).toHaveText(['Size: Large (+$2.00)', 'Extras: Avocado (+$1.50)'].join(''));
    await expect(customer.getByTestId('order-total')).toHaveText('$ 31.00');
    await customerContext.close();

    // ---- The administrator's board shows the order with its options ----
    await openInApp(page, '/dashboard/orders');
    const boardOrder = boardCard(page, number);
    await expect(boardOrder).toBeVisible();
    await expect(boardOrder.getByTestId('order-line-options')).toHaveText(['Size: Large', 'Extras: Avocado'].join(''));
  });
});
