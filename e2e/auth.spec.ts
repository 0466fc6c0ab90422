import { createAccount, captchaAnswer, logIn, newAccount, promoteToAdmin, trackCaptcha } from './auth-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('accounts', () => {
  test('sign up, see the name in the header, log out', async ({ page }) => {
    const account = newAccount();
    await page.goto('/signUp');
    await expect(page).toHaveTitle('Raw Roots Sign Up');
    await page.getByLabel('Name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password (8 to 128 characters)').fill(account.password);
    await page.getByRole('button', { name: 'SignUp' }).click();
    await expect(page.getByText('new user created')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByText(account.name)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access-token'))).toMatch(/^ey/);

    await nav.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('SignOut successfully')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
  });

  test('sign-up shows why it failed: a short password, an e-mail already used', async ({ page, request, allowConsoleErrors }) => {
    allowConsoleErrors(/409/);
    const account = newAccount();
    await createAccount(request, account);
    await page.goto('/signUp');
    await page.getByLabel('Name').fill('Someone');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password (8 to 128 characters)').fill('short');
    await page.getByRole('button', { name: 'SignUp' }).click();
    await expect(page.getByText('At least 8 characters')).toBeVisible();
    // The server refuses a common password and says why, at the field.
    allowConsoleErrors(/400/);
    await page.getByLabel('Password (8 to 128 characters)').fill('password123');
    await page.getByRole('button', { name: 'SignUp' }).click();
    await expect(page.getByLabel('Password (8 to 128 characters)')).toHaveAccessibleDescription(/commonly used password/);
    await page.getByLabel('Password (8 to 128 characters)').fill('long enough password');
    await page.getByRole('button', { name: 'SignUp' }).click();
    await expect(page.getByRole('alert')).toHaveText(/already exists/);
    await expect(page).toHaveURL(/\/signUp$/);
    await page.getByRole('link', { name: 'Already Have An Account' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a page that needs a user sends a visitor to login, and login brings them back', async ({ page, request }) => {
    const account = newAccount();
    await createAccount(request, account);
    const currentCaptcha = trackCaptcha(page);
    await page.goto('/dashboard/userHome');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
    await logIn(page, account, currentCaptcha);
    await expect(page.getByText('login successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/userHome$/);
    await expect(page.getByRole('heading', { name: `Hi, ${account.name}! Welcome back` })).toBeVisible();
    await expectAccessible(page);
  });

  test('a wrong captcha brings a new picture and keeps Login disabled', async ({ page, request }) => {
    const account = newAccount();
    await createAccount(request, account);
    const currentCaptcha = trackCaptcha(page);
    await page.goto('/login');
    await expect(page.getByRole('img', { name: /Captcha/ })).toBeVisible();
    const first = await currentCaptcha();
    const field = page.getByLabel('Type the captcha above');
    await field.fill(captchaAnswer(first) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
    await field.blur();
    await expect(page.getByText('The characters did not match')).toBeVisible();
    await expect(field).toHaveValue('');
    await expect.poll(currentCaptcha).not.toBe(first);
    await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();

    // The reload link brings another picture too.
    const second = await currentCaptcha();
    await page.getByRole('button', { name: 'Reload captcha' }).click();
    await expect.poll(currentCaptcha).not.toBe(second);

    await logIn(page, account, currentCaptcha);
    await expect(page).toHaveURL(/\/$/);
  });

  test('a wrong password says so and asks for a new captcha', async ({ page, request, allowConsoleErrors }) => {
    allowConsoleErrors(/401/);
    const account = newAccount();
    await createAccount(request, account);
    const currentCaptcha = trackCaptcha(page);
    await page.goto('/login');
    await logIn(page, { ...account, password: 'not the password' }, currentCaptcha);
    await expect(page.getByRole('alert')).toHaveText(/Invalid email or password/i);
    await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, account, currentCaptcha);
    await expect(page.getByText('login successfully')).toBeVisible();
  });

  test('guards: a customer gets the customer dashboard, admin pages send them home', async ({ page, request }) => {
    const account = newAccount();
    await createAccount(request, account);
    const currentCaptcha = trackCaptcha(page);
    await page.goto('/login');
    await logIn(page, account, currentCaptcha);
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/userHome$/);
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'My cart' })).toHaveAttribute('href', '/dashboard/my/cart');
    await expect(menu.getByRole('link', { name: 'Payment' })).toHaveAttribute('href', '/dashboard/payment');
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
    await expect(menu.getByRole('link', { name: 'Manage Users' })).toHaveCount(0);

    for (const adminPage of ['/dashboard/all/users', '/dashboard/adminHome']) {
      await page.goto(adminPage);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test('the dashboard sends a visitor to login; an administrator comes back to the page asked for', async ({ page, request }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    const admin = newAccount('admin');
    await createAccount(request, admin);
    promoteToAdmin(admin.email);
    const currentCaptcha = trackCaptcha(page);
    await page.goto('/dashboard/all/users');
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, admin, currentCaptcha);
    await expect(page).toHaveURL(/\/dashboard\/all\/users$/);
    await expect(page.getByRole('heading', { name: 'Manage Users' })).toBeVisible();
  });

  test('login and sign-up pages work at 360 px and have no serious accessibility violation', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const route of ['/login', '/signUp']) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    }
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
    await page.getByRole('link', { name: 'Please Make An Account' }).click();
    await expect(page).toHaveURL(/\/signUp$/);
  });
});
