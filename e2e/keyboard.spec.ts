import type { Locator, Page } from '@playwright/test';
import { APP_ROUTES } from '../src/shared/paths.ts';
import { captchaAnswer, createAccount, newAccount, trackCaptcha } from './auth-helpers.ts';
import { addToCartViaApi, headerCartCount, menu, signInAsNew } from './cart-helpers.ts';
import { expect, test } from './fixtures.ts';
import { announced, expectTabToCycleInside, expectVisibleFocusOnEveryStop, recordAnnouncements, tabTo } from './keyboard-helpers.ts';
import { pauseClock } from './storefront-helpers.ts';
import { boardCard, chooseTable, openInApp, placeOrderViaApi, signInAsNewStaff } from './order-helpers.ts';

/**
 * Tabs enough to reach a new order's card: the New lane lists the oldest first, and the other
 * browser tests leave their own orders open on the same shop's board.
 */
const PAST_OTHER_ORDERS = { max: 400 };

/**
 * The shop without a mouse (WCAG 2.1.1 Keyboard): after the first page opens, these tests only
 * press keys (Tab, Shift+Tab, Enter, Space, the arrows) and type; they read the page as they go.
 */
// Key by key, each test is many more steps than a click-through: on a busy machine (two cores,
// several suites at once) a flow takes up to a minute and a half.
test.describe.configure({ timeout: 150_000 });

