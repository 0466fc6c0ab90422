import { addToCartViaApi, fillCard, menu, myPayments, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { addDishViaApi, chooseTable, newAdmin } from './order-helpers.ts';

test.describe('a price that changed while the dish was in the cart', () => {
  test('the cart and the payment page say so before the card, and the payment charges the price of today', async ({ page, browser, request }) => {
    const [model] = (await menu(request)).filter((i) => i.category === 'honey');
    // A dish of its own, so the demo menu stays as it is for the other tests.
    const admin = await newAdmin(browser);
    const dish = { name: `Repriced Bowl ${Math.random().toString(36).slice(2, 7)}`, category: 'dessert', price: 6.5, recipe: 'Dates and cacao.', image: model!.image };
    const id = await addDishViaApi(admin, dish);
    try {
      await signInAsNew(page, request);
      await addToCartViaApi(page, id);
      await addToCartViaApi(page, id);
      // The administrator raises the price while the dish waits in the cart.
      const patched = await admin.context.request.patch(`/api/items/${id}`, { headers: admin.headers, data: { ...dish, price: 8.25 } });
      expect(patched.status(), await patched.text()).toBe(200);

      await page.goto('/dashboard/my/cart');
      const notice = page.getByTestId('price-change-notice');
      await expect(notice).toContainText("Some prices changed since you put these dishes in your cart. You pay today's prices:");
      await expect(notice).toContainText(`${dish.name}: Price changed: was $6.50, now $8.25`);
      const line = page.getByTestId('cart-line').filter({ hasText: dish.name });
      await expect(line.getByTestId('cart-line-price-change')).toHaveText('Price changed: was $6.50, now $8.25');
      await expect(line).toContainText('$ 8.25');
      await expect(line.getByTestId('cart-line-total')).toHaveText('$ 16.50');
      await expect(page.getByText('Total Price: $ 16.50')).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('link', { name: 'Pay', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/payment$/);
      // Before the card: the same notice, and the amount at today's price.
      await expect(page.getByTestId('price-change-notice')).toContainText(`${dish.name}: Price changed: was $6.50, now $8.25`);
      await expect(page.getByTestId('payment-amount')).toHaveText('$ 16.50');
      await expectAccessible(page);
      await chooseTable(page);
      await expect(page.getByTestId('payment-amount')).toHaveText('$ 16.50');
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(page.getByText('Payment success')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
      await expect(page.getByTestId('order-total')).toHaveText('$ 16.50');
    } finally {
      await admin.context.request.delete(`/api/items/${id}`, { headers: admin.headers });
      await admin.context.close();
    }
  });

  test('a price raised while the payment page is open is not charged: the page says so and shows the new total', async ({ page, browser, request }) => {
    const [model] = (await menu(request)).filter((i) => i.category === 'honey');
    const admin = await newAdmin(browser);
    const dish = { name: `Raised Bowl ${Math.random().toString(36).slice(2, 7)}`, category: 'dessert', price: 6.5, recipe: 'Dates and cacao.', image: model!.image };
    const id = await addDishViaApi(admin, dish);
    try {
      await signInAsNew(page, request);
      await addToCartViaApi(page, id);
      await page.goto('/dashboard/payment');
      await chooseTable(page);
      await expect(page.getByTestId('payment-amount')).toHaveText('$ 6.50');
      await fillCard(page, '4242 4242 4242 4242');
      // The administrator raises the price after the payment was prepared, before the card is charged.
      const patched = await admin.context.request.patch(`/api/items/${id}`, { headers: admin.headers, data: { ...dish, price: 8.25 } });
      expect(patched.status(), await patched.text()).toBe(200);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(page.getByTestId('terms-changed-notice')).toHaveText(
        "A price, the delivery fee or the restaurant's terms changed since this page was opened, so nothing was charged. The new total is $8.25: check it and press Pay again.",
      );
      await expect(page.getByTestId('payment-amount')).toHaveText('$ 8.25');
      expect(await myPayments(page)).toEqual([]);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
      await expect(page.getByTestId('order-total')).toHaveText('$ 8.25');
    } finally {
      await admin.context.request.delete(`/api/items/${id}`, { headers: admin.headers });
      await admin.context.close();
    }
  });
});
