import { createAccount, logIn, newAccount, promoteToAdmin, trackCaptcha, type Account } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

async function signInAsNewAdmin(page: Page, request: Parameters<typeof createAccount>[0]): Promise<Account> {
  const admin = newAccount('admin');
  await createAccount(request, admin);
  promoteToAdmin(admin.email);
  const currentCaptcha = trackCaptcha(page);
  await page.goto('/login');
  await logIn(page, admin, currentCaptcha);
  await expect(page).toHaveURL(/\/$/);
  return admin;
}

function row(page: Page, account: Account) {
  return page.getByRole('row').filter({ hasText: account.email });
}

/** Manage Users is paged: the account is found by its e-mail. */
async function findUser(page: Page, account: Account) {
  await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(account.email);
  await expect(page.getByText('TOTAL USER: 1', { exact: true })).toBeVisible();
  await expect(row(page, account)).toBeVisible();
}

test.describe('the administrator dashboard', () => {
  test('the Dashboard link leads an administrator to admin home with the admin menu', async ({ page, request }) => {
    const admin = await signInAsNewAdmin(page, request);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/adminHome$/);
    await expect(page.getByRole('heading', { name: `Hi, ${admin.name}! Welcome back` })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    for (const [name, href] of [
      ['Admin Home', '/dashboard/adminHome'],
      ['Manage Users', '/dashboard/all/users'],
      ['Add items', '/dashboard/add/item'],
      ['Manage Items', '/dashboard/manage/item'],
      ['Home', '/'],
    ]) {
      await expect(menu.getByRole('link', { name: name!, exact: true })).toHaveAttribute('href', href!);
    }
    await expect(menu.getByRole('link', { name: 'My cart' })).toHaveCount(0);
  });

  test('Manage Users: promote a customer after confirming what an admin may do, delete one after confirming', async ({ page, request }) => {
    const promoted = newAccount('promoted');
    const removed = newAccount('removed');
    await createAccount(request, promoted);
    await createAccount(request, removed);
    const admin = await signInAsNewAdmin(page, request);

    await page.goto('/dashboard/all/users');
    await expect(page.getByRole('columnheader')).toHaveText(['#', 'Name', 'Email', 'Role', 'Action']);
    await findUser(page, admin);
    await expect(row(page, admin).getByRole('cell').nth(3)).toHaveText('admin');
    // Their own row cannot be deleted.
    await expect(row(page, admin).getByRole('button', { name: `Delete ${admin.name}` })).toBeDisabled();
    await expectAccessible(page);

    await findUser(page, promoted);
    await row(page, promoted).getByRole('button', { name: `Make admin: ${promoted.name}` }).click();
    const ask = page.getByRole('dialog', { name: `Make ${promoted.name} an administrator?` });
    await expect(ask).toContainText('An administrator may do everything');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(row(page, promoted).getByRole('cell').nth(3)).not.toHaveText('admin');
    await row(page, promoted).getByRole('button', { name: `Make admin: ${promoted.name}` }).click();
    await ask.getByRole('button', { name: 'Make admin' }).click();
    await expect(row(page, promoted).getByRole('cell').nth(3)).toHaveText('admin');
    await expect(row(page, promoted).getByRole('button', { name: /^Make admin: / })).toHaveCount(0);

    await findUser(page, removed);
    await row(page, removed).getByRole('button', { name: `Delete ${removed.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(dialog).toContainText("You won't be able to revert this!");
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, removed)).toBeVisible();

    await row(page, removed).getByRole('button', { name: `Delete ${removed.name}` }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByText('an admin deleted')).toBeVisible();
    await expect(row(page, removed)).toHaveCount(0);
    await expect(page.getByText('TOTAL USER: 0', { exact: true })).toBeVisible();
  });

  test('Manage Users on a 390 px phone: each account a card, its Role and Action on screen', async ({ page, request }) => {
    const customer = newAccount('customer');
    await createAccount(request, customer);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsNewAdmin(page, request);
    await page.goto('/dashboard/all/users');
    await findUser(page, customer);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The widest power is never the row's most prominent button: no filled background (issue 43, point 7).
    await expect(row(page, customer).getByRole('button', { name: `Make admin: ${customer.name}` })).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    // Making staff asks first, saying what staff may do; Cancel changes nothing.
    await row(page, customer).getByRole('button', { name: `Make staff: ${customer.name}` }).click();
    const ask = page.getByRole('dialog', { name: `Make ${customer.name} staff?` });
    await expect(ask).toContainText('Staff run the order board');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(row(page, customer).getByRole('button', { name: `Remove staff: ${customer.name}` })).toHaveCount(0);
    await row(page, customer).getByRole('button', { name: `Make staff: ${customer.name}` }).click();
    await ask.getByRole('button', { name: 'Make staff' }).click();
    await expect(row(page, customer).getByRole('button', { name: `Remove staff: ${customer.name}` })).toBeVisible();
    await row(page, customer).getByRole('button', { name: `Remove staff: ${customer.name}` }).click();
    await expect(page.getByRole('dialog', { name: `Remove ${customer.name} from staff?` })).toContainText('no longer see the order board');
    await page.getByRole('dialog').getByRole('button', { name: 'Remove staff' }).click();
    await expect(row(page, customer).getByRole('button', { name: `Make staff: ${customer.name}` })).toBeVisible();
    // Still a table to assistive technology, with the spec's headers.
    await expect(page.getByRole('columnheader')).toHaveText(['#', 'Name', 'Email', 'Role', 'Action']);
    // Within the screen's width as the page opens, not after scrolling the table sideways.
    for (const button of [`Make admin: ${customer.name}`, `Delete ${customer.name}`]) {
      const box = (await row(page, customer).getByRole('button', { name: button }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await expectAccessible(page);
  });

  test('signed out elsewhere: the next call answers 401, the app signs out and shows login', async ({ page, context, request, allowConsoleErrors }) => {
    allowConsoleErrors(/401/);
    await signInAsNewAdmin(page, request);
    await page.goto('/dashboard/adminHome');
    // Another tab of the same browser signs out.
    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log out' }).click();
    await expect(other.getByText('SignOut successfully')).toBeVisible();
    await other.close();

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Users' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
  });
});