test.describe('with the keyboard only', () => {
  test('a customer logs in, takes a dish, pays and reads their order, from the home page to the order page', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const account = newAccount();
    await createAccount(request, account);
    const [dish] = (await menu(request)).filter((item) => item.category === 'offered' && !item.options && !item.soldOut);
    const currentCaptcha = trackCaptcha(page);
    await page.goto('/');

    // Log in.
    await tabTo(page, page.getByRole('link', { name: 'Log in' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(account.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.keyboard.type(account.password);
    await expect(page.getByRole('img', { name: /Captcha/ })).toBeVisible();
    await tabTo(page, page.getByLabel('Type the captcha above'));
    await page.keyboard.type(captchaAnswer(await currentCaptcha()));
    // Leaving the field checks the answer.
    await page.keyboard.press('Tab');
    await expect(page.getByText('Captcha matched.')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Login' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();

    // To the menu, and a dish onto the table.
    await tabTo(page, page.getByRole('link', { name: 'Order now' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/order\/offered$/);
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: dish!.name }) });
    await tabTo(page, card.getByRole('button', { name: 'Take on table' }));
    await page.keyboard.press('Enter');
    await expect(headerCartCount(page)).toHaveAttribute('data-count', '1');

    // Back up to the header's cart.
    await tabTo(page, page.getByRole('banner').getByRole('link', { name: /Cart/ }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/my\/cart$/);
    await expect(page.getByTestId('cart-line').filter({ hasText: dish!.name })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Pay', exact: true }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/payment$/);

    // How the meal comes: the arrows choose among the ways, then the table and a note.
    const eatHere = page.getByRole('radio', { name: /Eat here/ });
    await tabTo(page, page.getByRole('radio', { checked: true }));
    for (let i = 0; i < 3 && !(await eatHere.isChecked()); i++) await page.keyboard.press('ArrowRight');
    await expect(eatHere).toBeChecked();
    await expect(eatHere).toBeFocused();
    await tabTo(page, page.getByLabel('Table', { exact: true }));
    await page.keyboard.type('7');
    await tabTo(page, page.getByLabel('Note to the kitchen (optional)'));
    await page.keyboard.type('No onions, please');
    await tabTo(page, page.getByRole('button', { name: 'Continue to payment' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: '1. Eat here' })).toBeVisible();
    await expect(page.getByText('Table 7', { exact: true })).toBeVisible();

    // The sandbox's card form.
    await tabTo(page, page.getByLabel('Card number'));
    await page.keyboard.type('4242424242424242');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Expiry')).toBeFocused();
    await page.keyboard.type('1240');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('CVC')).toBeFocused();
    await page.keyboard.type('123');
    await tabTo(page, page.getByRole('button', { name: 'Pay', exact: true }));
    await page.keyboard.press('Enter');

    // The order page, read as it opens.
    await expect(page).toHaveURL(/\/dashboard\/my\/orders\/[^/]+$/);
    await expect(page.getByRole('heading', { name: /^Order #\d+$/ })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('Placed');
    await expect(page.getByText('Table 7', { exact: true })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: dish!.name })).toBeVisible();
  });

  test('a member of staff moves a delivery through every step of the board to delivered, and rejects another with a reason', async ({
    page,
    browser,
    request,
  }) => {
    const [first, second] = (await menu(request)).filter((item) => item.category === 'offered' && !item.options && !item.soldOut);
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await signInAsNew(customer, customerContext.request);
    const delivery = await placeOrderViaApi(customer, [first!._id], {
      type: 'delivery',
      address: { line1: '12 Orchard Lane', city: 'Springfield', postalCode: '62704' },
      phone: '+1 555 0100',
    });
    const pickup = await placeOrderViaApi(customer, [second!._id], { type: 'pickup' });
    await customerContext.close();

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAsNewStaff(page, request);
    await openInApp(page, '/dashboard/orders');
    const column = (status: string) => page.getByTestId(`column-${status}`);
    const card = boardCard(page, delivery.number);
    await expect(column('placed').getByRole('heading', { name: `#${delivery.number}`, exact: true })).toBeVisible();

    // Accept: the dialog opens on the minutes; a quick choice is a Space away.
    await tabTo(page, card.getByRole('button', { name: 'Accept' }), PAST_OTHER_ORDERS);
    await page.keyboard.press('Enter');
    const accept = page.getByRole('dialog', { name: `Accept #${delivery.number}` });
    await expect(accept).toBeVisible();
    await expect(accept.getByLabel('Minutes until ready')).toBeFocused();
    await tabTo(page, accept.getByRole('button', { name: '20 min', exact: true }), { backwards: true, max: 6 });
    await page.keyboard.press('Space');
    await expect(accept.getByLabel('Minutes until ready')).toHaveValue('20');
    await tabTo(page, accept.getByRole('button', { name: 'Accept, ready in 20 min' }), { max: 6 });
    await page.keyboard.press('Enter');
    await expect(accept).toBeHidden();
    await expect(column('accepted').getByRole('heading', { name: `#${delivery.number}`, exact: true })).toBeVisible();
    await expect(card).toContainText(/Ready by \d{1,2}:\d{2}/);

    // Each next move is a few Tabs from where the focus is left: on the order in its new column.
    for (const [label, status] of [
      ['Start preparing', 'preparing'],
      ['Mark ready', 'ready'],
      ['Out for delivery', 'out_for_delivery'],
    ] as const) {
      await tabTo(page, card.getByRole('button', { name: label }), { max: 8 });
      await page.keyboard.press('Enter');
      await expect(column(status).getByRole('heading', { name: `#${delivery.number}`, exact: true })).toBeVisible();
    }
    await tabTo(page, card.getByRole('button', { name: 'Delivered' }), { max: 8 });
    await page.keyboard.press('Enter');
    await expect(card).toHaveCount(0);
    const done = page.getByRole('region', { name: 'Orders done today' }).getByRole('row').filter({ hasText: `#${delivery.number}` });
    await expect(done).toContainText('Completed');

    // Reject the pickup: the reason is asked for, and the red button without one says so.
    const other = boardCard(page, pickup.number);
    await tabTo(page, other.getByRole('button', { name: 'Reject' }), { backwards: true });
    await page.keyboard.press('Enter');
    const reject = page.getByRole('dialog', { name: `Reject #${pickup.number}?` });
    const reason = reject.getByLabel('Reason (the customer reads it)');
    await expect(reason).toBeFocused();
    await tabTo(page, reject.getByRole('button', { name: 'Reject order' }), { max: 4 });
    await page.keyboard.press('Enter');
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toHaveAccessibleDescription('Enter a reason');
    await tabTo(page, reason, { backwards: true, max: 4 });
    await page.keyboard.type('The kitchen closes early today');
    await tabTo(page, reject.getByRole('button', { name: 'Reject order' }), { max: 4 });
    await page.keyboard.press('Enter');
    await expect(reject).toBeHidden();
    await expect(other).toHaveCount(0);
    const rejected = page.getByRole('region', { name: 'Orders done today' }).getByRole('row').filter({ hasText: `#${pickup.number}` });
    await expect(rejected).toContainText('Rejected');
    await expect(rejected).toContainText('The kitchen closes early today');
  });
});

/**
 * A field's error, as WCAG 3.3.1 and 4.1.3 ask: the field is marked invalid, its description is the
 * message, and the message is read out when it appears (an alert, or inside a live region).
 */
async function expectErrorAtField(field: Locator, message: string | RegExp): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  const announcedBy = await field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id))
      .filter((described) => described?.textContent?.trim())
      .some((described) => described!.closest('[role="alert"], [role="status"], [aria-live="polite"], [aria-live="assertive"]') !== null),
  );
  expect(announcedBy, 'the message is in an alert or a live region').toBe(true);
}

