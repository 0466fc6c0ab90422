import type { ParsedMail } from 'mailparser';
import { RESET_REQUESTED_MESSAGE } from '../src/shared/account-constants.ts';
import { createAccount, logIn, mailTo, newAccount, trackCaptcha, type Account } from './auth-helpers.ts';
import { menu } from './cart-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { apiToken, makeStaff, placeOrderViaApi, signIn } from './order-helpers.ts';

/**
 * Accounts in the browser: "Forgot password?" to a new password by the link of the mail the shop
 * wrote (the e2e shop has no SMTP_URL, so its mails are .eml files in DATA_DIR/outbox), the
 * profile page's display name in the header's greeting, and deleting an account, whose order
 * stays on the staff's board without the customer's name.
 */

function linkTo(mail: ParsedMail, pathname: string): string {
  const link = ((mail.text ?? '').match(/https?:\/\/[^\s<>\]"')]+/g) ?? []).find((l) => new URL(l).pathname === pathname);
  expect(link, `a link to ${pathname} in the mail`).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

test('forgot password: the link from the mail, a new password, signed in with it, the old session gone', async ({ page, browser, request, allowConsoleErrors }) => {
  const account = newAccount('forgetful');
  await createAccount(request, account);
  // Signed in elsewhere before the reset: that session must end.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signIn(other, account);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText(RESET_REQUESTED_MESSAGE)).toBeVisible();

  const mail = await mailTo(account.email, /Reset your Raw Roots password/);
  await page.goto(linkTo(mail, '/reset-password'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page);
  const newPassword = 'copper lantern orchard 42';
  await page.getByLabel(/New password/).fill(newPassword);
  await page.getByLabel('The same again').fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Your password is changed, and you are signed out everywhere.')).toBeVisible();

  const currentCaptcha = trackCaptcha(page);
  await page.getByRole('link', { name: 'Log in with it' }).click();
  await logIn(page, { ...account, password: newPassword }, currentCaptcha);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/userHome');
  await expect(page.getByRole('heading', { name: `Hi, ${account.name}! Welcome back` })).toBeVisible();

  // The other browser's session ended with the reset.
  await other.goto('/dashboard/userHome');
  await expect(other).toHaveURL(/\/login$/);
  // The link works once (the browser logs the second use's 400).
  allowConsoleErrors(/status of 400/);
  await page.goto(linkTo(mail, '/reset-password'));
  await page.getByLabel(/New password/).fill('another fresh garden 77');
  await page.getByLabel('The same again').fill('another fresh garden 77');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText(/This link is no longer valid/)).toBeVisible();
  await elsewhere.close();
});

test('the profile page changes the display name, and the header greets with it', async ({ page, request }) => {
  const account = newAccount('renamed');
  await createAccount(request, account);
  await signIn(page, account);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  // Until the address is confirmed, the dashboard says so, with "send again".
  await expect(page.getByRole('region', { name: 'Confirm your e-mail address' })).toBeVisible();
  await expect(page.getByText('this device')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Your name').fill('Juniper Sprout');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name is saved.')).toBeVisible();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('banner').getByText('Juniper Sprout')).toBeVisible();
  await page.goto('/dashboard/userHome');
  await expect(page.getByRole('heading', { name: 'Hi, Juniper Sprout! Welcome back' })).toBeVisible();

  // The verification link of the sign-up mail confirms the address with one press.
  const verification = await mailTo(account.email, /Confirm your e-mail address/);
  await page.goto(linkTo(verification, '/verify-email'));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm my address' }).click();
  await expect(page.getByText('Thank you: your e-mail address is confirmed.')).toBeVisible();
  await page.goto('/dashboard/profile');
  await expect(page.getByText('(confirmed)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);
});

test('deleting the account keeps its order on the board without the personal data', async ({ page, browser, request }) => {
  const customer: Account = newAccount('leaving');
  await createAccount(request, customer);
  await signIn(page, customer);
  const [dish] = await menu(request);
  const order = await placeOrderViaApi(page, [dish!._id], { type: 'table', table: '9' });

  const staffAccount = newAccount('staff');
  const staffContext = await browser.newContext();
  await createAccount(staffContext.request, staffAccount);
  await makeStaff(staffAccount.email);
  const staffHeaders = { authorization: `Bearer ${await apiToken(staffContext.request, staffAccount)}` };
  for (const body of [{ status: 'accepted', readyInMinutes: 10 }, { status: 'preparing' }, { status: 'ready' }, { status: 'completed' }]) {
    const res = await staffContext.request.post(`/api/staff/orders/${order._id}/status`, { headers: staffHeaders, data: body });
    expect(res.status(), await res.text()).toBe(200);
  }

  await page.goto('/dashboard/profile');
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Enter your password')).toBeVisible();
  await dialog.getByLabel('Your password, to confirm').fill(customer.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  const staffPage = await staffContext.newPage();
  await signIn(staffPage, staffAccount);
  await staffPage.goto('/dashboard/orders');
  const row = staffPage.getByRole('row').filter({ hasText: `#${order.number}` });
  await expect(row).toContainText('Deleted customer');
  await expect(staffPage.getByText(customer.name)).toHaveCount(0);
  await staffContext.close();
});
