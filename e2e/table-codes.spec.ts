import { addToCartViaApi, fillCard, headerCartCount, menu, signInAsNew } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { boardCard, openInApp, signInAsNewStaff } from './order-helpers.ts';

/**
 * Table codes (issue 42, point 1) at 390 px: the owner adds a table in the settings and prints
 * the sheet; a customer opens the link from the sheet, orders to that table without typing it,
 * and the order names the table and its area, on the staff's board too; a renewed code opens the
 * menu with the reason.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('a table added in the settings, its code from the sheet, and an order to that table', async ({ browser, page, request, allowConsoleErrors }) => {
  test.slow(); // an owner, a customer and staff, each in a browser
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

test('a guest opens the code from the sheet, pays without an account and follows the order live while staff see the table', async ({ browser, page, request, allowConsoleErrors }) => {
  test.slow(); // an owner, a guest and a staff member, a payment and a live move
  allowConsoleErrors(/status of 400/); // the e-mail refused at the field
  const name = `G${Date.now() % 100000}`;
  const owner = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const ownerPage = await owner.newPage();
  await signInAsNew(ownerPage, owner.request, { admin: true });
  const added = await ownerPage.evaluate(
    async (table) =>
      (
        await fetch('/api/admin/tables', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('access-token')}` },
          body: JSON.stringify(table),
        })
      ).status,
    { name, area: 'Garden' },
  );
  expect(added).toBe(201);
  await ownerPage.goto('/dashboard/settings/table-codes');
  const link = (await ownerPage.getByTestId('table-code').filter({ hasText: `Table ${name}` }).getAttribute('data-link'))!;
  await owner.close();

  // The guest, signed out, opens the printed link: the menu offers ordering as a guest.
  const [dish] = (await menu(request)).filter((item) => !item.options);
  await page.goto(new URL(link).pathname);
  await expect(page.getByTestId('table-banner')).toHaveText(`You are ordering at table ${name} · Garden`);
  const start = page.getByRole('form', { name: 'Order as a guest' });
  await start.getByRole('button', { name: 'Order as a guest' }).click();
  await expect(start.getByLabel('Your name')).toHaveAccessibleDescription('Enter your name');
  await start.getByLabel('E-mail for the receipt (optional)').fill('not an address');
  await start.getByLabel('Your name').fill('Mia');
  await start.getByRole('button', { name: 'Order as a guest' }).click();
  await expect(start.getByLabel('E-mail for the receipt (optional)')).toHaveAttribute('aria-invalid', 'true');
  await start.getByLabel('E-mail for the receipt (optional)').fill('');
  await start.getByRole('button', { name: 'Order as a guest' }).click();
  await expect(start).toBeHidden();
  await expectAccessible(page);

  // The dish into the cart from its page, then checkout fixed to the table.
  await page.goto(`/item/${dish!._id}`);
  await page.getByRole('button', { name: 'Take on table' }).click();
  await expect(headerCartCount(page)).toHaveAttribute('data-count', '1');
  await page.goto('/dashboard/payment');
  await expect(page.getByTestId('fixed-table')).toContainText(`Eat here · Table ${name} · Garden`);
  await expect(page.getByRole('button', { name: 'Order without this table' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // The order's own signed page, followed live.
  await expect(page).toHaveURL(/\/o\/[^/]+$/);
  await expect(page.getByTestId('order-status')).toHaveText('Placed');
  await expect(page.getByText(`Table ${name} · Garden`).first()).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const number = Number((await page.getByRole('heading', { name: /^Order #\d+$/ }).textContent())!.replace(/\D/g, ''));

  // Staff see the table and its area on the board, and accept: the guest's page follows.
  const staff = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const staffPage = await staff.newPage();
  await signInAsNewStaff(staffPage, staff.request);
  await openInApp(staffPage, '/dashboard/orders');
  const card = boardCard(staffPage, number);
  await expect(card).toContainText(`Table ${name} · Garden`);
  await card.getByRole('button', { name: 'Accept' }).click();
  await staffPage.getByRole('dialog', { name: `Accept #${number}` }).getByRole('button', { name: /^Accept, ready in/ }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Accepted');
  await staff.close();

  // The guest's session is for the table only: no dashboard page of a customer's.
  const orderLink = page.url();
  for (const customerPage of ['/dashboard', '/dashboard/profile', '/dashboard/my/orders', '/dashboard/userHome']) {
    await page.goto(customerPage);
    await expect(page, customerPage).toHaveURL(/\/dashboard\/my\/cart$/);
  }
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText([/^My cart/, 'Payment', 'Home']);
  allowConsoleErrors(/status of 403/); // asked for on purpose, below
  const refused = await page.evaluate(async () => (await fetch('/api/favourites')).status);
  expect(refused).toBe(403);

  // "Create an account" from the order's page: the account keeps the order.
  await page.goto(orderLink);
  await page.getByRole('link', { name: 'Create an account' }).click();
  const account = { name: 'Mia Guest', email: `mia-${Date.now()}@example.test`, password: `pw-${Date.now()}-secret` };
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password (8 to 128 characters)').fill(account.password);
  await page.getByRole('button', { name: 'SignUp' }).click();
  await expect(page.getByText('new user created')).toBeVisible();
  await page.goto(orderLink);
  await expect(page.getByText('This order is in your account.')).toBeVisible();
  await page.getByRole('link', { name: 'My Orders' }).click();
  await expect(page.getByRole('link', { name: new RegExp(`#${number}`) }).first()).toBeVisible();
});
