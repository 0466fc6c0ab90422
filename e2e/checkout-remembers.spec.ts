import type { Page } from '@playwright/test';
import type { RestaurantSettings } from '../src/shared/restaurant-settings.ts';
import { addToCartViaApi, fillCard, menu, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

/**
 * Checkout that remembers (issue 42, point 3), at 390 px as on a phone: the way last chosen comes
 * first, a delivery's address and phone come back from the account, the delivery's terms are
 * read before any address is typed, and each field says one thing at a time.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function continueAndPay(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
}

test.describe('checkout that remembers', () => {
  test("a second delivery needs no typing, even after a pickup, and the profile edits and deletes what was saved", async ({ page, request }) => {
    const [dish] = await menu(request);
    await signInAsNew(page, request);

    // The first delivery: typed once, saved to the account.
    await addToCartViaApi(page, dish!._id);
    await page.goto('/dashboard/payment');
    await page.getByRole('radio', { name: /Delivery/ }).check();
    await expect(page.getByLabel('Saved addresses')).toHaveCount(0);
    await page.getByLabel('Street and number').fill('12 Orchard Lane');
    await page.getByLabel('City').fill('Springfield');
    await page.getByLabel('ZIP code').fill('62704');
    await page.getByLabel('Contact number').fill('+1 555 0100');
    await expect(page.getByRole('checkbox', { name: /Save this address and phone/ })).toBeChecked();
    await continueAndPay(page);

    // A pickup between: the way last chosen (delivery) comes first, and is changed.
    await addToCartViaApi(page, dish!._id);
    await page.goto('/dashboard/payment');
    await expect(page.getByRole('radio', { name: /Delivery/ })).toBeChecked();
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await continueAndPay(page);

    // The third: pickup comes first now; delivery brings back the saved address and phone untyped.
    await addToCartViaApi(page, dish!._id);
    await page.goto('/dashboard/payment');
    await expect(page.getByRole('radio', { name: /Pickup/ })).toBeChecked();
    await page.getByRole('radio', { name: /Delivery/ }).check();
    await expect(page.getByLabel('Saved addresses')).toHaveValue(/.+/);
    await expect(page.getByLabel('Street and number')).toHaveValue('12 Orchard Lane');
    await expect(page.getByLabel('City')).toHaveValue('Springfield');
    await expect(page.getByLabel('ZIP code')).toHaveValue('62704');
    await expect(page.getByLabel('Contact number')).toHaveValue('+1 555 0100');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText('12 Orchard Lane, 62704 Springfield · +1 555 0100')).toBeVisible();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);

    // The profile lists it once, edits its phone, and deletes it.
    await page.goto('/dashboard/profile');
    const section = page.getByRole('region', { name: 'Delivery addresses' });
    await expect(section.getByRole('listitem')).toHaveCount(1);
    await expect(section.getByText('12 Orchard Lane')).toBeVisible();
    await section.getByRole('button', { name: 'Edit 12 Orchard Lane' }).click();
    const phone = section.getByLabel('Contact number');
    await phone.fill('');
    await section.getByRole('button', { name: 'Save address' }).click();
    await expect(phone).toHaveAccessibleDescription('Enter a phone number');
    await phone.fill('+1 555 0177');
    await section.getByRole('button', { name: 'Save address' }).click();
    await expect(section.getByText('Phone +1 555 0177')).toBeVisible();
    await expectAccessible(page);
    await section.getByRole('button', { name: 'Delete 12 Orchard Lane' }).click();
    await expect(section.getByText(/No saved address yet/)).toBeVisible();

    // Deleted, the checkout has nothing to offer but the newest order's own address.
    await addToCartViaApi(page, dish!._id);
    await page.goto('/dashboard/payment');
    await expect(page.getByRole('radio', { name: /Delivery/ })).toBeChecked();
    await expect(page.getByLabel('Saved addresses')).toHaveCount(0);
  });

  test('the delivery minimum, fee and area in words before any address is typed', async ({ page, request }) => {
    // The restaurant's settings are the whole shop's, and other files pay meanwhile: this page alone
    // reads them with a fee, a minimum and an area, on the real answer of GET /api/settings.
    await page.route('**/api/settings', async (route) => {
      const real = await route.fetch();
      const settings = (await real.json()) as RestaurantSettings;
      await route.fulfill({ response: real, json: { ...settings, deliveryFee: 2.5, minimumOrder: 20, postalCodes: ['123*', '10115'] } });
    });
    const [dish] = await menu(request);
    await signInAsNew(page, request);
    await addToCartViaApi(page, dish!._id);
    await page.goto('/dashboard/payment');
    await page.getByRole('radio', { name: /Delivery/ }).check();
    const terms = page.getByTestId('delivery-terms');
    await expect(terms).toHaveText('A delivery fee of $2.50 is added to your dishes. Minimum order $20.00. We deliver to postal codes starting 123 and to 10115.');
    await expect(page.getByLabel('Street and number')).toHaveValue('');
    // Above the address, in view on a phone before the first field.
    const termsBox = await terms.boundingBox();
    const streetBox = await page.getByLabel('Street and number').boundingBox();
    expect(termsBox!.y).toBeLessThan(streetBox!.y);
    await expectAccessible(page);
  });

  test('each field shows one error message, tied to it', async ({ page, request }) => {
    const [dish] = await menu(request);
    await signInAsNew(page, request);
    await addToCartViaApi(page, dish!._id);
    await page.goto('/dashboard/payment');
    await page.getByRole('radio', { name: /Delivery/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const expected: [string, string][] = [
      ['Street and number', 'Enter the street and number'],
      ['City', 'Enter the city'],
      ['ZIP code', 'Enter the postal code'],
      ['Contact number', 'Enter a phone number'],
    ];
    for (const [label, message] of expected) {
      const input = page.getByLabel(label, { exact: true });
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveAccessibleDescription(message);
      // The one message is the element the field names, and no other error sits beside it.
      const describedBy = await input.getAttribute('aria-describedby');
      await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(message);
    }
    await expect(page.getByRole('alert')).toHaveCount(expected.length);
    await expectAccessible(page);
  });
});