/** Whether the page scrolls sideways (WCAG 1.4.10: at 320 CSS px it must not). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** A control is on screen, within the 320 px, and not under anything once scrolled to. */
async function expectUsable(page: Page, control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeInViewport();
  const box = (await control.boundingBox())!;
  expect(box.x, 'starts inside the screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'ends inside the screen').toBeLessThanOrEqual(320 + 0.5);
  const onTop = await control.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && (element.contains(hit) || hit.contains(element));
  });
  expect(onTop, 'nothing covers it').toBe(true);
}

test.describe('WCAG 2.2 AA: keyboard, focus, errors, announcements, language, zoom', () => {
  test('the skip link comes first and takes the focus to the content, on a public page and in the dashboard', async ({ page, request }) => {
    await page.goto('/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    expect((await skip.boundingBox())!.width).toBeGreaterThan(40);
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    // The next Tab is the content's first link, not the header's.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);

    await signInAsNew(page, request);
    await openInApp(page, '/dashboard/my/orders');
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });

  test('every element of the home page shows where the focus is, and none is hidden under the header', async ({ page }) => {
    // Transitions off, so that a ring is read as it ends, not halfway.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    // Today's offer and the reviews load as the visitor nears them.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Show review 1 of 6' })).toBeAttached();
    const home = await expectVisibleFocusOnEveryStop(page);
    // Under reduced motion the sliders wait for Play.
    expect(home).toContain('button "Play the pictures"');
    expect(home).toContain('button "Play the reviews"');
  });

  test('every element of the menu page shows where the focus is, on a computer and on a phone', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/order/offered');
    await expect(page.getByRole('button', { name: 'Take on table' }).first()).toBeAttached();
    const menuStops = await expectVisibleFocusOnEveryStop(page);
    expect(menuStops).toContain('input ""');
    expect(menuStops.filter((name) => name === 'button "Take on table"').length).toBeGreaterThan(1);

    // On a phone the header folds into its menu button, and the cart's bar sits at the bottom.
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto('/order/offered');
    await expect(page.getByRole('button', { name: 'Take on table' }).first()).toBeAttached();
    await expectVisibleFocusOnEveryStop(page);
  });

  test('every element of the cart, the payment form and the item form shows where the focus is', async ({ page, request }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 800 });
    const [dish] = await menu(request);
    await signInAsNew(page, request, { admin: true });
    await addToCartViaApi(page, dish!._id);
    await openInApp(page, '/dashboard/my/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    const cart = await expectVisibleFocusOnEveryStop(page);
    expect(cart).toContain('a "Pay"');

    await openInApp(page, '/dashboard/payment');
    await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
    await expectVisibleFocusOnEveryStop(page);
    await chooseTable(page, '3');
    await expectVisibleFocusOnEveryStop(page);

    await openInApp(page, '/dashboard/add/item');
    await expect(page.getByRole('button', { name: 'Add Item' })).toBeVisible();
    const form = await expectVisibleFocusOnEveryStop(page);
    expect(form.length).toBeGreaterThan(10);
  });

  test('the review sliders pause from the keyboard and stay paused', async ({ page }) => {
    await page.clock.install({ time: new Date('2024-06-01T12:00:00Z') });
    await page.goto('/review');
    const texts = page.getByTestId('review-texts').locator('li');
    await expect(texts.nth(0)).toHaveAttribute('data-current', 'true');
    // From here the page's timers move only with runFor.
    await pauseClock(page);
    await tabTo(page, page.getByRole('button', { name: 'Pause the reviews' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Play the reviews' })).toBeFocused();
    // The focus leaves the slider: it stays paused all the same.
    await tabTo(page, page.getByRole('link', { name: /Play Store/ }));
    await page.clock.runFor(10_000);
    await expect(texts.nth(0)).toHaveAttribute('data-current', 'true');
    // Play starts it again.
    await tabTo(page, page.getByRole('button', { name: 'Play the reviews' }), { backwards: true });
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('link', { name: /Play Store/ }));
    await page.clock.runFor(3_100);
    await expect(texts.nth(1)).toHaveAttribute('data-current', 'true');
  });

  test('under reduced motion the sliders hold still and a change of slide is not animated', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install({ time: new Date('2024-06-01T12:00:00Z') });
    await page.goto('/');
    const pictures = page.getByRole('group', { name: 'Pictures of our food' }).locator('img');
    await expect(page.getByRole('button', { name: 'Play the pictures' })).toBeVisible();
    await page.clock.runFor(12_000);
    await expect(pictures.nth(0)).toHaveAttribute('data-current', 'true');
    // A picture chosen by hand appears without a fade.
    expect(parseFloat(await pictures.nth(0).evaluate((img) => getComputedStyle(img).transitionDuration))).toBeLessThan(0.01);

    await page.goto('/review');
    const texts = page.getByTestId('review-texts');
    await expect(page.getByRole('button', { name: 'Play the reviews' })).toBeVisible();
    await page.clock.runFor(9_000);
    await expect(texts.locator('li').nth(0)).toHaveAttribute('data-current', 'true');
    expect(parseFloat(await texts.evaluate((list) => getComputedStyle(list).transitionDuration))).toBeLessThan(0.01);
  });

  test('sign-up and log-in errors are tied to their fields and read out', async ({ page, request, allowConsoleErrors }) => {
    allowConsoleErrors(/401|Failed to load resource/);
    await page.goto('/signUp');
    await page.getByRole('button', { name: 'SignUp' }).click();
    await expectErrorAtField(page.getByLabel('Name'), 'Enter your name');
    await expectErrorAtField(page.getByLabel('Email'), /valid e-mail/);
    await expectErrorAtField(page.getByLabel('Password (8 to 128 characters)'), /At least 8 characters/);
    await page.getByLabel('Name').fill('Ada');
    await page.getByRole('button', { name: 'SignUp' }).click();
    await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid');

    const account = newAccount();
    await createAccount(request, account);
    const currentCaptcha = trackCaptcha(page);
    await page.goto('/login');
    // A wrong captcha: a new picture, and the field says so.
    await expect(page.getByRole('img', { name: /Captcha/ })).toBeVisible();
    const firstCaptcha = await currentCaptcha();
    await page.getByLabel('Type the captcha above').fill('WRONG1');
    await page.getByLabel('Type the captcha above').blur();
    await expectErrorAtField(page.getByLabel('Type the captcha above'), /did not match/);
    // The mismatch used that picture up; the next one is on its way.
    await expect.poll(currentCaptcha).not.toBe(firstCaptcha);
    // Empty fields, with a good captcha.
    await page.getByLabel('Type the captcha above').fill(captchaAnswer(await currentCaptcha()));
    await page.getByLabel('Type the captcha above').blur();
    await expect(page.getByText('Captcha matched.')).toBeVisible();
    await page.getByRole('button', { name: 'Login' }).click();
    await expectErrorAtField(page.getByLabel('Email'), /valid e-mail/);
    await expectErrorAtField(page.getByLabel('Password', { exact: true }), 'Enter your password');
    await expect(page.getByLabel('Email')).toBeFocused();
    // A wrong password: the refusal describes both fields.
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expectErrorAtField(page.getByLabel('Email'), /Invalid email or password/i);
    await expectErrorAtField(page.getByLabel('Password', { exact: true }), /Invalid email or password/i);
  });

  test('the item form and the fulfilment form tie their errors to their fields and read them out', async ({ page, request }) => {
    const [dish] = await menu(request);
    await signInAsNew(page, request, { admin: true });
    await openInApp(page, '/dashboard/add/item');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expectErrorAtField(page.getByLabel('Recipe Name'), 'Recipe name is required');
    await expectErrorAtField(page.getByLabel('Category'), 'Choose one of the ten categories');
    await expectErrorAtField(page.getByLabel('Price'), 'Price is required and must be a number');
    await expectErrorAtField(page.getByLabel('Recipe Details'), 'Recipe details are required');
    await expectErrorAtField(page.getByLabel('Item Image'), /An item image is required/);
    await expect(page.getByLabel('Recipe Name')).toBeFocused();

    await addToCartViaApi(page, dish!._id);
    await openInApp(page, '/dashboard/payment');
    await page.getByRole('radio', { name: /Delivery/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expectErrorAtField(page.getByLabel('Street and number'), 'Enter the street and number');
    await expectErrorAtField(page.getByLabel('City'), 'Enter the city');
    await expect(page.getByLabel('Street and number')).toBeFocused();
    await page.getByRole('radio', { name: /Eat here/ }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expectErrorAtField(page.getByLabel('Table', { exact: true }), /Enter your table/);
  });

  test('dialogs keep the focus inside and give it back to the button that opened them', async ({ page, browser, request }) => {
    const [first, second] = (await menu(request)).filter((item) => item.category === 'offered' && !item.options && !item.soldOut);
    // The cart's delete confirmation.
    await signInAsNew(page, request);
    await addToCartViaApi(page, first!._id);
    await addToCartViaApi(page, second!._id);
    await openInApp(page, '/dashboard/my/cart');
    const remove = page.getByRole('button', { name: `Delete ${first!.name}` });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    expect(await expectTabToCycleInside(page, confirm)).toEqual(['button "Cancel"', 'button "Yes, delete it!"']);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(remove).toBeFocused();
    // Deleting takes the button away with its row: the focus waits on the table.
    await page.keyboard.press('Enter');
    await tabTo(page, confirm.getByRole('button', { name: 'Yes, delete it!' }), { max: 2 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Cart items' })).toBeFocused();

    // The board's Accept dialog, and its reason dialog.
    const order = await placeOrderViaApi(page, [first!._id]);
    const staff = await browser.newContext();
    const board = await staff.newPage();
    await signInAsNewStaff(board, staff.request);
    await openInApp(board, '/dashboard/orders');
    const card = boardCard(board, order.number);
    const acceptButton = card.getByRole('button', { name: 'Accept' });
    await tabTo(board, acceptButton, PAST_OTHER_ORDERS);
    await board.keyboard.press('Enter');
    const accept = board.getByRole('dialog', { name: `Accept #${order.number}` });
    await expect(accept.getByLabel('Minutes until ready')).toBeFocused();
    const stops = await expectTabToCycleInside(board, accept);
    expect(stops).toContain('button "Back"');
    expect(stops).toContain('button "10 min"');
    await board.keyboard.press('Escape');
    await expect(accept).toBeHidden();
    await expect(acceptButton).toBeFocused();
    await tabTo(board, card.getByRole('button', { name: 'Reject' }));
    await board.keyboard.press('Enter');
    const reject = board.getByRole('dialog', { name: `Reject #${order.number}?` });
    await expectTabToCycleInside(board, reject);
    await tabTo(board, reject.getByRole('button', { name: 'Back' }));
    await board.keyboard.press('Enter');
    await expect(reject).toBeHidden();
    await expect(card.getByRole('button', { name: 'Reject' })).toBeFocused();
    await staff.close();
  });

  test('a new order on the board and a move on the customer’s order page are read out by their live regions', async ({ page: customer, browser, request }) => {
    const [dish] = (await menu(request)).filter((item) => item.category === 'offered' && !item.options && !item.soldOut);
    const staff = await browser.newContext();
    const board = await staff.newPage();
    await signInAsNewStaff(board, staff.request);
    await openInApp(board, '/dashboard/orders');
    await expect(board.getByTestId('live-indicator')).toHaveText('Live');
    await expect(board.getByTestId('board-announcement')).toHaveAttribute('aria-live', 'polite');
    await recordAnnouncements(board.getByTestId('board-announcement'));

    await signInAsNew(customer, request);
    const order = await placeOrderViaApi(customer, [dish!._id], { type: 'table', table: '21' });
    await expect.poll(() => announced(board.getByTestId('board-announcement'))).toContain(`New order #${order.number}: Table 21, 1 item`);

    await openInApp(customer, `/dashboard/my/orders/${order._id}`);
    await expect(customer.getByTestId('live-indicator')).toHaveText('Live');
    const status = customer.locator('[aria-live="polite"]').filter({ has: customer.getByTestId('order-status') });
    await expect(status).toHaveText('Status: Placed');
    await recordAnnouncements(status);

    // The kitchen accepts, from the board.
    const card = boardCard(board, order.number);
    await tabTo(board, card.getByRole('button', { name: 'Accept' }), PAST_OTHER_ORDERS);
    await board.keyboard.press('Enter');
    await board.keyboard.press('Enter');
    await expect(board.getByTestId('column-accepted').getByRole('heading', { name: `#${order.number}`, exact: true })).toBeVisible();
    await expect(board.getByTestId('board-move-announcement')).toHaveText(`#${order.number} moved to Accepted.`);
    await expect(card).toBeFocused();

    await expect.poll(() => announced(status)).toContainEqual(expect.stringMatching(/^Status: AcceptedReady by \d{1,2}:\d{2}/));
    await staff.close();
  });

  test('every page says its language, as the server sends it and once the app has drawn it', async ({ page, request, allowConsoleErrors }) => {
    allowConsoleErrors(/404|401|Failed to load resource/);
    const [dish] = await menu(request);
    await signInAsNew(page, request, { admin: true });
    const order = await placeOrderViaApi(page, [dish!._id]);
    const sample: Record<string, string> = { ':category?': 'offered', ':id': dish!._id };
    const pages = Object.values(APP_ROUTES).map((route) => {
      const path = route.pattern.replace(/:[a-z]+\??/i, (parameter) => sample[parameter] ?? 'x');
      return route.pattern.startsWith('/dashboard/orders/ticket') || route.pattern === '/dashboard/my/orders/:id' ? path.replace(dish!._id, order._id) : path;
    });
    for (const path of [...pages, '/no-such-page', '/api/docs']) {
      const response = await page.request.get(path);
      expect(await response.text(), `${path} as sent`).toMatch(/^(<!--.*-->\s*)?<!doctype html>\s*<html lang="en"/i);
      await page.goto(path);
      await expect(page.locator('html'), `${path} once drawn`).toHaveAttribute('lang', 'en');
      await expect(page.locator('body')).not.toBeEmpty();
    }
  });

  test('the fields that ask about the customer say what they hold, so that a browser can fill them in', async ({ page, request }) => {
    const [dish] = await menu(request);
    await page.goto('/signUp');
    await expect(page.getByLabel('Name')).toHaveAttribute('autocomplete', 'name');
    await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'email');
    await expect(page.getByLabel('Password (8 to 128 characters)')).toHaveAttribute('autocomplete', 'new-password');
    await signInAsNew(page, request);
    await expect(page).toHaveURL(/\/$/);
    await addToCartViaApi(page, dish!._id);
    await openInApp(page, '/dashboard/payment');
    await page.getByRole('radio', { name: /Delivery/ }).check();
    const expected: [string, string][] = [
      ['Street and number', 'address-line1'],
      ['Apartment, floor (optional)', 'address-line2'],
      ['City', 'address-level2'],
      ['ZIP code', 'postal-code'],
      ['Contact number', 'tel'],
    ];
    for (const [label, purpose] of expected) await expect(page.getByLabel(label)).toHaveAttribute('autocomplete', purpose);
    await page.getByRole('radio', { name: /Eat here/ }).check();
    await chooseTable(page, '9');
    await expect(page.getByLabel('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    await expect(page.getByLabel('Expiry')).toHaveAttribute('autocomplete', 'cc-exp');
    await expect(page.getByLabel('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
  });

  test('with the text spacing of WCAG 1.4.12 no text is cut off and nothing scrolls sideways', async ({ page }) => {
    const spacing = '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';
    // The sliders hold still, so that a review is read in its place and not halfway through a slide.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/', '/review', '/items', '/order/offered', '/login']) {
        await page.goto(path);
        await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
        await page.addStyleTag({ content: spacing });
        await page.evaluate(() => window.scrollTo(0, 0));
        expect(await sidewaysOverflow(page), `${path} at ${width} px`).toBeLessThanOrEqual(0);
        // Text inside a box that hides what overflows it must stay inside that box.
        const cut = await page.evaluate(() => {
          const texts = [...document.querySelectorAll<HTMLElement>('h1, h2, h3, p, li, a, button, label, blockquote, summary')].filter(
            (element) =>
              element.innerText.trim() !== '' &&
              element.checkVisibility() &&
              !element.closest('[aria-hidden="true"], [inert], .sr-only') &&
              element.getBoundingClientRect().width > 1,
          );
          return texts.flatMap((element) => {
            const rect = element.getBoundingClientRect();
            for (let box = element.parentElement; box; box = box.parentElement) {
              const style = getComputedStyle(box);
              if (!/hidden|clip/.test(style.overflowX + style.overflowY)) continue;
              const edge = box.getBoundingClientRect();
              if (rect.bottom > edge.bottom + 1 || rect.right > edge.right + 1 || rect.top < edge.top - 1 || rect.left < edge.left - 1) {
                return [`"${element.innerText.trim().slice(0, 40)}" in ${box.tagName.toLowerCase()}.${box.className.toString().split(' ').slice(0, 3).join('.')}`];
              }
            }
            return [];
          });
        });
        expect(cut, `${path} at ${width} px`).toEqual([]);
      }
    }
  });

  test('zoomed to 400 % (320 CSS px) no page scrolls sideways and its main controls are there', async ({ page, request }) => {
    // 1280 × 1024 at 400 %.
    await page.setViewportSize({ width: 320, height: 256 });
    const [dish] = (await menu(request)).filter((item) => item.category === 'offered' && !item.options && !item.soldOut);

    await page.goto('/');
    expect(await sidewaysOverflow(page), 'home').toBeLessThanOrEqual(0);
    await expectUsable(page, page.getByRole('button', { name: 'Open menu' }));
    await expectUsable(page, page.getByRole('link', { name: 'Order now' }));
    await expectUsable(page, page.getByRole('button', { name: 'Pause the pictures' }));

    await page.goto('/order/offered');
    expect(await sidewaysOverflow(page), 'menu').toBeLessThanOrEqual(0);
    await expectUsable(page, page.getByRole('tab', { name: "Today's offer" }));
    await expectUsable(page, page.getByRole('button', { name: 'Take on table' }).first());

    await page.goto(`/item/${dish!._id}`);
    expect(await sidewaysOverflow(page), 'dish').toBeLessThanOrEqual(0);
    await expectUsable(page, page.getByRole('heading', { name: dish!.name, level: 1 }));
    await expectUsable(page, page.getByRole('button', { name: 'Take on table' }));

    await signInAsNew(page, request);
    await page.setViewportSize({ width: 320, height: 256 });
    await addToCartViaApi(page, dish!._id);
    await openInApp(page, '/dashboard/my/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    expect(await sidewaysOverflow(page), 'cart').toBeLessThanOrEqual(0);
    await expectUsable(page, page.getByRole('link', { name: 'Pay', exact: true }));
    await expectUsable(page, page.getByRole('button', { name: `Delete ${dish!.name}` }));

    await openInApp(page, '/dashboard/payment');
    await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
    expect(await sidewaysOverflow(page), 'payment').toBeLessThanOrEqual(0);
    await expectUsable(page, page.getByRole('radio', { name: /Eat here/ }));
    await chooseTable(page, '5');
    expect(await sidewaysOverflow(page), 'card form').toBeLessThanOrEqual(0);
    await expectUsable(page, page.getByLabel('Card number'));
    await expectUsable(page, page.getByRole('button', { name: 'Pay', exact: true }));

    const order = await placeOrderViaApi(page, [dish!._id]);
    const staff = await page.context().browser()!.newContext({ viewport: { width: 320, height: 256 } });
    const board = await staff.newPage();
    await signInAsNewStaff(board, staff.request);
    await openInApp(board, '/dashboard/orders');
    const card = boardCard(board, order.number);
    await expect(card).toBeVisible();
    expect(await sidewaysOverflow(board), 'board').toBeLessThanOrEqual(0);
    await expectUsable(board, card.getByRole('button', { name: 'Accept' }));
    await expectUsable(board, board.getByRole('button', { name: 'Enable sound' }));
    await staff.close();
  });
});
