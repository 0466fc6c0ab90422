import { addToCartViaApi, fillCard, menu, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('checkout: how the meal reaches the customer', () => {
  test('eat here needs a table; the note counts its characters and goes to the order', async ({ page, request }) => {
    const [item] = await menu(request);
    await signInAsNew(page, request);
    await addToCartViaApi(page, item!._id);
    await page.goto('/dashboard/payment');
    await expect(page.getByRole('heading', { name: '1. How do you get your meal?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
    // The spec's ZIP code, contact number and country are not thrown-away inputs any more.
    await expect(page.getByLabel('Country')).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('radio', { name: /Eat here/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByLabel('Table', { exact: true })).toHaveAccessibleDescription(/Enter your table/);
    await expect(page.getByLabel('Table', { exact: true })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();

    const note = page.getByLabel('Note to the kitchen (optional)');
    await note.fill('No onions, please');
    await expect(page.getByText('17 / 500 characters')).toBeVisible();
    await note.fill('x'.repeat(600));
    await expect(note).toHaveValue('x'.repeat(500));
    await expect(page.getByText('500 / 500 characters')).toBeVisible();
    await note.fill('No onions, please');

    await page.getByLabel('Table', { exact: true }).fill('Terrace 3');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('heading', { name: '1. Eat here' })).toBeVisible();
    await expect(page.getByText('Table Terrace 3')).toBeVisible();
    await expect(page.getByText('Note: No onions, please')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
    await expectAccessible(page);

    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
    await expect(page.getByText('Table Terrace 3')).toBeVisible();
    await expect(page.getByText('Note: No onions, please')).toBeVisible();
  });

  test('delivery needs street, city, ZIP code and contact number, checked like the server checks them', async ({ page, request }) => {
    const [item] = await menu(request);
    await signInAsNew(page, request);
    await addToCartViaApi(page, item!._id);
    await page.goto('/dashboard/payment');
    await page.getByRole('radio', { name: /Delivery/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByLabel('Street and number')).toHaveAccessibleDescription('Enter the street and number');
    await expect(page.getByLabel('City')).toHaveAccessibleDescription('Enter the city');
    await expect(page.getByLabel('ZIP code')).toHaveAccessibleDescription(/Enter the postal code/);
    await expect(page.getByLabel('Contact number')).toHaveAccessibleDescription(/Enter a phone number/);
    await expect(page.getByLabel('Street and number')).toBeFocused();
    await expectAccessible(page);

    await page.getByLabel('Street and number').fill('12 Orchard Lane');
    await page.getByLabel('City').fill('Springfield');
    await page.getByLabel('ZIP code').fill('#!');
    await page.getByLabel('Contact number').fill('call me');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByLabel('ZIP code')).toHaveAccessibleDescription('Enter a valid postal code');
    await expect(page.getByLabel('Contact number')).toHaveAccessibleDescription('Enter a valid phone number');
    await expect(page.getByLabel('Street and number')).not.toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('ZIP code').fill('62704');
    await page.getByLabel('Contact number').fill('+1 555 0100');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('heading', { name: '1. Delivery' })).toBeVisible();
    await expect(page.getByText('12 Orchard Lane, 62704 Springfield · +1 555 0100')).toBeVisible();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
    await expect(page.getByRole('link', { name: /12 Orchard Lane, 62704 Springfield/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.openstreetmap\.org\/search\?query=12%20Orchard%20Lane/,
    );
    await expect(page.getByRole('link', { name: '+1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');

    // The next order offers the same address and phone.
    await addToCartViaApi(page, item!._id);
    await page.goto('/dashboard/payment');
    await expect(page.getByRole('radio', { name: /Delivery/ })).toBeChecked();
    await expect(page.getByLabel('Street and number')).toHaveValue('12 Orchard Lane');
    await expect(page.getByLabel('ZIP code')).toHaveValue('62704');
    await expect(page.getByLabel('Contact number')).toHaveValue('+1 555 0100');
  });

  test('pickup: as soon as possible or a time today in 15-minute steps', async ({ page, request }) => {
    const [item] = await menu(request);
    await signInAsNew(page, request);
    await addToCartViaApi(page, item!._id);
    await page.goto('/dashboard/payment');
    await page.getByRole('radio', { name: /Pickup/ }).check();
    const time = page.getByLabel('Pickup time');
    await expect(time).toHaveValue('');
    await expect(time.getByRole('option').first()).toHaveText('As soon as possible');
    const values = await time.getByRole('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    for (const value of values) {
      const at = new Date(value);
      expect(at.getTime()).toBeGreaterThan(Date.now());
      expect(at.getUTCMinutes() % 15).toBe(0);
    }
    // A time is offered unless the day is nearly over.
    if (values.length > 0) {
      await time.selectOption(values[0]!);
      const label = (await time.locator('option:checked').textContent())!.replace('Today at ', '');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page.getByRole('heading', { name: '1. Pickup' })).toBeVisible();
      await expect(page.getByText(`Today at ${label}`)).toBeVisible();
    } else {
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page.getByText('As soon as possible')).toBeVisible();
    }
    // Change goes back to the first step, with the choice kept.
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByRole('radio', { name: /Pickup/ })).toBeChecked();
  });

  test("the server's field errors show at their fields", async ({ page, request, allowConsoleErrors }) => {
    allowConsoleErrors(/400/);
    const [item] = await menu(request);
    await signInAsNew(page, request);
    await addToCartViaApi(page, item!._id);
    await page.goto('/dashboard/payment');
    // A pickup time that has passed while the page was open: only the server can tell.
    await page.route('**/api/create-payment-intent', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 400,
          code: 'VALIDATION',
          message: 'Invalid body',
          fieldErrors: { 'fulfilment.pickupAt': ['Choose a later pickup time'] },
        }),
      }),
    );
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByLabel('Pickup time')).toHaveAccessibleDescription('Choose a later pickup time');
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
    await page.unroute('**/api/create-payment-intent');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
  });

  test('the payment page with its first step fits a 390 px phone', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const [item] = await menu(request);
    await signInAsNew(page, request);
    await addToCartViaApi(page, item!._id);
    await page.goto('/dashboard/payment');
    await page.getByRole('radio', { name: /Delivery/ }).check();
    await expect(page.getByLabel('Contact number')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
