import { addToCartViaApi, fillCard, menu, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { openInApp, signInAsNewStaff } from './order-helpers.ts';

/**
 * Table codes (issue 42, point 1) at 390 px: the owner adds a table in the settings and prints
 * the sheet; a customer opens the link from the sheet, orders to that table without typing it,
 * and the order names the table and its area, on the staff's board too; a renewed code opens the
 * menu with the reason.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('a table added in the settings, its code from the sheet, and an order to that table', async ({ browser, page, request, allowConsoleErrors }) => {
  const name = `T${Date.now() % 100000}`;
  const owner = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const ownerPage = await owner.newPage();
  await signInAsNew(ownerPage, owner.request, { admin: true });
  await ownerPage.goto('/dashboard/settings');
  const section = ownerPage.getByRole('region', { name: 'Tables' });
  await section.getByLabel('Table name or number').fill(name);
  await section.getByLabel('Area (optional)').fill('Terrace');
  await section.getByRole('button', { name: 'Add table' }).click();
  await expect(section.getByTestId('table').filter({ hasText: name })).toBeVisible();
  await expectAccessible(ownerPage);

  await section.getByRole('link', { name: 'Print the QR codes' }).click();
  const cell = ownerPage.getByTestId('table-code').filter({ hasText: `Table ${name}` });
  await expect(cell.getByRole('img', { name: new RegExp(`QR code of table ${name} · Terrace`) })).toBeVisible();
  await expect(cell).toContainText('Raw Roots');
  const link = (await cell.getAttribute('data-link'))!;
  expect(link).toMatch(/\/t\/[^/]+$/);

  // The guest opens the code's link: the menu says which table, and checkout is fixed to it.
  const [dish] = await menu(request);
  await signInAsNew(page, request);
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/order/);
  await expect(page.getByTestId('table-banner')).toHaveText(`You are ordering at table ${name} · Terrace`);
  await addToCartViaApi(page, dish!._id);
  await page.goto('/dashboard/payment');
  await expect(page.getByTestId('table-fixed')).toHaveText(`You are ordering at table ${name} · Terrace`);
  // Ordering without the table brings the usual ways back; the code, opened again, fixes the table again.
  await page.getByRole('button', { name: 'Order without this table' }).click();
  await expect(page.getByRole('radio', { name: /Pickup/ })).toBeVisible();
  await page.goto(new URL(link).pathname);
  await expect(page.getByTestId('table-banner')).toHaveText(`You are ordering at table ${name} · Terrace`);
  await page.goto('/dashboard/payment');
  // The way is fixed: eat here at that table, nothing else offered, and no table to type.
  await expect(page.getByTestId('fixed-table')).toContainText(`Eat here · Table ${name} · Terrace`);
  await expect(page.getByRole('radio', { name: /Delivery/ })).toHaveCount(0);
  await expect(page.getByLabel('Table', { exact: true })).toHaveCount(0);
  await page.getByLabel('Note to the kitchen (optional)').fill('No onions');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
  await expect(page.getByText(`Table ${name} · Terrace`).first()).toBeVisible();

  // Staff see the order on the board with its table and area.
  const staff = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const staffPage = await staff.newPage();
  await signInAsNewStaff(staffPage, staff.request);
  await openInApp(staffPage, '/dashboard/orders');
  await expect(staffPage.getByTestId('order-card').filter({ hasText: `Table ${name} · Terrace` })).toBeVisible();
  await staff.close();

  // A new code: the printed one opens the menu with the reason, and no table (its look-up a 404).
  allowConsoleErrors(/status of 404/);
  await ownerPage.goto('/dashboard/settings');
  await ownerPage.getByRole('button', { name: `New code for table ${name} · Terrace` }).click();
  await expect(ownerPage.getByText(/has a new code/)).toBeVisible();
  await page.goto(new URL(link).pathname);
  await expect(page.getByTestId('table-banner')).toHaveText(/not valid any more/);
  await expectAccessible(page);
  await owner.close();
});

test('removing a table asks first', async ({ page, request }) => {
  const name = `R${Date.now() % 100000}`;
  await signInAsNew(page, request, { admin: true });
  await page.goto('/dashboard/settings');
  const section = page.getByRole('region', { name: 'Tables' });
  await section.getByLabel('Table name or number').fill(name);
  await section.getByRole('button', { name: 'Add table' }).click();
  const row = section.getByTestId('table').filter({ hasText: name });
  await row.getByRole('button', { name: `Remove table ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove table ${name}?` });
  await expect(confirm).toContainText('Its QR code stops working at once.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Remove table ${name}` }).click();
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText(`Table ${name} removed`)).toBeVisible();
  await expect(row).toHaveCount(0);
});
